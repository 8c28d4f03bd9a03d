/**
 * The blocks of a campaign page, in order. The loader already left out what cannot be shown
 * (registry.server.ts), so every block here renders. In draft preview each block is wrapped in an element
 * carrying its click-to-edit attribute (`edit`, from the loader); public pages get the blocks alone.
 *
 * What the browser downloads (docs/decisions/javascript-budget.md, 'Campaign pages'):
 * - the server renders every block from its component (components.server.ts);
 * - a block with nothing to do in the browser (STATIC_BLOCKS) keeps the server's HTML on a public page
 *   (StaticHtml): React adopts it as HTML, so the block's code is never downloaded;
 * - the calculator and the lead form keep the server's HTML too, working without JavaScript, until the
 *   visitor reaches for them; then their code loads as a chunk of its own and the live block takes its
 *   place, keeping what was typed (app/components/islands/on-interaction.tsx);
 * - the FAQ is live at once: its chunk loads before React hydrates the page
 *   (app/components/islands/client-modules.tsx);
 * - so a page pays only for its own blocks, and the not-found page (this route too) for none;
 * - in preview and after a client-side navigation there is no server HTML to keep: each block loads its
 *   chunk at once.
 */
import { type ComponentProps, type ComponentType, type ReactNode } from "react";

import { moduleComponent } from "~/components/islands/client-modules";
import { LiveOnInteraction } from "~/components/islands/on-interaction";
import { LoadingBoundary, StaticHtml } from "~/components/islands/static-html";

import type { BenefitsBlock } from "./benefits/BenefitsBlock";
import type { CalculatorBlock, CalculatorData } from "./calculator/CalculatorBlock";
import type { ClientLogosBlock } from "./client-logos/ClientLogosBlock";
import { serverBlockComponents } from "./components.server";
import type { CtaBlock } from "./cta/CtaBlock";
import type { FaqBlock } from "./faq/FaqBlock";
import type { HeroBlock } from "./hero/HeroBlock";
import type { FormTexts, LeadFormBlock } from "./lead-form/LeadFormBlock";
import type { RichTextBlock } from "./rich-text/RichTextBlock";
import type { SectorFiguresBlock } from "./sector-figures/SectorFiguresBlock";
import type { StepsBlock } from "./steps/StepsBlock";
import type { TestimonialsBlock } from "./testimonials/TestimonialsBlock";
import type { BlockType, CampaignBlock, SectorFiguresData } from "./types";

export type RenderedBlock = CampaignBlock | SectorFiguresData;

interface PageContext {
  calculator: CalculatorData | null;
  formTexts: FormTexts;
}

/** One component per block type: a type missing here does not compile. */
export interface BlockComponents {
  heroBlock: ComponentType<ComponentProps<typeof HeroBlock>>;
  richTextBlock: ComponentType<ComponentProps<typeof RichTextBlock>>;
  sectorFiguresBlock: ComponentType<ComponentProps<typeof SectorFiguresBlock>>;
  calculatorBlock: ComponentType<ComponentProps<typeof CalculatorBlock>>;
  faqBlock: ComponentType<ComponentProps<typeof FaqBlock>>;
  leadFormBlock: ComponentType<ComponentProps<typeof LeadFormBlock>>;
  ctaBlock: ComponentType<ComponentProps<typeof CtaBlock>>;
  clientLogosBlock: ComponentType<ComponentProps<typeof ClientLogosBlock>>;
  stepsBlock: ComponentType<ComponentProps<typeof StepsBlock>>;
  benefitsBlock: ComponentType<ComponentProps<typeof BenefitsBlock>>;
  testimonialsBlock: ComponentType<ComponentProps<typeof TestimonialsBlock>>;
}

/** Blocks that are only HTML and links: nothing in them needs React in the browser. */
const STATIC_BLOCKS: ReadonlySet<BlockType> = new Set<BlockType>([
  "heroBlock",
  "richTextBlock",
  "sectorFiguresBlock",
  "ctaBlock",
  "clientLogosBlock",
  "stepsBlock",
  "benefitsBlock",
  "testimonialsBlock",
]);

/** Interactive blocks that wait, as server HTML, until the visitor reaches for them (the others are live at once). */
const ON_INTERACTION_BLOCKS: ReadonlySet<BlockType> = new Set<BlockType>(["calculatorBlock", "leadFormBlock"]);

const blockModule = (type: BlockType) => `block:${type}`;

/** Each block's component: the server's, or one that renders its folder's chunk once loaded. */
const components: BlockComponents = {
  heroBlock: moduleComponent(blockModule("heroBlock"), serverBlockComponents?.heroBlock, () =>
    import("./hero/HeroBlock").then((m) => m.HeroBlock),
  ),
  richTextBlock: moduleComponent(blockModule("richTextBlock"), serverBlockComponents?.richTextBlock, () =>
    import("./rich-text/RichTextBlock").then((m) => m.RichTextBlock),
  ),
  sectorFiguresBlock: moduleComponent(
    blockModule("sectorFiguresBlock"),
    serverBlockComponents?.sectorFiguresBlock,
    () => import("./sector-figures/SectorFiguresBlock").then((m) => m.SectorFiguresBlock),
  ),
  calculatorBlock: moduleComponent(blockModule("calculatorBlock"), serverBlockComponents?.calculatorBlock, () =>
    import("./calculator/CalculatorBlock").then((m) => m.CalculatorBlock),
  ),
  faqBlock: moduleComponent(blockModule("faqBlock"), serverBlockComponents?.faqBlock, () =>
    import("./faq/FaqBlock").then((m) => m.FaqBlock),
  ),
  leadFormBlock: moduleComponent(blockModule("leadFormBlock"), serverBlockComponents?.leadFormBlock, () =>
    import("./lead-form/LeadFormBlock").then((m) => m.LeadFormBlock),
  ),
  ctaBlock: moduleComponent(blockModule("ctaBlock"), serverBlockComponents?.ctaBlock, () =>
    import("./cta/CtaBlock").then((m) => m.CtaBlock),
  ),
  clientLogosBlock: moduleComponent(blockModule("clientLogosBlock"), serverBlockComponents?.clientLogosBlock, () =>
    import("./client-logos/ClientLogosBlock").then((m) => m.ClientLogosBlock),
  ),
  stepsBlock: moduleComponent(blockModule("stepsBlock"), serverBlockComponents?.stepsBlock, () =>
    import("./steps/StepsBlock").then((m) => m.StepsBlock),
  ),
  benefitsBlock: moduleComponent(blockModule("benefitsBlock"), serverBlockComponents?.benefitsBlock, () =>
    import("./benefits/BenefitsBlock").then((m) => m.BenefitsBlock),
  ),
  testimonialsBlock: moduleComponent(blockModule("testimonialsBlock"), serverBlockComponents?.testimonialsBlock, () =>
    import("./testimonials/TestimonialsBlock").then((m) => m.TestimonialsBlock),
  ),
};

/** The element id of a block: stable across edits, safe in HTML whatever the key holds. */
export function blockId(block: { _key: string }): string {
  return `bloque-${block._key.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 40)}`;
}

type Renderer = (block: never, id: string, page: PageContext) => ReactNode;

const RENDERERS: Record<BlockType, Renderer> = {
  heroBlock: (block: ComponentProps<typeof HeroBlock>["block"], id) => <components.heroBlock block={block} id={id} />,
  richTextBlock: (block: ComponentProps<typeof RichTextBlock>["block"], id) => (
    <components.richTextBlock block={block} id={id} />
  ),
  sectorFiguresBlock: (block: SectorFiguresData, id) => <components.sectorFiguresBlock block={block} id={id} />,
  calculatorBlock: (_block: unknown, id, page) =>
    page.calculator ? <components.calculatorBlock data={page.calculator} id={id} /> : null,
  faqBlock: (block: ComponentProps<typeof FaqBlock>["block"], id) => <components.faqBlock block={block} id={id} />,
  leadFormBlock: (block: ComponentProps<typeof LeadFormBlock>["block"], id, page) => (
    <components.leadFormBlock block={block} id={id} formTexts={page.formTexts} />
  ),
  ctaBlock: (block: ComponentProps<typeof CtaBlock>["block"], id) => <components.ctaBlock block={block} id={id} />,
  clientLogosBlock: (block: ComponentProps<typeof ClientLogosBlock>["block"], id) => (
    <components.clientLogosBlock block={block} id={id} />
  ),
  stepsBlock: (block: ComponentProps<typeof StepsBlock>["block"], id) => (
    <components.stepsBlock block={block} id={id} />
  ),
  benefitsBlock: (block: ComponentProps<typeof BenefitsBlock>["block"], id) => (
    <components.benefitsBlock block={block} id={id} />
  ),
  testimonialsBlock: (block: ComponentProps<typeof TestimonialsBlock>["block"], id) => (
    <components.testimonialsBlock block={block} id={id} />
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
        const module = blockModule(block._type);
        if (edit?.[block._key])
          return (
            <div key={block._key} data-sanity={edit[block._key]} data-block-key={block._key} data-module={module}>
              <LoadingBoundary>{content}</LoadingBoundary>
            </div>
          );
        if (STATIC_BLOCKS.has(block._type))
          return (
            <StaticHtml key={block._key} module={module}>
              {content}
            </StaticHtml>
          );
        if (ON_INTERACTION_BLOCKS.has(block._type))
          return (
            <LiveOnInteraction key={block._key} module={module}>
              {content}
            </LiveOnInteraction>
          );
        // Live at once: its chunk is loaded before React hydrates the page (client-modules.tsx).
        return (
          <div key={block._key} className="contents" data-module={module} data-hydrate="">
            <LoadingBoundary>{content}</LoadingBoundary>
          </div>
        );
      })}
    </div>
  );
}
