/**
 * The calculator's state in the browser. It starts from what the loader computed for the URL, then
 * re-evaluates with the same pure function on every keystroke and keeps the address bar in step
 * (history.replaceState: no reload, no new history entry), so the URL is always shareable.
 */
import { useCallback, useEffect, useMemo, useState } from "react";

import type { MaxPrices, Scenarios } from "~/domain/calculator";
import { checkPositiveAmount, toInputText } from "~/domain/numbers";
import {
  BUDGET_RULES,
  type CalculatorRequest,
  type CalculatorState,
  evaluateCalculator,
  findSector,
  searchFromRequest,
  type SectorRecord,
} from "~/forms/calculator-query";

/** What the visitor has typed and asked for so far. */
export interface Draft {
  sector: string;
  conversion: string;
  profit: string;
  budget: string;
  /** 'Calcular mi precio máximo por lead' was pressed (and the sector not changed since). */
  calculated: boolean;
  /** 'Ver mis resultados estimados' was pressed. */
  simulated: boolean;
  /** The budget was edited, so its message may show before the button is pressed. */
  budgetTouched: boolean;
}

const URL_SYNC_DELAY_MS = 250;

export function draftFromServer(request: CalculatorRequest, state: CalculatorState): Draft {
  const calculated = state.sector !== "" && (request.conversion !== null || request.profit !== null);
  return {
    sector: state.sector,
    conversion: state.values.conversion,
    profit: state.values.profit,
    budget: state.values.budget,
    calculated,
    simulated: calculated && (state.scenarios !== null || state.errors.budget !== undefined),
    budgetTouched: false,
  };
}

export function requestFromDraft(draft: Draft): CalculatorRequest {
  const budgetAsked = draft.calculated && (draft.simulated || draft.budgetTouched);
  return {
    sector: draft.sector,
    conversion: draft.calculated ? draft.conversion : null,
    profit: draft.calculated ? draft.profit : null,
    budget: budgetAsked ? draft.budget : null,
    viewResults: budgetAsked,
  };
}

/** The query the address bar shows for a draft: scenarios only once asked for. */
export function shareableSearch(draft: Draft): string {
  return searchFromRequest({
    ...requestFromDraft(draft),
    budget: draft.calculated && draft.simulated ? draft.budget : null,
    viewResults: false,
  });
}

export function useCalculator({
  sectors,
  request,
  state: serverState,
}: {
  sectors: SectorRecord[];
  request: CalculatorRequest;
  state: CalculatorState;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftFromServer(request, serverState));
  // Until the visitor changes something, show exactly what the server rendered (no hydration mismatch).
  const [dirty, setDirty] = useState(false);

  const state = useMemo(
    () => (dirty ? evaluateCalculator(requestFromDraft(draft), sectors, { prefillEmpty: false }) : serverState),
    [dirty, draft, sectors, serverState],
  );

  // While a field is being retyped (briefly empty or invalid) the last results stay, marked as stale,
  // instead of vanishing and reappearing under the visitor's eyes.
  const [lastResults, setLastResults] = useState<{ prices: MaxPrices | null; scenarios: Scenarios | null }>({
    prices: serverState.prices,
    scenarios: serverState.scenarios,
  });
  const keptPrices = state.prices ?? (draft.calculated ? lastResults.prices : null);
  const keptScenarios = state.scenarios ?? (draft.calculated ? lastResults.scenarios : null);
  if (keptPrices !== lastResults.prices || keptScenarios !== lastResults.scenarios) {
    setLastResults({ prices: keptPrices, scenarios: keptScenarios });
  }

  useEffect(() => {
    if (!dirty) return;
    const timer = window.setTimeout(() => {
      const search = shareableSearch(draft);
      if (search === window.location.search) return;
      window.history.replaceState(window.history.state, "", `${window.location.pathname}${search}`);
    }, URL_SYNC_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [dirty, draft]);

  const update = useCallback((change: (current: Draft) => Draft) => {
    setDirty(true);
    setDraft(change);
  }, []);

  const chooseSector = useCallback(
    (name: string) => {
      const record = findSector(sectors, name);
      update((current) => ({
        ...current,
        sector: record?.name ?? "",
        conversion: record?.conversionRate != null ? toInputText(record.conversionRate) : "",
        profit: record?.averageProfit != null ? toInputText(record.averageProfit) : "",
        calculated: false,
        simulated: false,
        budgetTouched: false,
      }));
    },
    [sectors, update],
  );

  const setField = useCallback(
    (field: "conversion" | "profit" | "budget", value: string) =>
      update((current) => ({ ...current, [field]: value, ...(field === "budget" ? { budgetTouched: true } : {}) })),
    [update],
  );

  const canCalculate = draft.sector !== "" && draft.conversion.trim() !== "" && draft.profit.trim() !== "";
  const budgetValid = checkPositiveAmount(draft.budget, BUDGET_RULES).ok;

  const calculate = useCallback(() => {
    if (!canCalculate) return false;
    update((current) => ({ ...current, calculated: true }));
    return true;
  }, [canCalculate, update]);

  const simulate = useCallback(() => {
    update((current) => ({ ...current, budgetTouched: true, simulated: current.simulated || budgetValid }));
    return budgetValid;
  }, [budgetValid, update]);

  const showBudgetError = dirty ? draft.budgetTouched || draft.simulated : Boolean(serverState.errors.budget);

  return {
    draft,
    state,
    /** The visitor has changed something since the page loaded. */
    dirty,
    canCalculate,
    budgetValid,
    chooseSector,
    setField,
    calculate,
    simulate,
    /** The price cards to show (the last valid ones while a field is invalid), or null before calculating. */
    prices: draft.calculated ? keptPrices : null,
    pricesStale: state.prices === null,
    scenarios: draft.calculated && draft.simulated ? keptScenarios : null,
    scenariosStale: state.scenarios === null,
    budgetError: showBudgetError ? state.errors.budget : undefined,
  };
}
