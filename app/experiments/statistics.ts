/**
 * The statistics behind an experiment's report, pure and unit-tested (the method, its references and
 * its simulations: docs/decisions/0012-ab-stopping-rule.md).
 *
 * - The traffic check (`sampleRatioCheck`): a chi-square goodness-of-fit of the visitors against the
 *   weights. A split that departs from them (p < SRM_P_VALUE) means lost cookies, a redirect or a bot:
 *   the figures then mean nothing, whatever they say.
 * - The stopping rule (`differenceInterval`, `decideExperiment`): an always-valid confidence sequence for
 *   the difference of conversion rates, variant minus control. It is the two-sided normal-mixture
 *   boundary (Robbins; Howard, Ramdas, McAuliffe & Sekhon 2021), in the asymptotic form of
 *   Waudby-Smith et al. (the same interval as the mixture SPRT of Johari et al.), tuned to be tightest at
 *   PLANNED_VISITORS. Unlike a fixed-sample interval, the chance that it ever excludes the true
 *   difference, over every look, is at most ALPHA: it can be read every day. With more than one
 *   variant, each comparison gets ALPHA ÷ (variants − 1) (Bonferroni), so the chance of any false winner
 *   stays at most ALPHA.
 * - `chanceToBeatControl`: the Bayesian beta-binomial figure of before, kept as a description of today's
 *   data. It is not a stopping rule (read daily and stopped at 95 %, it names far too many winners).
 */
import { cumulativeStdNormalProbability, gammaln } from "simple-statistics";

/** The chance, over the whole experiment however often it is read, of naming a winner that is not one. */
export const ALPHA = 0.05;
/** A split whose chi-square p-value is below this is flagged (as GrowthBook and Eppo do). */
export const SRM_P_VALUE = 0.001;
/** The traffic check waits until every variant expects at least this many visitors (chi-square's rule). */
export const SRM_MIN_EXPECTED = 5;
/**
 * Visitors (control and variant together) at which the interval is tightest: a month or two of a campaign
 * page at a few hundred consenting visitors a week. It is valid at every size; this only moves where it
 * is narrowest.
 */
export const PLANNED_VISITORS = 2000;
/** The relative uplift the «faltan unos N visitantes» estimate is for. */
export const TARGET_UPLIFT = 0.3;
/** The chance of detecting TARGET_UPLIFT that estimate aims at (when the uplift is real). */
export const TARGET_POWER = 0.8;
/** «Sin diferencia»: every interval inside ± this share of the control's rate. */
export const EQUIVALENCE_MARGIN = 0.1;

export interface Sample {
  visitors: number;
  /** Distinct visitors who sent at least one lead. */
  conversions: number;
}

function count(value: number): number {
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

/** Visitors and conversions made usable: whole, not negative, conversions never above visitors. */
function clean({ visitors, conversions }: Sample): Sample {
  const people = count(visitors);
  return { visitors: people, conversions: Math.min(people, count(conversions)) };
}

/** Conversions per visitor (0 without visitors). */
export function conversionRate(sample: Sample): number {
  const { visitors, conversions } = clean(sample);
  return visitors > 0 ? conversions / visitors : 0;
}

// ---------------------------------------------------------------------------------------------------
// Chi-square

const EPSILON = 1e-15;
const TINY = 1e-300;

/** The regularized upper incomplete gamma function Q(a, x) (Numerical Recipes §6.2: series or continued fraction). */
function upperGamma(a: number, x: number): number {
  if (x <= 0) return 1;
  const logPrefix = -x + a * Math.log(x) - gammaln(a);
  if (x < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 10_000 && Math.abs(term) > Math.abs(sum) * EPSILON; n += 1) {
      term *= x / (a + n);
      sum += term;
    }
    return Math.max(0, 1 - sum * Math.exp(logPrefix));
  }
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 10_000; i += 1) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < EPSILON) break;
  }
  return Math.min(1, Math.exp(logPrefix) * h);
}

/** P(X ≥ statistic) for X chi-square with `degrees` degrees of freedom. */
export function chiSquarePValue(statistic: number, degrees: number): number {
  if (!(degrees > 0) || !Number.isFinite(statistic)) return Number.NaN;
  return upperGamma(degrees / 2, Math.max(0, statistic) / 2);
}

export interface SampleRatioCheck {
  /**
   * The chi-square p-value (1 without visitors or without a split to test). It is not trusted, and the
   * split never flagged, while some variant expects fewer than SRM_MIN_EXPECTED visitors.
   */
  pValue: number;
  flagged: boolean;
}

/** Does the split of `visitors` match the `weights` (same order)? A chi-square goodness-of-fit test. */
export function sampleRatioCheck(visitors: readonly number[], weights: readonly number[]): SampleRatioCheck {
  const observed = visitors.map(count);
  const usable = weights.map((weight) => (Number.isFinite(weight) && weight > 0 ? weight : 0));
  const totalWeight = usable.reduce((sum, weight) => sum + weight, 0);
  const total = observed.reduce((sum, value) => sum + value, 0);
  if (observed.length < 2 || observed.length !== usable.length || !(totalWeight > 0) || total === 0) {
    return { pValue: 1, flagged: false };
  }
  const expected = usable.map((weight) => (total * weight) / totalWeight);
  const statistic = observed.reduce(
    (sum, value, index) => (expected[index]! > 0 ? sum + (value - expected[index]!) ** 2 / expected[index]! : sum),
    0,
  );
  // A variant weighted 0 (drawn for nobody) is left out of the test.
  const tested = expected.filter((value) => value > 0).length;
  const pValue = tested < 2 ? 1 : chiSquarePValue(statistic, tested - 1);
  const enough = expected.every((value) => value === 0 || value >= SRM_MIN_EXPECTED);
  return { pValue, flagged: enough && pValue < SRM_P_VALUE };
}

// ---------------------------------------------------------------------------------------------------
// The always-valid interval

/** −2 ln α + ln(1 − 2 ln α): sets the mixture so the boundary is tightest at the planned size (Waudby-Smith et al.). */
function tuning(alpha: number): number {
  const twoLog = -2 * Math.log(alpha);
  return twoLog + Math.log(1 + twoLog);
}

/**
 * How many standard errors wide the always-valid interval is after `visitors` visitors: the two-sided
 * normal-mixture boundary √((1 + 1/x)·ln((1 + x)/α²)), x = visitors·ρ², with ρ² tuned to `planned`.
 * Infinite before the first visitor; about 3.0 at the planned size for α = 0.05 (a fixed-sample
 * interval would use 1.96 there, valid for one look only).
 */
export function boundaryMultiplier(visitors: number, alpha = ALPHA, planned = PLANNED_VISITORS): number {
  if (!(visitors > 0)) return Number.POSITIVE_INFINITY;
  const x = (visitors * tuning(alpha)) / planned;
  return Math.sqrt((1 + 1 / x) * Math.log((1 + x) / (alpha * alpha)));
}

export interface DifferenceInterval {
  /** Bounds of the variant's rate minus the control's (−1 … 1). */
  lower: number;
  upper: number;
}

/**
 * The always-valid interval of `variant`'s conversion rate minus `control`'s, at level 1 − alpha. The
 * rates are Agresti–Caffo's (one conversion and one non-conversion added to each side), which keeps the
 * standard error honest while the counts are small. Null until both have a visitor.
 */
export function differenceInterval(control: Sample, variant: Sample, alpha = ALPHA): DifferenceInterval | null {
  const a = clean(control);
  const b = clean(variant);
  if (a.visitors === 0 || b.visitors === 0) return null;
  const rateA = (a.conversions + 1) / (a.visitors + 2);
  const rateB = (b.conversions + 1) / (b.visitors + 2);
  const standardError = Math.sqrt((rateA * (1 - rateA)) / (a.visitors + 2) + (rateB * (1 - rateB)) / (b.visitors + 2));
  const radius = standardError * boundaryMultiplier(a.visitors + b.visitors, alpha);
  const centre = rateB - rateA;
  return { lower: Math.max(-1, centre - radius), upper: Math.min(1, centre + radius) };
}

/** The level each comparison with the control gets: ALPHA shared among them (Bonferroni). */
export function comparisonAlpha(variantCount: number): number {
  return ALPHA / Math.max(1, variantCount - 1);
}

// ---------------------------------------------------------------------------------------------------
// The decision

export type DecisionState = "collecting" | "winner" | "no-difference" | "check-traffic";

export interface Decision {
  state: DecisionState;
  /** With `winner`: the winning variant's key (the control's when every variant is worse). */
  variant?: string;
}

export interface DecisionInput extends Sample {
  key: string;
  weight: number;
}

export interface ExperimentStatistics {
  srm: SampleRatioCheck;
  decision: Decision;
  /** Per variant, in order: the interval of the difference with the control (null for the control itself). */
  intervals: (DifferenceInterval | null)[];
  /** «Faltan unos N visitantes» for a TARGET_UPLIFT uplift; null when it cannot be estimated yet. */
  visitorsNeeded: number | null;
}

/**
 * What the figures allow saying (`variants[0]` is the control):
 * - `check-traffic` while the traffic check flags the split (no winner is named on broken traffic);
 * - `winner` when a variant's interval lies above 0 (the one with the highest rate among those), or the
 *   control when every variant's interval lies below 0;
 * - `no-difference` when every interval lies inside ± EQUIVALENCE_MARGIN of the control's rate;
 * - else `collecting`.
 */
export function decideExperiment(variants: readonly DecisionInput[]): ExperimentStatistics {
  const samples = variants.map((variant) => ({ ...variant, ...clean(variant) }));
  const srm = sampleRatioCheck(
    samples.map((variant) => variant.visitors),
    samples.map((variant) => variant.weight),
  );
  const [control, ...others] = samples;
  if (!control || others.length === 0) {
    return { srm, decision: { state: "collecting" }, intervals: samples.map(() => null), visitorsNeeded: null };
  }
  const alpha = comparisonAlpha(samples.length);
  const intervals = [null, ...others.map((variant) => differenceInterval(control, variant, alpha))];
  const visitorsNeeded = remainingVisitors(samples);

  const decision = ((): Decision => {
    if (srm.flagged) return { state: "check-traffic" };
    const compared = others.map((variant, index) => ({ variant, interval: intervals[index + 1] ?? null }));
    if (compared.some(({ interval }) => interval === null)) return { state: "collecting" };
    const better = compared.filter(({ interval }) => interval!.lower > 0);
    if (better.length > 0) {
      const best = better.reduce((a, b) => (conversionRate(b.variant) > conversionRate(a.variant) ? b : a));
      return { state: "winner", variant: best.variant.key };
    }
    if (compared.every(({ interval }) => interval!.upper < 0)) return { state: "winner", variant: control.key };
    const margin = EQUIVALENCE_MARGIN * conversionRate(control);
    if (margin > 0 && compared.every(({ interval }) => interval!.lower > -margin && interval!.upper < margin)) {
      return { state: "no-difference" };
    }
    return { state: "collecting" };
  })();
  return { srm, decision, intervals, visitorsNeeded };
}

/** The standard normal quantile of TARGET_POWER (0.8416 for 80 %), by bisection on simple-statistics' CDF. */
function normalQuantile(probability: number): number {
  let low = -10;
  let high = 10;
  for (let step = 0; step < 100; step += 1) {
    const middle = (low + high) / 2;
    if (cumulativeStdNormalProbability(middle) < probability) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

const POWER_QUANTILE = normalQuantile(TARGET_POWER);
const MAX_ESTIMATE = 100_000_000;

/**
 * Visitors the whole experiment needs (all variants, split by weight) so that a variant converting
 * TARGET_UPLIFT better than the control's rate `controlRate` is named the winner with TARGET_POWER
 * chance: the interval's half-width plus the power margin fits inside the uplift. Null without a usable
 * rate or weights.
 */
export function visitorsToDetect(controlRate: number, weights: readonly number[]): number | null {
  const usable = weights.map((weight) => (Number.isFinite(weight) && weight > 0 ? weight : 0));
  const total = usable.reduce((sum, weight) => sum + weight, 0);
  if (!(controlRate > 0) || controlRate >= 1 || usable.length < 2 || !(total > 0)) return null;
  const controlShare = usable[0]! / total;
  const smallestShare = Math.min(...usable.slice(1)) / total;
  if (!(controlShare > 0) || !(smallestShare > 0)) return null;
  const p = controlRate;
  const q = Math.min(1, p * (1 + TARGET_UPLIFT));
  const alpha = comparisonAlpha(usable.length);
  const spread = (p * (1 - p)) / controlShare + (q * (1 - q)) / smallestShare;
  const enough = (visitors: number) => {
    const compared = visitors * (controlShare + smallestShare);
    return Math.sqrt(spread / visitors) * (boundaryMultiplier(compared, alpha) + POWER_QUANTILE) <= q - p;
  };
  // Bracketed around the one-look size with a boundary of 3 standard errors, then halved down to 0.1 %
  // (the figure is read as «unos N»): a dozen steps, cheap enough to run at every look.
  let high = Math.max(16, Math.ceil((spread * (3 + POWER_QUANTILE) ** 2) / (q - p) ** 2));
  let low = high / 2;
  while (enough(low) && low > 1) low /= 2;
  while (!enough(high)) {
    low = high;
    high *= 2;
    if (high > MAX_ESTIMATE) return null;
  }
  while (high - low > Math.max(1, high * 0.001)) {
    const middle = (low + high) / 2;
    if (enough(middle)) high = middle;
    else low = middle;
  }
  return Math.ceil(high);
}

/** How many more visitors the experiment needs for visitorsToDetect at its control's current rate. */
function remainingVisitors(samples: readonly (Sample & { weight: number })[]): number | null {
  const needed = visitorsToDetect(
    conversionRate(samples[0]!),
    samples.map((sample) => sample.weight),
  );
  if (needed === null) return null;
  const seen = samples.reduce((sum, sample) => sum + sample.visitors, 0);
  return Math.max(0, needed - seen);
}

// ---------------------------------------------------------------------------------------------------
// The descriptive figure

const EXACT_LIMIT = 5000;

/** Beta posterior parameters under a uniform Beta(1, 1) prior. */
function posterior(sample: Sample): { alpha: number; beta: number } {
  const { visitors, conversions } = clean(sample);
  return { alpha: 1 + conversions, beta: 1 + visitors - conversions };
}

const logBeta = (a: number, b: number) => gammaln(a) + gammaln(b) - gammaln(a + b);

/** P(rate of B > rate of A) for Beta(aA, bA) and Beta(aB, bB) with integer aB (Evan Miller's closed form). */
function exactChance(aA: number, bA: number, aB: number, bB: number): number {
  let total = 0;
  const base = logBeta(aA, bA);
  for (let i = 0; i < aB; i += 1) {
    total += Math.exp(logBeta(aA + i, bA + bB) - Math.log(bB + i) - logBeta(1 + i, bB) - base);
  }
  return total;
}

function normalChance(aA: number, bA: number, aB: number, bB: number): number {
  const mean = (a: number, b: number) => a / (a + b);
  const variance = (a: number, b: number) => (a * b) / ((a + b) ** 2 * (a + b + 1));
  const spread = Math.sqrt(variance(aA, bA) + variance(aB, bB));
  return cumulativeStdNormalProbability((mean(aB, bB) - mean(aA, bA)) / spread);
}

/**
 * Descriptive only: the chance (0–1), under the beta-binomial model with a uniform prior, that the
 * variant's true conversion rate is above the control's given today's counts. Past EXACT_LIMIT
 * conversions a normal approximation of the two posteriors gives the same answer to four decimals.
 */
export function chanceToBeatControl(control: Sample, variant: Sample): number {
  const a = posterior(control);
  const b = posterior(variant);
  const chance =
    b.alpha <= EXACT_LIMIT
      ? exactChance(a.alpha, a.beta, b.alpha, b.beta)
      : normalChance(a.alpha, a.beta, b.alpha, b.beta);
  return Math.min(1, Math.max(0, chance));
}
