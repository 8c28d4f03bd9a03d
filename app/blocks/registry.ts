/**
 * Every campaign block the site knows, one line each (docs/architecture.md, 'Add a block'): the renderer,
 * the validation and the page query's projection are derived from this list, and
 * tests/unit/block-registry.test.ts fails when a block here lacks a Studio schema, a fragment, a
 * component or an example in the seed dataset.
 */
import benefits, { BENEFITS_BLOCK } from "./benefits/block";
import calculator, { CALCULATOR_BLOCK } from "./calculator/block";
import clientLogos, { CLIENT_LOGOS_BLOCK } from "./client-logos/block";
import cta, { CTA_BLOCK } from "./cta/block";
import type { BlockDefinition } from "./definition";
import faq, { FAQ_BLOCK } from "./faq/block";
import hero, { HERO_BLOCK } from "./hero/block";
import leadForm, { LEAD_FORM_BLOCK } from "./lead-form/block";
import richText, { RICH_TEXT_BLOCK } from "./rich-text/block";
import sectorFigures, { SECTOR_FIGURES_BLOCK } from "./sector-figures/block";
import steps, { STEPS_BLOCK } from "./steps/block";
import testimonials, { TESTIMONIALS_BLOCK } from "./testimonials/block";
import type { BlockType } from "./types";

/** A definition for every block type of the Studio's schema, under its own type: a missing one does not compile. */
export type BlockRegistry = { readonly [T in BlockType]: BlockDefinition<T> };

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
} satisfies BlockRegistry as BlockRegistry;

/**
 * The page query's projection of its blocks: every fragment above (TypeGen reads only literals, so the
 * list is written out; the registry test checks it names each block's fragment once).
 */
export const BLOCK_PROJECTION =
  `${HERO_BLOCK}, ${RICH_TEXT_BLOCK}, ${SECTOR_FIGURES_BLOCK}, ${CALCULATOR_BLOCK}, ${FAQ_BLOCK}, ${LEAD_FORM_BLOCK}, ${CTA_BLOCK}, ${CLIENT_LOGOS_BLOCK}, ${STEPS_BLOCK}, ${BENEFITS_BLOCK}, ${TESTIMONIALS_BLOCK}` as const;

export function isBlockType(type: unknown): type is BlockType {
  return typeof type === "string" && Object.hasOwn(BLOCKS, type);
}
