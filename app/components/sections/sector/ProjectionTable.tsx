/**
 * The results projection: one row per monthly investment with leads, clients, revenue and ROI. ROI
 * carries its sign ('+483 %') and is green when positive, red otherwise. A real table: caption, column
 * headers and each row headed by its investment.
 */
import { Section } from "~/components/ui/Section";
import { SectionHeading } from "~/components/ui/SectionHeading";
import { formatEuros, formatInteger, formatPercent } from "~/domain/format";
import type { ProjectionRow } from "~/domain/projection";
import type { Maybe } from "../content-shapes";
import type { SectorPageLabels } from "./shapes";

type Columns = NonNullable<SectorPageLabels["projectionColumns"]>;

const CELL = "whitespace-nowrap px-2 py-4 text-right tabular-nums sm:px-6";

export function roiTone(roi: number): "positive" | "negative" {
  return roi > 0 ? "positive" : "negative";
}

export function ProjectionTable({
  id,
  heading,
  intro,
  rows,
  columns,
}: {
  id: string;
  heading: Maybe<string>;
  intro?: Maybe<string>;
  rows: ReadonlyArray<ProjectionRow>;
  columns: Maybe<Columns>;
}) {
  return (
    <Section id={id} labelledBy={`${id}-title`} tone="muted">
      <SectionHeading id={`${id}-title`} title={heading} intro={intro} />
      <div className="mx-auto mt-12 max-w-5xl overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm shadow-slate-200/60">
        <table className="w-full border-collapse text-sm sm:text-base" data-projection>
          {heading ? <caption className="sr-only">{heading}</caption> : null}
          <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-ink-muted sm:text-sm">
            <tr>
              <th scope="col" className="px-2 py-3 text-left sm:px-6">
                {columns?.investment}
              </th>
              <th scope="col" className="px-2 py-3 text-right sm:px-6">
                {columns?.leads}
              </th>
              <th scope="col" className="px-2 py-3 text-right sm:px-6">
                {columns?.clients}
              </th>
              <th scope="col" className="px-2 py-3 text-right sm:px-6">
                {columns?.revenue}
              </th>
              <th scope="col" className="px-2 py-3 text-right sm:px-6">
                {columns?.roi}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {rows.map((row) => {
              const tone = roiTone(row.roi);
              return (
                <tr key={row.investment}>
                  <th scope="row" className="whitespace-nowrap px-2 py-4 text-left font-bold tabular-nums text-ink sm:px-6">
                    {formatEuros(row.investment, { decimals: "auto" })}
                  </th>
                  <td className={`${CELL} text-ink-soft`}>{formatInteger(row.leads)}</td>
                  <td className={`${CELL} text-ink-soft`}>{formatInteger(row.clients)}</td>
                  <td className={`${CELL} font-semibold text-ink`}>{formatEuros(row.revenue, { decimals: "auto" })}</td>
                  <td className={CELL}>
                    <span
                      data-roi={tone}
                      className={`inline-flex rounded-full px-2 py-0.5 font-bold sm:px-3 sm:py-1 ${
                        tone === "positive" ? "bg-emerald-50 text-emerald-700" : "bg-red-50 text-red-700"
                      }`}
                    >
                      {formatPercent(row.roi, { signed: true })}
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </Section>
  );
}
