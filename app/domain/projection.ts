/**
 * The results projection of a sector page (docs/product-rules.md, Sector pages): for three monthly investments, how many leads,
 * clients and how much revenue and ROI the sector's averages give. Pure and total: any input, even
 * missing, zero or negative figures, gives finite whole numbers.
 */

export interface SectorStats {
  /** Percentage of leads that become clients, 0–100. */
  conversionRate: number;
  /** Average profit per client, in euros. */
  averageProfit: number;
  /** Price of one lead, in euros; always above 0. */
  costPerLead: number;
}

/** What the content may hold: any figure can be missing. */
export type PartialSectorStats = { [K in keyof SectorStats]?: number | null } | null | undefined;

/** One row of the projection table (the spec's "projection row"). */
export interface ProjectionRow {
  investment: number;
  leads: number;
  clients: number;
  revenue: number;
  /** Whole percent, rounded down; negative when the revenue does not cover the investment. */
  roi: number;
}

export interface SectorProjection {
  /** The figures the rows were computed with, fallbacks applied. */
  stats: SectorStats;
  rows: ProjectionRow[];
}

/** Spec §3: a sector page without its own figures uses these. */
export const DEFAULT_SECTOR_STATS: Readonly<SectorStats> = Object.freeze({
  conversionRate: 25,
  averageProfit: 1000,
  costPerLead: 80,
});

/** Spec §9: base investment = max(1000, costPerLead × 15); the levels are base × 1, × 2.5 and × 5. */
export const MIN_BASE_INVESTMENT = 1000;
export const BASE_INVESTMENT_LEADS = 15;
export const INVESTMENT_MULTIPLIERS: readonly number[] = Object.freeze([1, 2.5, 5]);

/** Absorbs binary floating-point noise before rounding down (20 leads × 35 % must stay 7, not 6.99…). */
const FLOOR_TOLERANCE = 1e-9;

function floor(value: number): number {
  return Math.floor(value + FLOOR_TOLERANCE) + 0;
}

function usable(value: number | null | undefined, isValid: (value: number) => boolean): value is number {
  return typeof value === "number" && Number.isFinite(value) && isValid(value);
}

function pick(value: number | null | undefined, isValid: (value: number) => boolean, fallback: number): number {
  return usable(value, isValid) ? value : fallback;
}

/**
 * The page's figures with each missing or unusable one replaced by the fallback: a conversion rate
 * outside 0–100, a negative profit, or a cost per lead of zero or less (it would buy infinite leads).
 */
export function resolveSectorStats(
  stats: PartialSectorStats,
  fallback: Readonly<SectorStats> = DEFAULT_SECTOR_STATS,
): SectorStats {
  return {
    conversionRate: pick(stats?.conversionRate, (v) => v >= 0 && v <= 100, fallback.conversionRate),
    averageProfit: pick(stats?.averageProfit, (v) => v >= 0, fallback.averageProfit),
    costPerLead: pick(stats?.costPerLead, (v) => v > 0, fallback.costPerLead),
  };
}

/**
 * The monthly investments to project: the page's fixed list when it has usable (positive) amounts,
 * otherwise base, base × 2.5 and base × 5 with base = max(1000, costPerLead × 15).
 */
export function investmentLevels(
  costPerLead: number,
  fixedInvestments?: ReadonlyArray<number | null> | null,
): number[] {
  const fixed = (fixedInvestments ?? []).filter((amount): amount is number => usable(amount, (v) => v > 0));
  if (fixed.length > 0) return fixed;
  const cost = usable(costPerLead, (v) => v > 0) ? costPerLead : DEFAULT_SECTOR_STATS.costPerLead;
  const base = Math.max(MIN_BASE_INVESTMENT, cost * BASE_INVESTMENT_LEADS);
  return INVESTMENT_MULTIPLIERS.map((multiplier) => base * multiplier);
}

/**
 * One row: leads = ⌊investment / costPerLead⌋; clients = ⌊leads × conversionRate / 100⌋;
 * revenue = clients × averageProfit; roi = ⌊(revenue − investment) / investment × 100⌋.
 */
export function projectInvestment(investment: number, stats: SectorStats): ProjectionRow {
  const { conversionRate, averageProfit, costPerLead } = resolveSectorStats(stats);
  if (!usable(investment, (v) => v > 0)) return { investment: 0, leads: 0, clients: 0, revenue: 0, roi: 0 };
  const leads = floor(investment / costPerLead);
  const clients = floor((leads * conversionRate) / 100);
  const revenue = clients * averageProfit;
  const roi = floor(((revenue - investment) * 100) / investment);
  return { investment, leads, clients, revenue, roi };
}

/** The whole table for a sector page: its figures (with fallbacks) and one row per investment level. */
export function projectSector({
  stats,
  fixedInvestments,
  fallback = DEFAULT_SECTOR_STATS,
}: {
  stats: PartialSectorStats;
  fixedInvestments?: ReadonlyArray<number | null> | null;
  fallback?: Readonly<SectorStats>;
}): SectorProjection {
  const resolved = resolveSectorStats(stats, fallback);
  const rows = investmentLevels(resolved.costPerLead, fixedInvestments).map((investment) =>
    projectInvestment(investment, resolved),
  );
  return { stats: resolved, rows };
}
