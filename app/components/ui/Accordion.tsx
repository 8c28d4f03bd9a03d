/**
 * Single-open, collapsible accordion (the WAI-ARIA accordion pattern: each header holds a button with
 * `aria-expanded` and `aria-controls`; ↑/↓/Home/End move between the buttons). Written on React state
 * alone: Radix's accordion cost every page with a FAQ about 4 KB of compressed JavaScript for these few
 * lines (docs/lab/javascript-budget-log.md). `<details name>` would need no script at all, but a
 * `<summary>` is not a button with `aria-expanded` for every screen reader yet.
 * The panels are always rendered and hidden by CSS while closed, so their text is part of the
 * server-rendered HTML for search engines and FAQPage structured data. Without JavaScript every answer
 * is shown open and the chevrons are hidden (app/no-js.css).
 */
import {
  createContext,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useContext,
  useId,
  useMemo,
  useState,
} from "react";

import { Icon } from "./Icon";

const OpenItem = createContext<{ open: string | null; toggle: (value: string) => void }>({
  open: null,
  toggle: () => {},
});

/** ↑/↓ (wrapping), Home and End move focus between the accordion's buttons. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const keys = ["ArrowDown", "ArrowUp", "Home", "End"];
  if (!keys.includes(event.key) || !(event.target instanceof HTMLElement)) return;
  const triggers = [...event.currentTarget.querySelectorAll<HTMLElement>("[data-accordion-trigger]")];
  const index = triggers.indexOf(event.target);
  if (index < 0) return;
  event.preventDefault();
  const last = triggers.length - 1;
  const next =
    event.key === "Home"
      ? 0
      : event.key === "End"
        ? last
        : event.key === "ArrowDown"
          ? (index + 1) % triggers.length
          : (index + last) % triggers.length;
  triggers[next]?.focus();
}

export function Accordion({ children, label }: { children: ReactNode; label?: string }) {
  const [open, setOpen] = useState<string | null>(null);
  const toggle = useCallback((value: string) => setOpen((current) => (current === value ? null : value)), []);
  const state = useMemo(() => ({ open, toggle }), [open, toggle]);
  return (
    // Arrow keys pressed on a button inside move focus; the group itself takes no input.
    <div
      aria-label={label}
      role={label ? "group" : undefined}
      onKeyDown={moveFocus}
      className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm shadow-slate-200/60"
    >
      <OpenItem.Provider value={state}>{children}</OpenItem.Provider>
    </div>
  );
}

export function AccordionItem({ value, title, children }: { value: string; title: ReactNode; children: ReactNode }) {
  const { open, toggle } = useContext(OpenItem);
  const id = useId();
  const state = open === value ? "open" : "closed";
  return (
    <div data-state={state} className="group/item">
      <h3>
        <button
          type="button"
          id={`${id}-trigger`}
          aria-expanded={state === "open"}
          aria-controls={`${id}-panel`}
          data-state={state}
          data-accordion-trigger=""
          onClick={() => toggle(value)}
          className="group flex min-h-[56px] w-full items-center justify-between gap-4 rounded-2xl px-5 py-4 text-left text-base font-semibold text-ink hover:text-brand-700 sm:px-6 sm:text-lg"
        >
          <span>{title}</span>
          <span
            aria-hidden="true"
            data-hide-without-js=""
            className="grid h-8 w-8 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-700 transition-transform duration-200 group-data-[state=open]:rotate-180"
          >
            <Icon name="chevron-down" className="h-5 w-5" />
          </span>
        </button>
      </h3>
      <div
        id={`${id}-panel`}
        role="region"
        aria-labelledby={`${id}-trigger`}
        data-state={state}
        data-open-without-js=""
        className="px-5 pb-5 text-base leading-relaxed text-ink-soft data-[state=closed]:hidden sm:px-6"
      >
        {children}
      </div>
    </div>
  );
}
