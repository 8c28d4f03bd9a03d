/**
 * What a campaign block is, in one typed object (its folder's `block.ts`): the GROQ fragment the page's
 * query projects it with, the check that says when what the query read can be shown, the component
 * that renders it, and how its code reaches the browser. app/blocks/registry.ts lists the definitions;
 * the renderer (Blocks.tsx), the query's projection (app/content/queries.ts) and the validation
 * (usable-blocks.server.ts) are derived from it, and tests/unit/block-registry.test.ts checks it against
 * the Studio's schema and the seed dataset.
 *
 * What a block does on the server besides its fragment (turning the queried block into what its
 * component renders, its lead form, its part of the page's head) is in its folder's `block.server.ts`
 * (`defineBlockServer`, server-steps.server.ts), listed in registry.server.ts: never in this file, which the
 * browser downloads.
 */
import type { ComponentType, ReactNode } from "react";
import type { GenericSchema } from "valibot";

import { type Hydration, island } from "~/components/islands/island";
import { pageIsland } from "~/components/islands/page-island";

import type { BlockOf, BlockType, CampaignPage } from "./types";

/** What a block may read of its page besides its own data. */
export interface BlockPage {
  /** The block's element id (blockId in Blocks.tsx). */
  id: string;
  /** The landing form's success texts: the lead form's defaults. */
  formTexts: CampaignPage["formTexts"];
}

/**
 * What a block's folder declares (its block.ts). `R` is the block as the page's loader sends it: the
 * queried block itself, or what its server step `load` (its folder's block.server.ts) makes of it.
 */
export interface BlockSource<T extends BlockType, P extends object, R extends { _type: T; _key: string } = BlockOf<T>> {
  /** The block's `_type`, as the Studio's schema names it. */
  type: T;
  /** Its part of the page query's `blocks[]` projection: a literal, so TypeGen can read it. */
  fragment: `_type == "${T}" => ${string}`;
  /**
   * Its content check (a Valibot schema, in the folder's content.ts): a block that fails it is left out
   * of the page. Loaded, not imported, so the browser never downloads the checks.
   */
  check: () => Promise<GenericSchema>;
  /** Its component, a chunk of its own. */
  component: () => Promise<ComponentType<P>>;
  /** The component's props from the block and its page; null renders nothing. */
  props: (block: R, page: BlockPage) => P | null;
  /**
   * How its code reaches the browser: 'server-html' for text, images and links (and what the frame script
   * drives, as the FAQ's accordion); 'on-interaction' for forms: on a public page a page island
   * (app/components/islands/page-island.tsx) whose entry is app/islands/<type in kebab case>.tsx, loaded when
   * a visitor reaches for it.
   */
  hydration: Exclude<Hydration, "at-once">;
  /** A page shows one at most: a second would compete for the same visitor and the same anchors. */
  oncePerPage?: boolean;
}

/** A registered block: its declaration, and its island rendering it with the props it declared. */
export interface BlockDefinition<T extends BlockType, R extends object = BlockOf<T>> {
  type: T;
  fragment: string;
  check: () => Promise<GenericSchema>;
  /** Its component's chunk (its props are known to `render` only). */
  component: () => Promise<unknown>;
  hydration: Hydration;
  oncePerPage: boolean;
  /** Its chunk's key, as `data-module` names it in the HTML. */
  module: string;
  /** The block as its island (`live`: without the hydration wrapper, as draft preview renders it). */
  render: (block: R, page: BlockPage, live: boolean) => ReactNode;
}

/** The block as a definition's component receives it from the page's loader. */
export type RenderedBy<D> = D extends BlockDefinition<BlockType, infer R> ? R : never;

/** A block's definition: its props are checked against its component's, once, here. */
export function defineBlock<T extends BlockType, P extends object, R extends { _type: T; _key: string } = BlockOf<T>>(
  source: BlockSource<T, P, R>,
): BlockDefinition<T, R> {
  const module = `block:${source.type}`;
  const Island = island(module, source.hydration, source.component);
  // On a public page a form block is a page island; its entry (app/islands/) imports the component itself.
  const Reached = source.hydration === "on-interaction" ? pageIsland(blockIslandName(source.type), Island.Live) : null;
  return {
    type: source.type,
    fragment: source.fragment,
    check: source.check,
    component: source.component,
    hydration: source.hydration,
    oncePerPage: source.oncePerPage === true,
    module,
    render(block, page, live) {
      const props = source.props(block, page);
      if (props === null) return null;
      if (live) return <Island.Live {...props} />;
      return Reached ? <Reached {...props} /> : <Island {...props} />;
    },
  };
}

/** A form block's page island: its entry's file name in app/islands/ (`someFormBlock` → `some-form-block`). */
export function blockIslandName(type: string): string {
  return type.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}
