/**
 * The blocks of a campaign page, in order: one map from `_type` to the component of its folder. The
 * loader already left out what cannot be shown (registry.server.ts), so every block here renders. In
 * draft preview each block is wrapped in an element carrying its click-to-edit attribute (`edit`, from
 * the loader); public pages get the blocks alone.
 */
import type { ReactNode } from "react";

import { BenefitsBlock } from "./benefits/BenefitsBlock";
import { CalculatorBlock, type CalculatorData } from "./calculator/CalculatorBlock";
import { ClientLogosBlock } from "./client-logos/ClientLogosBlock";
import { CtaBlock } from "./cta/CtaBlock";
import { FaqBlock } from "./faq/FaqBlock";
import { HeroBlock } from "./hero/HeroBlock";
import { type FormTexts, LeadFormBlock } from "./lead-form/LeadFormBlock";
import { RichTextBlock } from "./rich-text/RichTextBlock";
import { SectorFiguresBlock } from "./sector-figures/SectorFiguresBlock";
import { StepsBlock } from "./steps/StepsBlock";
import { TestimonialsBlock } from "./testimonials/TestimonialsBlock";
import type { BlockType, CampaignBlock, SectorFiguresData } from "./types";

export type RenderedBlock = CampaignBlock | SectorFiguresData;

interface PageContext {
  calculator: CalculatorData | null;
  formTexts: FormTexts;
}

/** The element id of a block: stable across edits, safe in HTML whatever the key holds. */
export function blockId(block: { _key: string }): string {
  return `bloque-${block._key.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 40)}`;
}

type Renderer = (block: never, id: string, page: PageContext) => ReactNode;

const RENDERERS: Record<BlockType, Renderer> = {
  heroBlock: (block: Parameters<typeof HeroBlock>[0]["block"], id) => <HeroBlock block={block} id={id} />,
  richTextBlock: (block: Parameters<typeof RichTextBlock>[0]["block"], id) => <RichTextBlock block={block} id={id} />,
  sectorFiguresBlock: (block: SectorFiguresData, id) => <SectorFiguresBlock block={block} id={id} />,
  calculatorBlock: (_block: unknown, id, page) =>
    page.calculator ? <CalculatorBlock data={page.calculator} id={id} /> : null,
  faqBlock: (block: Parameters<typeof FaqBlock>[0]["block"], id) => <FaqBlock block={block} id={id} />,
  leadFormBlock: (block: Parameters<typeof LeadFormBlock>[0]["block"], id, page) => (
    <LeadFormBlock block={block} id={id} formTexts={page.formTexts} />
  ),
  ctaBlock: (block: Parameters<typeof CtaBlock>[0]["block"], id) => <CtaBlock block={block} id={id} />,
  clientLogosBlock: (block: Parameters<typeof ClientLogosBlock>[0]["block"], id) => (
    <ClientLogosBlock block={block} id={id} />
  ),
  stepsBlock: (block: Parameters<typeof StepsBlock>[0]["block"], id) => <StepsBlock block={block} id={id} />,
  benefitsBlock: (block: Parameters<typeof BenefitsBlock>[0]["block"], id) => <BenefitsBlock block={block} id={id} />,
  testimonialsBlock: (block: Parameters<typeof TestimonialsBlock>[0]["block"], id) => (
    <TestimonialsBlock block={block} id={id} />
  ),
};

export function Blocks({
  blocks,
  edit,
  ...page
}: { blocks: readonly RenderedBlock[]; edit?: Record<string, string> } & PageContext) {
  return (
    <div className={edit ? "flex flex-col" : undefined} data-campaign-blocks={edit ? "" : undefined}>
      {blocks.map((block) => {
        const render = Object.hasOwn(RENDERERS, block._type) ? RENDERERS[block._type] : undefined;
        if (!render) return null;
        const content = render(block as never, blockId(block), page);
        return edit?.[block._key] ? (
          <div key={block._key} data-sanity={edit[block._key]} data-block-key={block._key}>
            {content}
          </div>
        ) : (
          <div key={block._key} className="contents">
            {content}
          </div>
        );
      })}
    </div>
  );
}
