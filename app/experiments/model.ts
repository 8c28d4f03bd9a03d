/**
 * The experiment as the site uses it, read from content at the boundary: `readExperiments` turns the
 * experiments query's answer into well-formed experiments and drops what is not one (no key, fewer than
 * two usable variants), so nothing downstream checks shapes again. Pure; never throws.
 */
export type ExperimentStatus = "running" | "paused" | "ended";

export interface ExperimentVariant {
  key: string;
  label: string;
  /** Positive; a variant's share of new browsers is weight / sum of weights. */
  weight: number;
  /** The campaign page shown for this variant: its document id and slug (path without the slash). */
  pageId: string;
  slug: string;
}

export interface Experiment {
  key: string;
  name: string;
  status: ExperimentStatus;
  winner: string | null;
  /** The first is the control; the experiment runs at the control page's path. */
  variants: ExperimentVariant[];
}

/** Content keys (`titular-reformas`, `b`): short, no separators the experiment cookie uses. */
export const EXPERIMENT_KEY_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;

const STATUSES: readonly ExperimentStatus[] = ["running", "paused", "ended"];

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

function readVariant(raw: unknown): ExperimentVariant | null {
  const value = record(raw);
  const page = record(value?.page);
  const key = text(value?.key);
  const weight = Number(value?.weight);
  const pageId = text(page?._id);
  const slug = text(page?.slug);
  if (!EXPERIMENT_KEY_PATTERN.test(key) || !Number.isFinite(weight) || weight <= 0 || !pageId || !slug) return null;
  return { key, label: text(value?.label) || key, weight, pageId, slug };
}

/** One experiment from content, or null when it cannot run (the control page is gone, say). */
export function readExperiment(raw: unknown): Experiment | null {
  const value = record(raw);
  const key = text(value?.key);
  const status = STATUSES.find((candidate) => candidate === value?.status);
  if (!EXPERIMENT_KEY_PATTERN.test(key) || !status || !Array.isArray(value?.variants)) return null;
  // The control must be usable as written: without it the experiment has no path and no baseline.
  if (!readVariant(value.variants[0])) return null;
  const variants: ExperimentVariant[] = [];
  for (const candidate of value.variants) {
    const variant = readVariant(candidate);
    // A variant that repeats a key or a page is dropped: each must be told apart in the cookie and the counts.
    if (!variant || variants.some((kept) => kept.key === variant.key || kept.pageId === variant.pageId)) continue;
    variants.push(variant);
  }
  if (variants.length < 2) return null;
  const winner = text(value.winner);
  return {
    key,
    name: text(value.name) || key,
    status,
    winner: variants.some((variant) => variant.key === winner) ? winner : null,
    variants,
  };
}

/** Every usable experiment of a query answer, first of each key kept. */
export function readExperiments(raw: unknown): Experiment[] {
  const experiments: Experiment[] = [];
  for (const candidate of Array.isArray(raw) ? raw : []) {
    const experiment = readExperiment(candidate);
    if (experiment && !experiments.some((kept) => kept.key === experiment.key)) experiments.push(experiment);
  }
  return experiments;
}

export const pathOfSlug = (slug: string) => `/${slug}`;

/** The experiment that decides what a path shows: a running one first, else a paused or ended one. */
export function experimentAtPath(experiments: readonly Experiment[], path: string): Experiment | null {
  const atPath = experiments.filter((experiment) => pathOfSlug(experiment.variants[0]!.slug) === path);
  return atPath.find((experiment) => experiment.status === "running") ?? atPath[0] ?? null;
}

/**
 * The slugs of the pages that are a running experiment's non-control variants: their own addresses carry
 * `noindex` and leave the sitemap while it runs (the visitors see them at the control's path).
 */
export function variantPagesUnderTest(experiments: readonly Experiment[]): Set<string> {
  const slugs = new Set<string>();
  for (const experiment of experiments) {
    if (experiment.status !== "running") continue;
    for (const variant of experiment.variants.slice(1)) slugs.add(variant.slug);
  }
  return slugs;
}
