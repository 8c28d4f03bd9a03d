/**
 * How sure we are that a variant converts better than the control: the Bayesian beta-binomial model
 * (a uniform Beta(1, 1) prior on each conversion rate, updated with leads and visitors who left none)
 * and the exact probability that one Beta draw beats the other (Evan Miller's closed form, "Formulas
 * for Bayesian A/B testing"), with simple-statistics' log-gamma. Past EXACT_LIMIT leads a normal
 * approximation of the two posteriors gives the same answer to four decimals in far fewer steps.
 *
 * The caveat that comes with it (docs/guia-editores.md): the chance is only as good as the sample. With
 * few visitors it swings from day to day, and looking every day until it crosses 95 % finds "winners"
 * that are luck, so no winner is named before MIN_VISITORS_PER_VARIANT and MIN_LEADS_PER_EXPERIMENT.
 */
import { cumulativeStdNormalProbability, gammaln } from "simple-statistics";

/** The chance to beat the control a variant needs to be called the winner. */
export const WINNING_CHANCE = 0.95;
/** Every variant needs at least this many visitors before any winner is named. */
export const MIN_VISITORS_PER_VARIANT = 200;
/** And the experiment at least this many leads, all variants together. */
export const MIN_LEADS_PER_EXPERIMENT = 20;

const EXACT_LIMIT = 5000;

export interface Sample {
  visitors: number;
  leads: number;
}

function count(value: number): number {
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

/** Beta posterior parameters: leads can outnumber the visitors counted (a lost visitor count), never below 0 failures. */
function posterior({ visitors, leads }: Sample): { alpha: number; beta: number } {
  const successes = count(leads);
  return { alpha: 1 + successes, beta: 1 + Math.max(0, count(visitors) - successes) };
}

const logBeta = (a: number, b: number) => gammaln(a) + gammaln(b) - gammaln(a + b);

/** P(rate of B > rate of A) for Beta(aA, bA) and Beta(aB, bB) with integer aB. */
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

/** The chance (0–1) that the variant's true conversion rate is higher than the control's. */
export function chanceToBeatControl(control: Sample, variant: Sample): number {
  const a = posterior(control);
  const b = posterior(variant);
  const chance =
    b.alpha <= EXACT_LIMIT
      ? exactChance(a.alpha, a.beta, b.alpha, b.beta)
      : normalChance(a.alpha, a.beta, b.alpha, b.beta);
  return Math.min(1, Math.max(0, chance));
}

/** Leads per visitor (0 without visitors). */
export function conversionRate({ visitors, leads }: Sample): number {
  return count(visitors) > 0 ? count(leads) / count(visitors) : 0;
}

export type Verdict =
  | { kind: "too-early"; visitorsNeeded: number; leadsNeeded: number }
  | { kind: "winner"; variant: string }
  | { kind: "no-difference-yet" };

/**
 * What the figures allow saying: too early (below the minimum sample), a winner (a variant beats the
 * control with WINNING_CHANCE or more; or the control, when every variant's chance is 1 − WINNING_CHANCE
 * or less), or no clear difference yet. `variants[0]` is the control.
 */
export function verdict(variants: readonly (Sample & { key: string })[]): Verdict {
  const [control, ...others] = variants;
  if (!control || others.length === 0) return { kind: "no-difference-yet" };
  const fewestVisitors = Math.min(...variants.map((variant) => count(variant.visitors)));
  const leads = variants.reduce((sum, variant) => sum + count(variant.leads), 0);
  if (fewestVisitors < MIN_VISITORS_PER_VARIANT || leads < MIN_LEADS_PER_EXPERIMENT) {
    return {
      kind: "too-early",
      visitorsNeeded: Math.max(0, MIN_VISITORS_PER_VARIANT - fewestVisitors),
      leadsNeeded: Math.max(0, MIN_LEADS_PER_EXPERIMENT - leads),
    };
  }
  const chances = others.map((variant) => ({ key: variant.key, chance: chanceToBeatControl(control, variant) }));
  const best = chances.reduce((a, b) => (b.chance > a.chance ? b : a));
  if (best.chance >= WINNING_CHANCE) return { kind: "winner", variant: best.key };
  if (chances.every(({ chance }) => chance <= 1 - WINNING_CHANCE)) return { kind: "winner", variant: control.key };
  return { kind: "no-difference-yet" };
}
