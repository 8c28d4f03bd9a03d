/**
 * The lead-price calculator's rules (docs/product-rules.md, Calculator): the most a company can pay per lead and still earn a
 * 150 % or 300 % return, and what a monthly budget buys at each of those prices. Pure and total: any
 * input gives finite numbers.
 */

/** Max price per lead = averageProfit × conversion/100 ÷ divisor. */
export const ROI_150_DIVISOR = 2.5;
export const ROI_300_DIVISOR = 4;

/** Used by the simulation when conversion or profit is missing. */
export const DEFAULT_CONVERSION_RATE = 40;
export const DEFAULT_PROFIT_PER_CLIENT = 500;

/** Absorbs binary floating-point noise before rounding down (1000 ÷ 200 must stay 5, not 4.999…). */
const FLOOR_TOLERANCE = 1e-9;

export interface CalculatorInputs {
  /** Percentage of leads that become clients, 0–100. */
  conversionRate: number;
  /** Profit per new client, in euros. */
  averageProfit: number;
}

export interface MaxPrices {
  maxCostFor150ROI: number;
  maxCostFor300ROI: number;
}

/** One budget scenario at one price per lead (the spec's `simulacion`). */
export interface Simulation {
  presupuesto: number;
  precioPorLead: number;
  leadsEstimados: number;
  clientesEstimados: number;
  beneficioEstimado: number;
  /** Income ÷ budget × 100. */
  roiEstimado: number;
}

export interface Scenarios {
  roi150: Simulation;
  roi300: Simulation;
}

function finiteOr(value: number | null | undefined, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}

function floorCount(value: number): number {
  if (!Number.isFinite(value) || value <= 0) return 0;
  return Math.floor(value + FLOOR_TOLERANCE);
}

/** The most one lead may cost for the return that `divisor` stands for (2.5 → 150 %, 4 → 300 %). */
export function maxPricePerLead({ conversionRate, averageProfit }: CalculatorInputs, divisor: number): number {
  const price = (averageProfit * conversionRate) / 100 / divisor;
  return Number.isFinite(price) && price > 0 ? price : 0;
}

export function maxPrices(inputs: CalculatorInputs): MaxPrices {
  return {
    maxCostFor150ROI: maxPricePerLead(inputs, ROI_150_DIVISOR),
    maxCostFor300ROI: maxPricePerLead(inputs, ROI_300_DIVISOR),
  };
}

/**
 * What `budget` buys at `pricePerLead`: leads = floor(budget ÷ price), clients = floor(leads × conversion
 * ÷ 100), income = clients × profit, ROI = income ÷ budget × 100. Missing conversion or profit take the
 * spec's defaults (40 %, 500 €).
 */
export function simulate({
  budget,
  pricePerLead,
  conversionRate,
  averageProfit,
}: {
  budget: number;
  pricePerLead: number;
  conversionRate?: number | null;
  averageProfit?: number | null;
}): Simulation {
  const conversion = finiteOr(conversionRate, DEFAULT_CONVERSION_RATE);
  const profit = finiteOr(averageProfit, DEFAULT_PROFIT_PER_CLIENT);
  const presupuesto = Number.isFinite(budget) && budget > 0 ? budget : 0;
  const price = Number.isFinite(pricePerLead) && pricePerLead > 0 ? pricePerLead : 0;
  const leadsEstimados = price > 0 ? floorCount(presupuesto / price) : 0;
  const clientesEstimados = floorCount((leadsEstimados * conversion) / 100);
  const beneficioEstimado = clientesEstimados * profit;
  const roiEstimado = presupuesto > 0 ? (beneficioEstimado / presupuesto) * 100 : 0;
  return { presupuesto, precioPorLead: price, leadsEstimados, clientesEstimados, beneficioEstimado, roiEstimado };
}

/** The two scenarios the page shows: the budget spent at the 150 % price and at the 300 % price. */
export function simulateScenarios(budget: number, inputs: CalculatorInputs): Scenarios {
  const prices = maxPrices(inputs);
  return {
    roi150: simulate({ budget, pricePerLead: prices.maxCostFor150ROI, ...inputs }),
    roi300: simulate({ budget, pricePerLead: prices.maxCostFor300ROI, ...inputs }),
  };
}
