/**
 * The calculator itself: a GET form (sector, conversion, profit, then budget) whose results the server
 * renders for any `/calculadora?…` address. With JavaScript the same form recalculates as the visitor
 * types; without it, each button submits the form and the page comes back with the results.
 */
import { type FormEvent, useEffect, useRef, useState } from "react";

import { NumberField, SelectInput } from "~/components/forms/controls";
import { formatEuros, formatInteger, formatPercent } from "~/domain/format";
import { PARAM, type SectorRecord, VIEW_RESULTS } from "~/forms/calculator-query";
import { useHydrated } from "~/lib/use-hydrated";

import { PriceCards } from "./PriceCards";
import { RestartLink } from "./restart";
import { ScenarioCards } from "./ScenarioCards";
import { SectorSearchField } from "./SectorSearchField";
import type { useCalculator } from "./use-calculator";

export const CALCULATOR_PATH = "/calculadora";
export const CALCULATOR_FORM_ID = "calculadora-form";
export const SECTOR_FIELD_ID = "calc-sector";

const ANNOUNCE_DELAY_MS = 700;

const ignore = () => undefined;

type CalculatorModel = ReturnType<typeof useCalculator>;

/** The sector's two figures the visitor may adjust, after the sector. */
const FIGURE_FIELDS = [
  { key: "conversion", id: "calc-conversion", label: "Tasa de conversión (%)", unit: "%" },
  { key: "profit", id: "calc-beneficio", label: "Beneficio por cliente (€)", unit: "€" },
] as const;

function scrollIntoViewGently(element: HTMLElement | null) {
  if (!element) return;
  const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  element.scrollIntoView({ block: "nearest", behavior: reduceMotion ? "auto" : "smooth" });
}

/** A one-sentence summary of the visible results for screen readers, announced once typing pauses. */
function useResultsAnnouncement(calculator: CalculatorModel, active: boolean): string {
  const { prices, scenarios, pricesStale, budgetError } = calculator;
  const [message, setMessage] = useState("");
  const summary = budgetError
    ? budgetError
    : !prices
      ? ""
      : pricesStale
        ? "Revisa los datos marcados para actualizar el resultado."
        : [
            `Precio máximo por lead: ${formatEuros(prices.maxCostFor150ROI)} con un ROI del 150 % y ${formatEuros(prices.maxCostFor300ROI)} con un ROI del 300 %.`,
            scenarios && !calculator.scenariosStale
              ? `Con tu presupuesto: ${formatInteger(scenarios.roi150.leadsEstimados)} y ${formatInteger(scenarios.roi300.leadsEstimados)} leads, ROI real del ${formatPercent(scenarios.roi150.roiEstimado, { decimals: 0 })} y del ${formatPercent(scenarios.roi300.roiEstimado, { decimals: 0 })}.`
              : "",
          ]
            .filter(Boolean)
            .join(" ");
  useEffect(() => {
    if (!active) return;
    const timer = window.setTimeout(() => setMessage(summary), ANNOUNCE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [active, summary]);
  return message;
}

/** Shown above results kept from the last valid figures while a field holds an invalid value. */
function StaleNote() {
  return (
    <p className="mb-3 flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 ring-1 ring-inset ring-amber-200">
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-4 w-4 shrink-0"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M12 8v5M12 16.5h.01M10.3 3.9 2.4 17.5A2 2 0 0 0 4.1 20.5h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
      </svg>
      Resultado con los últimos datos válidos: corrige el campo marcado para actualizarlo.
    </p>
  );
}

export function CalculatorForm({
  calculator,
  sectors,
  sectorSearch = false,
  sectorField,
  typedSector = "",
  onSectorsFound,
}: {
  calculator: CalculatorModel;
  sectors: SectorRecord[];
  /** The sector field's texts (the editors': Calculadora › Campo «Sector», or the block's own). */
  sectorField?: { selectPlaceholder?: string | null; searchPlaceholder?: string | null } | null;
  /** Too many sectors for a dropdown: a field that searches them (SectorSearchField). */
  sectorSearch?: boolean;
  /** What the address named as the sector (shown in the search field when it matched none). */
  typedSector?: string;
  onSectorsFound?: (records: SectorRecord[]) => void;
}) {
  const hydrated = useHydrated();
  const { draft, state } = calculator;
  const resultsRef = useRef<HTMLElement>(null);
  const scenariosRef = useRef<HTMLDivElement>(null);
  const budgetRef = useRef<HTMLInputElement>(null);
  // A new object per request, so asking for the same target twice scrolls twice.
  const [scrollTarget, setScrollTarget] = useState<{ to: "results" | "scenarios" } | null>(null);
  const announcement = useResultsAnnouncement(calculator, calculator.dirty);

  useEffect(() => {
    if (scrollTarget?.to === "results") scrollIntoViewGently(resultsRef.current);
    if (scrollTarget?.to === "scenarios") scrollIntoViewGently(scenariosRef.current);
  }, [scrollTarget]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const wantsScenarios = submitter?.name === PARAM.view || document.activeElement === budgetRef.current;
    if (wantsScenarios) {
      if (calculator.simulate()) setScrollTarget({ to: "scenarios" });
      else budgetRef.current?.focus();
      return;
    }
    if (calculator.calculate()) setScrollTarget({ to: "results" });
  }

  const { prices, scenarios } = calculator;
  // Nothing to start over from on an empty calculator.
  const isEmpty = !draft.sector && !draft.conversion.trim() && !draft.profit.trim();

  return (
    <form
      id={CALCULATOR_FORM_ID}
      method="get"
      action={CALCULATOR_PATH}
      noValidate
      onSubmit={onSubmit}
      aria-label="Calculadora de precio por lead"
      data-hydrated={hydrated ? "true" : undefined}
      className="rounded-3xl border border-slate-200 bg-white p-5 shadow-xl shadow-slate-200/70 sm:p-8"
    >
      <div className="grid gap-x-5 gap-y-2 sm:grid-cols-2">
        {sectorSearch ? (
          <SectorSearchField
            id={SECTOR_FIELD_ID}
            name={PARAM.sector}
            chosen={draft.sector}
            typed={typedSector}
            error={state.errors.sector}
            choices={sectors}
            onChoose={calculator.chooseSector}
            onFound={onSectorsFound ?? ignore}
            placeholder={sectorField?.searchPlaceholder ?? undefined}
            className="sm:col-span-2"
          />
        ) : (
          <SelectInput
            id={SECTOR_FIELD_ID}
            name={PARAM.sector}
            label="Sector"
            required
            value={draft.sector}
            error={state.errors.sector}
            onChange={(event) => calculator.chooseSector(event.target.value)}
            className="sm:col-span-2"
          >
            <option value="">{sectorField?.selectPlaceholder ?? ""}</option>
            {sectors.map((sector) => (
              <option key={sector.name} value={sector.name}>
                {sector.name}
              </option>
            ))}
          </SelectInput>
        )}
        {FIGURE_FIELDS.map((field) => (
          <NumberField
            key={field.key}
            id={field.id}
            name={PARAM[field.key]}
            label={field.label}
            required
            unit={field.unit}
            value={draft[field.key]}
            error={draft.calculated ? state.errors[field.key] : undefined}
            onChange={(event) => calculator.setField(field.key, event.target.value)}
          />
        ))}
      </div>

      <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-center">
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={hydrated && !calculator.canCalculate}>
          Calcular mi precio máximo por lead
        </button>
        {isEmpty ? null : <RestartLink className="btn-secondary w-full sm:w-auto">Empezar de nuevo</RestartLink>}
      </div>

      <p className="sr-only" role="status">
        {announcement}
      </p>

      {prices ? (
        <section
          ref={resultsRef}
          aria-labelledby="calc-resultados-titulo"
          className="mt-8 scroll-mt-24 border-t border-slate-200 pt-8"
          data-testid="calc-resultados"
        >
          <h2 id="calc-resultados-titulo" className="text-2xl font-bold tracking-tight text-ink">
            Tu precio máximo por lead
          </h2>
          <div className="mt-5">
            {calculator.pricesStale ? <StaleNote /> : null}
            <PriceCards prices={prices} />
          </div>

          <div className="mt-8 grid gap-x-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start">
            <NumberField
              ref={budgetRef}
              id="calc-presupuesto"
              name={PARAM.budget}
              label="Presupuesto mensual (€)"
              required
              unit="€"
              value={draft.budget}
              error={calculator.budgetError}
              onChange={(event) => calculator.setField("budget", event.target.value)}
            />
            <button
              type="submit"
              name={PARAM.view}
              value={VIEW_RESULTS}
              className="btn-primary w-full sm:mt-7 sm:w-auto"
              disabled={hydrated && !calculator.budgetValid}
            >
              Ver mis resultados estimados
            </button>
          </div>

          {scenarios ? (
            <div ref={scenariosRef} className="mt-8 scroll-mt-24" data-testid="calc-escenarios">
              <h3 className="mb-4 text-xl font-bold tracking-tight text-ink">Tus resultados estimados</h3>
              {calculator.scenariosStale && !calculator.pricesStale ? <StaleNote /> : null}
              <ScenarioCards scenarios={scenarios} />
            </div>
          ) : null}
        </section>
      ) : null}
    </form>
  );
}
