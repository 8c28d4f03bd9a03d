/** The white cards the service-start form is made of: a fieldset whose legend is the card's title. */
import type { ReactNode } from "react";

export const cardClass = "min-w-0 rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8";
export const legendClass = "float-left mb-5 w-full text-xl font-bold tracking-tight text-ink";

export function Card({ legend, children }: { legend?: string | null; children: ReactNode }) {
  return (
    <fieldset className={cardClass}>
      <legend className={legendClass}>{legend}</legend>
      <div className="clear-both grid gap-5 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}
