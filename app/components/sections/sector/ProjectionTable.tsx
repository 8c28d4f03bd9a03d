/**
 * The results projection: for each monthly investment, leads, clients, revenue and ROI. ROI carries its
 * sign ('+483 %') and is green when positive, red otherwise. A real table with a caption and scoped
 * headers: one row per investment from the `md` breakpoint up; on phones and small tablets the same
 * table transposed (one column per investment), in 16 px text with 14 px headings: when it is wider than
 * the screen it scrolls inside its own keyboard-focusable region, the row headings staying in view.
 */
import type { ReactNode } from "react";

import { Section } from "~/components/ui/Section";
import { SectionHeading } from "~/components/ui/SectionHeading";
import { formatEuros, formatInteger, formatPercent } from "~/domain/format";
import type { ProjectionRow } from "~/domain/projection";

import type { Maybe } from "../content-shapes";
import type { SectorPageLabels } from "./shapes";

type Field = "leads" | "clients" | "revenue" | "roi";

export function roiTone(roi: number): "positive" | "negative" {
  return roi > 0 ? "positive" : "negative";
}

function Roi({ value }: { value: number }) {
  const tone = roiTone(value);
  return (
    <span
      data-roi={tone}
      className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 font-bold sm:px-3 sm:py-1 ${
        tone === "positive" ? "bg-emerald-50 text-emerald-700" : "bg-red-50 text-red-700"
      }`}
    >
      {formatPercent(value, { signed: true })}
    </span>
  );
}

function money(value: number): string {
  return formatEuros(value, { decimals: "auto" });
}

const FIELDS: ReadonlyArray<{ key: Field; render: (row: ProjectionRow) => ReactNode; strong?: boolean }> = [
  { key: "leads", render: (row) => formatInteger(row.leads) },
  { key: "clients", render: (row) => formatInteger(row.clients) },
  { key: "revenue", render: (row) => money(row.revenue), strong: true },
  { key: "roi", render: (row) => <Roi value={row.roi} /> },
];

/** The heading of one investment level: a row in the wide table, a column in the transposed one. */
function InvestmentHeading({
  scope,
  level,
  row,
  className,
}: {
  scope: "row" | "col";
  level: number;
  row: ProjectionRow;
  className: string;
}) {
  return (
    <th scope={scope} data-level={level} data-field="investment" className={className}>
      {money(row.investment)}
    </th>
  );
}

const HEAD = "px-3 py-3 text-sm font-semibold uppercase tracking-wide text-ink-muted sm:px-6";
/** The transposed table's row headings: kept in view while its figures scroll sideways. */
const STICKY_HEAD = "sticky left-0 z-10 py-3 pl-3 pr-2 text-left text-sm font-semibold text-ink-muted sm:px-6";
const VALUE = "whitespace-nowrap px-3 py-4 text-right tabular-nums sm:px-6";

export function ProjectionTable({
  id,
  heading,
  intro,
  rows,
  labels,
}: {
  id: string;
  heading: Maybe<string>;
  intro?: Maybe<string>;
  rows: ReadonlyArray<ProjectionRow>;
  labels: Maybe<SectorPageLabels>;
}) {
  const columns = labels?.projectionColumns;
  const caption = heading ? <caption className="sr-only">{heading}</caption> : null;
  return (
    // One landmark named by the heading: the scrolling region below (a named <section> around it would be a
    // second landmark with the same name, axe's landmark-unique).
    <Section id={id} tone="muted">
      <SectionHeading id={`${id}-title`} title={heading} intro={intro} />
      <div
        role="region"
        aria-labelledby={`${id}-title`}
        // A region that scrolls sideways must take keyboard focus to be scrolled without a mouse (axe:
        // scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        className="-mx-4 mt-12 overflow-x-auto border-y border-slate-200 bg-white shadow-sm shadow-slate-200/60 min-[400px]:mx-auto min-[400px]:max-w-5xl min-[400px]:rounded-2xl min-[400px]:border-x"
      >
        {/* One row per investment (md and up). */}
        <table data-projection="rows" className="hidden w-full border-collapse text-base md:table">
          {caption}
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className={`${HEAD} text-left`}>
                {columns?.investment}
              </th>
              {FIELDS.map((field) => (
                <th key={field.key} scope="col" className={`${HEAD} text-right`}>
                  {columns?.[field.key]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {rows.map((row, level) => (
              <tr key={level}>
                <InvestmentHeading
                  scope="row"
                  level={level}
                  row={row}
                  className="whitespace-nowrap px-6 py-4 text-left font-bold tabular-nums text-ink"
                />
                {FIELDS.map((field) => (
                  <td
                    key={field.key}
                    data-level={level}
                    data-field={field.key}
                    className={`${VALUE} ${field.strong ? "font-semibold text-ink" : "text-ink-soft"}`}
                  >
                    {field.render(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {/* Phones and small tablets: one column per investment. */}
        <table data-projection="columns" className="w-full border-collapse text-base md:hidden">
          {caption}
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className={`${STICKY_HEAD} bg-slate-50`}>
                {columns?.investment}
              </th>
              {rows.map((row, level) => (
                <InvestmentHeading
                  key={level}
                  scope="col"
                  level={level}
                  row={row}
                  className="whitespace-nowrap px-3 py-3 text-right font-bold tabular-nums text-ink last:pr-4 sm:px-6 sm:last:pr-6"
                />
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {FIELDS.map((field) => (
              <tr key={field.key}>
                <th scope="row" className={`${STICKY_HEAD} bg-white`}>
                  {columns?.[field.key]}
                </th>
                {rows.map((row, level) => (
                  <td
                    key={level}
                    data-level={level}
                    data-field={field.key}
                    className={`whitespace-nowrap px-3 py-3 text-right tabular-nums last:pr-4 sm:px-6 sm:last:pr-6 ${field.strong ? "font-semibold text-ink" : "text-ink-soft"}`}
                  >
                    {field.render(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}
