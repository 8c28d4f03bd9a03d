/**
 * Single-open, collapsible accordion (the WAI-ARIA accordion pattern: each header holds a button with
 * `aria-expanded` and `aria-controls`; ↑/↓/Home/End move between the buttons), as markup only. Its
 * behaviour is the frame script's (app/components/frame/accordion.ts), one set of delegated listeners for
 * every accordion of every page, hydrated or not; React renders the same attributes each time, so it never
 * undoes what the script set. `<details name>` would need no script at all, but a `<summary>` is not a
 * button with `aria-expanded` for every screen reader yet.
 * The panels are always rendered and hidden by CSS while closed, so their text is part of the
 * server-rendered HTML for search engines and FAQPage structured data. Without JavaScript every answer
 * is shown open and the chevrons are hidden (app/no-js.css).
 */
import { type ReactNode, useId } from "react";

import { ACCORDION_ATTRIBUTE, ACCORDION_TRIGGER_ATTRIBUTE } from "./accordion-markup";
import { Icon } from "./Icon";

export function Accordion({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <div
      aria-label={label}
      role={label ? "group" : undefined}
      className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm shadow-slate-200/60"
      {...{ [ACCORDION_ATTRIBUTE]: "" }}
    >
      {children}
    </div>
  );
}

export function AccordionItem({ title, children }: { title: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <div data-state="closed" className="group/item">
      <h3>
        <button
          type="button"
          id={`${id}-trigger`}
          aria-expanded="false"
          aria-controls={`${id}-panel`}
          data-state="closed"
          className="group flex min-h-[56px] w-full items-center justify-between gap-4 rounded-2xl px-5 py-4 text-left text-base font-semibold text-ink hover:text-brand-700 sm:px-6 sm:text-lg"
          {...{ [ACCORDION_TRIGGER_ATTRIBUTE]: "" }}
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
        data-state="closed"
        data-open-without-js=""
        className="px-5 pb-5 text-base leading-relaxed text-ink-soft data-[state=closed]:hidden sm:px-6"
      >
        {children}
      </div>
    </div>
  );
}
