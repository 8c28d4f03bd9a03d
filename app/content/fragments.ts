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

/**
 * The current path of the page a link names (`page`, a reference to a sector page, a campaign page or a
 * single page) with its optional `anchor` (`#contacto`, `?origen=feria`): a `cta`, a rich text `link`, a
 * header menu item (`navItem`) and a next step (`nextStep`) name pages this way. A page that is gone or
 * unpublished gives null: the button or menu item is left out, the text keeps no link. Resolved here, in
 * the query, so a rename changes the query's result and its cache tags purge the pages that print it
 * (docs/decisions/0015-tag-based-invalidation.md). The single pages' paths are the routes'
 * (app/lib/site-paths.ts, sanity-studio/presentation/appearances.ts).
 */
export const LINK_PAGE_PATH = `select(
  page->_type == "sectorPage" => "/sectores/" + page->slug.current,
  page->_type == "campaignPage" => "/" + page->slug.current,
  page->_type == "landingPage" => "/",
  page->_type == "plansPage" => "/mensual",
  page->_type == "calculatorPage" => "/calculadora",
  page->_type == "sectorsDirectory" => "/sectores",
  page->_type == "googleAdsPage" => "/servicios/google-ads",
  page->_type == "contactPage" => "/contacto",
  page->_type == "legalPage" => "/legal",
  page->_type == "nextStepsPage" => "/siguiente",
  page->_type == "draftContractPage" => "/borrador",
  page->_type == "serviceStartPage" => "/iniciar-servicio"
) + coalesce(anchor, "")`;

/** A `cta` or rich text `link`'s address: the named page's path, else the address typed in `href` (an `https:` URL, `mailto:`, `tel:`, `#anchor`, or a path). */
export const LINK_HREF = `"href": select(defined(page._ref) => ${LINK_PAGE_PATH}, href)`;
