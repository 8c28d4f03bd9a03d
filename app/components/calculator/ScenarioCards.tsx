/** The two budget scenarios: leads, new clients, estimated income and real ROI at each maximum price. */
import type { Scenarios, Simulation } from "~/domain/calculator";
import { formatEuros, formatInteger, formatPercent } from "~/domain/format";

function ScenarioCard({ title, scenario, testId }: { title: string; scenario: Simulation; testId: string }) {
  const rows = [
    { label: "Leads estimados", value: formatInteger(scenario.leadsEstimados) },
    { label: "Nuevos clientes", value: formatInteger(scenario.clientesEstimados) },
    { label: "Ingresos estimados", value: formatEuros(scenario.beneficioEstimado, { decimals: "auto" }) },
    { label: "ROI real", value: formatPercent(scenario.roiEstimado, { decimals: 0 }) },
  ];
  return (
    <li className="rounded-2xl border border-slate-200 bg-slate-50 p-5 sm:p-6" data-testid={testId}>
      <h4 className="text-base font-semibold text-ink">{title}</h4>
      <p className="mt-0.5 text-sm text-ink-muted">{formatEuros(scenario.precioPorLead)} por lead</p>
      <dl className="mt-4 divide-y divide-slate-200 rounded-xl bg-white px-4 ring-1 ring-inset ring-slate-200">
        {rows.map((row) => (
          <div key={row.label} className="flex items-baseline justify-between gap-4 py-3">
            <dt className="text-ink-soft">{row.label}</dt>
            <dd className="text-xl font-bold tabular-nums text-ink">{row.value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

export function ScenarioCards({ scenarios }: { scenarios: Scenarios }) {
  return (
    <ul className="grid gap-4 lg:grid-cols-2">
      <ScenarioCard title="Escenario con ROI del 150 %" scenario={scenarios.roi150} testId="escenario-roi-150" />
      <ScenarioCard title="Escenario con ROI del 300 %" scenario={scenarios.roi300} testId="escenario-roi-300" />
    </ul>
  );
}
