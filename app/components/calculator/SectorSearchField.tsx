/**
 * The calculator's sector field once there are too many sectors for a dropdown: a text field with a
 * list of suggestions (`<input list>` + `<datalist>`, the browser's own combobox: type to filter, arrow
 * keys and Enter to choose, announced by screen readers). The page's HTML carries a bounded list (the
 * chosen sector, or those matching what was typed); as the visitor types, the field asks
 * SECTOR_SEARCH_PATH for the matches (a bounded answer) and offers them. Without JavaScript the form
 * sends what was typed: a sector's name or other spelling chooses it, anything else comes back with the
 * matching sectors to pick from.
 */
import { type ChangeEvent, useEffect, useRef, useState } from "react";

import { FieldFrame } from "~/components/forms/controls";
import { controlClass, describedBy } from "~/components/forms/controls";
import { findSector, type SectorRecord } from "~/forms/calculator-query";
import { SECTOR_SEARCH_PATH } from "~/forms/calculator-sectors";

const SEARCH_DELAY_MS = 150;

export function SectorSearchField({
  id,
  name,
  chosen,
  typed,
  error,
  choices,
  onChoose,
  onFound,
  placeholder,
  className,
}: {
  id: string;
  name: string;
  /** The chosen sector's name ('' for none). */
  chosen: string;
  /** What the address asked for (shown when it matched no sector). */
  typed: string;
  error?: string | null;
  choices: SectorRecord[];
  onChoose: (name: string) => void;
  onFound: (records: SectorRecord[]) => void;
  /** The editors' hint inside the empty field (Calculadora › Campo «Sector»). */
  placeholder?: string;
  className?: string;
}) {
  const [text, setText] = useState(chosen || typed);
  const [options, setOptions] = useState(choices);
  const asked = useRef(text);

  useEffect(() => {
    if (asked.current === text) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      asked.current = text;
      fetch(`${SECTOR_SEARCH_PATH}?q=${encodeURIComponent(text)}`, { signal: controller.signal })
        .then((response) => (response.ok ? (response.json() as Promise<{ sectors: SectorRecord[] }>) : null))
        .then((answer) => {
          if (!answer) return;
          onFound(answer.sectors);
          setOptions(answer.sectors);
        })
        .catch(() => undefined);
    }, SEARCH_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [text, onFound]);

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const value = event.target.value;
    setText(value);
    const match = findSector(options, value);
    if (match) onChoose(match.name);
    else if (chosen) onChoose("");
  }

  const listId = `${id}-opciones`;
  return (
    <FieldFrame id={id} label="Sector" required error={error} reserveErrorLine className={className}>
      <input
        id={id}
        name={name}
        type="text"
        list={listId}
        value={text}
        onChange={onChange}
        onBlur={() => chosen && setText(chosen)}
        autoComplete="off"
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        aria-required
        className={controlClass(error)}
      />
      <datalist id={listId}>
        {options.map((option) => (
          <option key={option.name} value={option.name} />
        ))}
      </datalist>
    </FieldFrame>
  );
}
