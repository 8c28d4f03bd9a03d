/**
 * The blocks of a campaign page, in order. The loader already left out what cannot be shown
 * (registry.server.ts), so every block here renders. In draft preview each block is wrapped in an element
 * carrying its click-to-edit attribute (`edit`, from the loader); public pages get the blocks alone.
 *
 * What the browser downloads (docs/decisions/javascript-budget.md, 'Campaign pages'):
 * - the server renders every block from its component (components.server.ts);
 * - a block with nothing to do in the browser (STATIC_BLOCKS) keeps the server's HTML on a public page
 *   (StaticHtml): it is never hydrated, so its code is never downloaded;
 * - the other blocks (calculator, FAQ, lead form) keep the server's HTML, working without JavaScript,
 *   until they come within a screen of the viewport or the visitor touches them; then their folder's code
 *   loads as a chunk of its own and hydrates them. A page's first load pays for the blocks in view, and
 *   the not-found page (this route too) for none;
 * - in preview and after a client-side navigation there is no server HTML to keep: each block loads its
 *   chunk at once.
 */
import { type ComponentProps, type ComponentType, lazy, type ReactNode, Suspense } from "react";

import { StaticHtml, useServerHtml } from "~/components/islands/static-html";

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

/** The browser's components: each loads its block folder's chunk the first time it renders. */
const browserBlockComponents: BlockComponents = {
  heroBlock: lazy(() => import("./hero/HeroBlock").then((m) => ({ default: m.HeroBlock }))),
  richTextBlock: lazy(() => import("./rich-text/RichTextBlock").then((m) => ({ default: m.RichTextBlock }))),
  sectorFiguresBlock: lazy(() =>
    import("./sector-figures/SectorFiguresBlock").then((m) => ({ default: m.SectorFiguresBlock })),
  ),
  calculatorBlock: lazy(() => import("./calculator/CalculatorBlock").then((m) => ({ default: m.CalculatorBlock }))),
  faqBlock: lazy(() => import("./faq/FaqBlock").then((m) => ({ default: m.FaqBlock }))),
  leadFormBlock: lazy(() => import("./lead-form/LeadFormBlock").then((m) => ({ default: m.LeadFormBlock }))),
  ctaBlock: lazy(() => import("./cta/CtaBlock").then((m) => ({ default: m.CtaBlock }))),
  clientLogosBlock: lazy(() => import("./client-logos/ClientLogosBlock").then((m) => ({ default: m.ClientLogosBlock }))),
  stepsBlock: lazy(() => import("./steps/StepsBlock").then((m) => ({ default: m.StepsBlock }))),
  benefitsBlock: lazy(() => import("./benefits/BenefitsBlock").then((m) => ({ default: m.BenefitsBlock }))),
  testimonialsBlock: lazy(() =>
    import("./testimonials/TestimonialsBlock").then((m) => ({ default: m.TestimonialsBlock })),
  ),
};

/** The server's module is empty in the browser (a `.server` file), so this picks the side we run on. */
const components: BlockComponents = serverBlockComponents ?? browserBlockComponents;

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
  stepsBlock: (block: ComponentProps<typeof StepsBlock>["block"], id) => <components.stepsBlock block={block} id={id} />,
  benefitsBlock: (block: ComponentProps<typeof BenefitsBlock>["block"], id) => (
    <components.benefitsBlock block={block} id={id} />
  ),
  testimonialsBlock: (block: ComponentProps<typeof TestimonialsBlock>["block"], id) => (
    <components.testimonialsBlock block={block} id={id} />
  ),
};

/** Each block element's promise that settles once the block is near the viewport or touched. */
const approaches = new WeakMap<Element, { promise: Promise<void>; near: boolean }>();

function approach(element: Element) {
  let state = approaches.get(element);
  if (!state) {
    let settle = () => {};
    const promise = new Promise<void>((resolve) => (settle = resolve));
    const current = { promise, near: false };
    state = current;
    approaches.set(element, current);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) done();
      },
      // A screen ahead, so the code has arrived by the time the visitor gets there.
      { rootMargin: "100% 0px" },
    );
    const done = () => {
      current.near = true;
      observer.disconnect();
      element.removeEventListener("pointerdown", done);
      element.removeEventListener("focusin", done);
      settle();
    };
    observer.observe(element);
    element.addEventListener("pointerdown", done);
    element.addEventListener("focusin", done);
  }
  return state;
}

/**
 * An interactive block: while hydrating, it waits (keeping the server's HTML, which works without
 * JavaScript) until the block is near; rendered on the client, it goes straight on to load its code.
 */
function InteractiveBlockContent({ id, children }: { id: string; children: ReactNode }) {
  const serverHtml = useServerHtml();
  const element = serverHtml && typeof document !== "undefined" ? document.getElementById(id) : null;
  if (element) {
    const state = approach(element);
    if (!state.near) throw state.promise;
  }
  return <>{children}</>;
}

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
        if (edit?.[block._key])
          return (
            <div key={block._key} data-sanity={edit[block._key]} data-block-key={block._key}>
              <Suspense fallback={null}>{content}</Suspense>
            </div>
          );
        return (
          <div key={block._key} className="contents">
            {STATIC_BLOCKS.has(block._type) ? (
              <StaticHtml json={JSON.stringify(block)}>{content}</StaticHtml>
            ) : (
              <Suspense fallback={null}>
                <InteractiveBlockContent id={blockId(block)}>{content}</InteractiveBlockContent>
              </Suspense>
            )}
          </div>
        );
      })}
    </div>
  );
}
