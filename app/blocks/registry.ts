/**
 * Every campaign block the site knows: an import and a line in `BLOCKS` each (docs/architecture.md, 'Add a
 * block'). The renderer, the validation and the page query's projection (projection.generated.ts, written
 * from this list by scripts/block-projection.mjs for TypeGen) are derived from it, and
 * tests/unit/block-registry.test.ts fails when a block here lacks a Studio schema, a fragment, a
 * component or an example in the seed dataset.
 */
import benefits from "./benefits/block";
import calculator from "./calculator/block";
import clientLogos from "./client-logos/block";
import cta from "./cta/block";
import type { BlockDefinition, RenderedBy } from "./definition";
import faq from "./faq/block";
import hero from "./hero/block";
import leadForm from "./lead-form/block";
import richText from "./rich-text/block";
import sectorFigures from "./sector-figures/block";
import steps from "./steps/block";
import testimonials from "./testimonials/block";
import type { BlockType } from "./types";

/** A definition for every block type of the Studio's schema, under its own type: a missing one does not compile. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- what each block renders is its own (its `R`)
export type BlockRegistry = { readonly [T in BlockType]: BlockDefinition<T, any> };

export const BLOCKS = {
  heroBlock: hero,
  richTextBlock: richText,
  sectorFiguresBlock: sectorFigures,
  calculatorBlock: calculator,
  faqBlock: faq,
  leadFormBlock: leadForm,
  ctaBlock: cta,
  clientLogosBlock: clientLogos,
  stepsBlock: steps,
  benefitsBlock: benefits,
  testimonialsBlock: testimonials,
} satisfies BlockRegistry;

/** A block of type T as the page's loader sends it: what its definition says its component renders. */
export type RenderedBlockOf<T extends BlockType> = RenderedBy<(typeof BLOCKS)[T]>;

/** Any block as the page's loader sends it. */
export type RenderedBlock = { [T in BlockType]: RenderedBlockOf<T> }[BlockType];

/** The definitions, each typed with what it renders (for the renderer, Blocks.tsx). */
export const RENDERERS: { readonly [T in BlockType]: BlockDefinition<T, RenderedBlockOf<T>> } = BLOCKS;

export function isBlockType(type: unknown): type is BlockType {
  return typeof type === "string" && Object.hasOwn(BLOCKS, type);
}
