/**
 * The blocks of a campaign page, in order, each rendered by its definition (app/blocks/registry.ts). The
 * loader already left out what cannot be shown (usable-blocks.server.ts), so every block here renders.
 * In draft preview each block is wrapped in an element carrying its click-to-edit attribute (`edit`, from
 * the loader); public pages get the blocks alone.
 *
 * A public campaign page does not hydrate (docs/decisions/0025-islands-without-remix.md); each block says
 * how its code reaches the browser (app/blocks/definition.tsx), so a page pays only for its own forms:
 * - 'server-html' blocks (text, images, links; the FAQ, whose accordion the frame script drives) are the
 *   server's HTML alone: their code is never downloaded;
 * - the calculator and the lead form ('on-interaction') are page islands, working without JavaScript until
 *   the visitor reaches for them; then their entry (app/islands/) brings React and the live form.
 * In preview and after a client-side navigation from a page that runs Remix there is no server HTML to
 * keep: each block loads its chunk at once.
 */
import { Fragment, type ReactNode } from "react";

import { LoadingBoundary } from "~/components/islands/island";

import type { BlockPage } from "./definition";
import { BLOCKS, type RenderedBlock, type RenderedBlockOf, RENDERERS } from "./registry";
import type { BlockType } from "./types";

type PageContext = Omit<BlockPage, "id">;

/** The element id of a block: stable across edits, safe in HTML whatever the key holds. */
export function blockId(block: { _key: string }): string {
  return `bloque-${block._key.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 40)}`;
}

/** The block through its own definition, which types what its component receives. */
function renderBlock<T extends BlockType>(type: T, block: RenderedBlockOf<T>, page: BlockPage, live: boolean) {
  return RENDERERS[type].render(block, page, live);
}

export function Blocks({
  blocks,
  edit,
  ...page
}: { blocks: readonly RenderedBlock[]; edit?: Record<string, string> } & PageContext) {
  return (
    <div className={edit ? "flex flex-col" : undefined} data-campaign-blocks={edit ? "" : undefined}>
      {blocks.map((block): ReactNode => {
        if (!Object.hasOwn(BLOCKS, block._type)) return null;
        const context = { ...page, id: blockId(block) };
        const editing = edit?.[block._key];
        if (!editing) return <Fragment key={block._key}>{renderBlock(block._type, block, context, false)}</Fragment>;
        // Draft preview: the live component inside the element that carries its click-to-edit attribute.
        return (
          <div
            key={block._key}
            data-sanity={editing}
            data-block-key={block._key}
            data-module={BLOCKS[block._type].module}
          >
            <LoadingBoundary>{renderBlock(block._type, block, context, true)}</LoadingBoundary>
          </div>
        );
      })}
    </div>
  );
}
