/**
 * GROQ projections more than one query asks for: app/content/queries.ts and the campaign blocks'
 * projections (app/blocks/<block>/content.ts) build on them, so every image, FAQ item and sector label
 * is read the same way. Plain string literals (no `${}`), so TypeScript keeps their literal types.
 */

/** What the image component needs of an image field: the same projection on both sources (docs/images.md). */
export const IMAGE = `alt, crop, hotspot, "asset": asset->{_id, url, metadata{lqip, dimensions{width, height}}}`;

/** A referenced FAQ item. */
export const FAQ_ITEM = `_id, question, answer`;

/** The sector page labels the directory singleton holds for every sector page. */
export const SECTOR_PAGE_LABELS = `*[_type == "sectorsDirectory" && _id == "sectorsDirectory"][0].sectorPageLabels`;
