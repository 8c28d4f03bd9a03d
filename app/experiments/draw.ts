/**
 * The weighted draw of a variant for a browser's first visit. The random source is a parameter (tests
 * pass a seeded one); a variant's chance is its weight over the sum of weights.
 */
export interface Weighted {
  key: string;
  weight: number;
}

/** A uniform number in [0, 1), like Math.random. */
export type RandomSource = () => number;

/** The key drawn, or null when no variant has a positive, finite weight. */
export function drawVariant(variants: readonly Weighted[], random: RandomSource = Math.random): string | null {
  const usable = variants.filter((variant) => Number.isFinite(variant.weight) && variant.weight > 0);
  const total = usable.reduce((sum, variant) => sum + variant.weight, 0);
  if (usable.length === 0 || !(total > 0)) return null;
  // Clamped so a source that returns 1 (or junk) still lands on a variant.
  const sample = Math.min(Math.max(Number(random()) || 0, 0), 1) * total;
  let reached = 0;
  for (const variant of usable) {
    reached += variant.weight;
    if (sample < reached) return variant.key;
  }
  return usable[usable.length - 1]!.key;
}
