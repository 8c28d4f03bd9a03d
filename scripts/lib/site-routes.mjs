// Every page a visitor can reach on a running server: the sitemap's pages (static pages and every
// published sector page) and the 404 page.
const NOT_FOUND_PATH = "/esta-pagina-no-existe";

/** Paths (with a leading slash) of every page of the site served at `baseUrl`, the 404 page last. */
export async function sitePaths(baseUrl) {
  const response = await fetch(`${baseUrl}/sitemap.xml`);
  if (!response.ok) throw new Error(`/sitemap.xml answered ${response.status}`);
  const xml = await response.text();
  const listed = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc).pathname);
  return [...listed, NOT_FOUND_PATH];
}

/** A file-system friendly name for a path: '/' → 'inicio', '/sectores/x' → 'sectores-x'. */
export function pathSlug(pathname) {
  return pathname === "/" ? "inicio" : pathname.replace(/^\//, "").replace(/[^a-z0-9-]+/gi, "-");
}
