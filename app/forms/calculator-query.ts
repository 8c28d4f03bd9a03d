/**
 * The calculator's GET form: `/calculadora?sector=…&conversion=…&beneficio=…&presupuesto=…`.
 * One pure evaluation turns those parameters (or what the visitor is typing) into the page state: the
 * chosen sector, the text of each field, Spanish messages, the two maximum prices and the two budget
 * scenarios. The loader and the browser run the same function, so a shared link renders exactly what
 * its author saw.
 */
import { type MaxPrices, maxPrices, type Scenarios, simulateScenarios } from "~/domain/calculator";
import { type AmountRules, checkPositiveAmount, toInputText } from "~/domain/numbers";

export const PARAM = {
  sector: "sector",
  conversion: "conversion",
  profit: "beneficio",
  budget: "presupuesto",
  /** Sent only by the 'Ver mis resultados estimados' button, so an empty budget then gets its message. */
  view: "ver",
} as const;

export const VIEW_RESULTS = "resultados";

export const MAX_MONEY = 100_000_000;

export const MESSAGES = {
  sectorRequired: "Selecciona un sector",
  sectorUnknown: "Ese sector no está en la lista. Elige uno de la lista.",
} as const;

export const CONVERSION_RULES: AmountRules = {
  required: "La tasa de conversión es obligatoria",
  invalid: "La tasa de conversión debe ser un número",
  positive: "La tasa de conversión debe ser mayor a 0",
  max: { value: 100, message: "La tasa de conversión no puede superar el 100 %" },
};

export const PROFIT_RULES: AmountRules = {
  required: "El beneficio por cliente es obligatorio",
  invalid: "El beneficio por cliente debe ser un número",
  positive: "El beneficio por cliente debe ser mayor a 0",
  max: { value: MAX_MONEY, message: "El beneficio por cliente no puede superar 100.000.000 €" },
};

export const BUDGET_RULES: AmountRules = {
  required: "El presupuesto es obligatorio",
  invalid: "El presupuesto debe ser un número",
  positive: "El presupuesto debe ser mayor a 0",
  max: { value: MAX_MONEY, message: "El presupuesto no puede superar 100.000.000 €" },
};

/** What the calculator needs of a calculator sector record from content. */
export interface SectorRecord {
  name: string;
  aliases?: string[] | null;
  conversionRate?: number | null;
  averageProfit?: number | null;
}

/** What was asked for. `null` means the parameter (or field) is absent, '' that it was sent empty. */
export interface CalculatorRequest {
  sector: string;
  conversion: string | null;
  profit: string | null;
  budget: string | null;
  /** The visitor asked for the scenarios (so an empty budget is an error, not "not yet"). */
  viewResults: boolean;
}

export type FieldName = "sector" | "conversion" | "profit" | "budget";

export interface CalculatorState {
  /** The chosen record's name, or '' when none is chosen. */
  sector: string;
  /** The text to show in each field. */
  values: { conversion: string; profit: string; budget: string };
  errors: Partial<Record<FieldName, string>>;
  /** The parsed inputs, once both are valid. */
  inputs: { conversionRate: number; averageProfit: number } | null;
  /** The two maximum prices, once the visitor asked to calculate with valid inputs. */
  prices: MaxPrices | null;
  /** The parsed budget and its two scenarios, once asked for with a valid budget. */
  budget: number | null;
  scenarios: Scenarios | null;
}

/** Little words a slug or a hurried visitor leaves out ('clinicas-esteticas-dentales'). */
const CONNECTORS = new Set(["y", "e", "de", "del", "la", "las", "el", "los", "para", "a"]);

/**
 * Case, accents, spacing, punctuation and connectors do not matter when matching a sector name, so a
 * name, an alias or a sector page's slug all find their record.
 */
export function normalizeSectorName(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word && !CONNECTORS.has(word))
    .join(" ");
}

/**
 * The record whose name matches `value`, or else the first one with a matching alias: a sector page's
 * own calculator name always finds that page, even when another record lists it as an alias.
 */
export function findSector<T extends SectorRecord>(records: readonly T[], value: string | null | undefined): T | null {
  const wanted = normalizeSectorName(value ?? "");
  if (!wanted) return null;
  return (
    records.find((record) => normalizeSectorName(record.name) === wanted) ??
    records.find((record) => (record.aliases ?? []).some((name) => normalizeSectorName(name ?? "") === wanted)) ??
    null
  );
}

/** Caps what a query parameter may carry (a long value is never a number or a sector name). */
function paramValue(params: URLSearchParams, name: string): string | null {
  const value = params.get(name);
  return value === null ? null : value.slice(0, 100);
}

export function requestFromSearchParams(params: URLSearchParams): CalculatorRequest {
  return {
    sector: (paramValue(params, PARAM.sector) ?? "").trim(),
    conversion: paramValue(params, PARAM.conversion),
    profit: paramValue(params, PARAM.profit),
    budget: paramValue(params, PARAM.budget),
    viewResults: params.get(PARAM.view) === VIEW_RESULTS,
  };
}

/** The canonical, shareable query for a request ('?sector=Consultoría&conversion=35&…'). */
export function searchFromRequest(request: CalculatorRequest): string {
  const params = new URLSearchParams();
  if (request.sector) params.set(PARAM.sector, request.sector);
  if (request.conversion !== null) params.set(PARAM.conversion, request.conversion.trim());
  if (request.profit !== null) params.set(PARAM.profit, request.profit.trim());
  if (request.budget !== null) params.set(PARAM.budget, request.budget.trim());
  const search = params.toString();
  return search ? `?${search}` : "";
}

/**
 * Evaluates a request against the sector records.
 * - No sector: the start. An unknown sector: a message, nothing computed.
 * - A sector and neither conversion nor profit: the sector is chosen, its figures fill the fields.
 * - Conversion or profit present: calculate. With `prefillEmpty` (a submitted form or a shared link), an
 *   empty field takes the sector's figure; otherwise (the visitor is typing) it is an error.
 * - A budget present (or asked for): validate it and simulate both scenarios.
 */
export function evaluateCalculator(
  request: CalculatorRequest,
  records: readonly SectorRecord[],
  { prefillEmpty }: { prefillEmpty: boolean },
): CalculatorState {
  const record = findSector(records, request.sector);
  const errors: CalculatorState["errors"] = {};
  const state: CalculatorState = {
    sector: record?.name ?? "",
    values: {
      conversion: request.conversion ?? "",
      profit: request.profit ?? "",
      budget: request.budget ?? "",
    },
    errors,
    inputs: null,
    prices: null,
    budget: null,
    scenarios: null,
  };
  if (!record) {
    if (request.sector) errors.sector = MESSAGES.sectorUnknown;
    else if (request.conversion !== null || request.profit !== null) errors.sector = MESSAGES.sectorRequired;
    return state;
  }

  const sectorConversion = record.conversionRate != null ? toInputText(record.conversionRate) : "";
  const sectorProfit = record.averageProfit != null ? toInputText(record.averageProfit) : "";
  const calculate = request.conversion !== null || request.profit !== null;
  if (!calculate) {
    state.values.conversion = sectorConversion;
    state.values.profit = sectorProfit;
    return state;
  }
  if (prefillEmpty) {
    if (!request.conversion?.trim()) state.values.conversion = sectorConversion;
    if (!request.profit?.trim()) state.values.profit = sectorProfit;
  }

  const conversion = checkPositiveAmount(state.values.conversion, CONVERSION_RULES);
  const profit = checkPositiveAmount(state.values.profit, PROFIT_RULES);
  if (!conversion.ok) errors.conversion = conversion.error;
  if (!profit.ok) errors.profit = profit.error;
  if (!conversion.ok || !profit.ok) return state;

  const inputs = { conversionRate: conversion.value, averageProfit: profit.value };
  state.inputs = inputs;
  state.prices = maxPrices(inputs);

  const budgetAsked = request.budget !== null && (request.budget.trim() !== "" || request.viewResults);
  if (!budgetAsked) return state;
  const budget = checkPositiveAmount(request.budget, BUDGET_RULES);
  if (!budget.ok) {
    errors.budget = budget.error;
    return state;
  }
  state.budget = budget.value;
  state.scenarios = simulateScenarios(budget.value, inputs);
  return state;
}
