/**
 * Single-open, collapsible accordion on @radix-ui/react-accordion. The panels are always rendered
 * (forceMount) and hidden by CSS while closed, so their text is part of the server-rendered HTML for
 * search engines and FAQPage structured data, while the widget keeps Radix's keyboard and ARIA wiring.
 * Without JavaScript every answer is shown open and the chevrons are hidden (app/no-js.css).
 */
import * as RadixAccordion from "@radix-ui/react-accordion";
import type { ReactNode } from "react";

import { Icon } from "./Icon";

export function Accordion({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <RadixAccordion.Root
      type="single"
      collapsible
      aria-label={label}
      className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm shadow-slate-200/60"
    >
      {children}
    </RadixAccordion.Root>
  );
}

export function AccordionItem({ value, title, children }: { value: string; title: ReactNode; children: ReactNode }) {
  return (
    <RadixAccordion.Item value={value} className="group/item">
      <RadixAccordion.Header asChild>
        <h3>
          <RadixAccordion.Trigger className="group flex min-h-[56px] w-full items-center justify-between gap-4 rounded-2xl px-5 py-4 text-left text-base font-semibold text-ink hover:text-brand-700 sm:px-6 sm:text-lg">
            <span>{title}</span>
            <span
              aria-hidden="true"
              data-hide-without-js=""
              className="grid h-8 w-8 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-700 transition-transform duration-200 group-data-[state=open]:rotate-180"
            >
              <Icon name="chevron-down" className="h-5 w-5" />
            </span>
          </RadixAccordion.Trigger>
        </h3>
      </RadixAccordion.Header>
      <RadixAccordion.Content
        forceMount
        data-open-without-js=""
        className="px-5 pb-5 text-base leading-relaxed text-ink-soft data-[state=closed]:hidden sm:px-6"
      >
        {children}
      </RadixAccordion.Content>
    </RadixAccordion.Item>
  );
}
