/**
 * /sitemap.xml: every public page, every published sector page and every indexable campaign page
 * (app/site/sitemap.server.ts). Past the search engines' limits (50,000 URLs or 50 MB) it becomes a
 * sitemap index of /sitemap/{n}.xml files (app/routes/sitemap.$file.ts).
 */
import { PUBLIC_PAGE_CACHE_CONTROL } from "~/lib/http-cache";
import { sitemapIndexXml, urlsetXml } from "~/lib/sitemap";
import { sitemap, XML_HEADERS } from "~/site/sitemap.server";

export async function loader() {
  const { base, files } = await sitemap();
  const body = files.length === 1 ? urlsetXml(files[0]!) : sitemapIndexXml(base, files.length);
  return new Response(body, { headers: { ...XML_HEADERS, "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL } });
}
