/**
 * Optimistic reorder of a campaign page's blocks in draft preview: when an editor drags a block in the
 * Studio's Presentation tool, the overlay's optimistic document has the new order at once; this shows it
 * by giving each block wrapper (`data-block-key`, inside `data-campaign-blocks`, a flex column) its CSS
 * `order`, without touching the DOM React owns. The revalidated page then has the same order itself.
 */
export const BLOCKS_SELECTOR = "[data-campaign-blocks]";

/** Orders the block wrappers under `root` as `document.blocks` lists their keys; others keep their place. */
export function applyBlockOrder(optimistic: unknown, root: ParentNode = document): boolean {
  const blocks = (optimistic as { _type?: unknown; blocks?: unknown } | null)?.blocks;
  if ((optimistic as { _type?: unknown } | null)?._type !== "campaignPage" || !Array.isArray(blocks)) return false;
  const container = root.querySelector(BLOCKS_SELECTOR);
  if (!container) return false;
  const keys = blocks.map((block: { _key?: unknown } | null) => (typeof block?._key === "string" ? block._key : ""));
  for (const element of Array.from(container.children) as HTMLElement[]) {
    const index = keys.indexOf(element.dataset.blockKey ?? "");
    element.style.order = index === -1 ? "" : String(index);
  }
  return true;
}
