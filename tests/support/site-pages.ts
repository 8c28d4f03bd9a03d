/**
 * The site's pages as its route table lists them (docs/product-rules.md). Written out here rather than
 * imported from app/lib/site-paths.ts, so a page the app stops listing still fails the tests that expect it.
 */
export const STATIC_PAGES = [
  "/",
  "/calculadora",
  "/mensual",
  "/sectores",
  "/contacto",
  "/legal",
  "/siguiente",
  "/borrador",
  "/iniciar-servicio",
  "/servicios/google-ads",
] as const;

/** Every kind of page: the static ones and a sector page from content. */
export const EVERY_PAGE_KIND = [...STATIC_PAGES, "/sectores/construccion"];
