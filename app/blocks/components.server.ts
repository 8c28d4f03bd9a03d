/**
 * Every block's component, imported at once for the server's render. The browser never gets this module
 * (a `.server` file): there each block's code arrives as its own chunk, and only when needed (Blocks.tsx).
 */
import { BenefitsBlock } from "./benefits/BenefitsBlock";
import type { BlockComponents } from "./Blocks";
import { CalculatorBlock } from "./calculator/CalculatorBlock";
import { ClientLogosBlock } from "./client-logos/ClientLogosBlock";
import { CtaBlock } from "./cta/CtaBlock";
import { FaqBlock } from "./faq/FaqBlock";
import { HeroBlock } from "./hero/HeroBlock";
import { LeadFormBlock } from "./lead-form/LeadFormBlock";
import { RichTextBlock } from "./rich-text/RichTextBlock";
import { SectorFiguresBlock } from "./sector-figures/SectorFiguresBlock";
import { StepsBlock } from "./steps/StepsBlock";
import { TestimonialsBlock } from "./testimonials/TestimonialsBlock";

export const serverBlockComponents: BlockComponents = {
  heroBlock: HeroBlock,
  richTextBlock: RichTextBlock,
  sectorFiguresBlock: SectorFiguresBlock,
  calculatorBlock: CalculatorBlock,
  faqBlock: FaqBlock,
  leadFormBlock: LeadFormBlock,
  ctaBlock: CtaBlock,
  clientLogosBlock: ClientLogosBlock,
  stepsBlock: StepsBlock,
  benefitsBlock: BenefitsBlock,
  testimonialsBlock: TestimonialsBlock,
};
