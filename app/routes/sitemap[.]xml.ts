/** Every public page and every published sector page, absolute URLs. */
import { getSectorSlugs } from "~/content/index.server";
import { publicSiteUrl } from "~/lib/env.server";
import { PUBLIC_PAGE_CACHE_CONTROL } from "~/lib/http-cache";
import { STATIC_PAGE_PATHS } from "~/lib/site-paths";

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

export async function loader() {
  const base = publicSiteUrl();
  const sectors = await getSectorSlugs();
  const urls = [
    ...STATIC_PAGE_PATHS.map((path) => ({ loc: `${base}${path}`, lastmod: undefined as string | undefined })),
    ...sectors.map((sector: { slug: string | null; _updatedAt: string }) => ({
      loc: `${base}/sectores/${sector.slug}`,
      lastmod: sector._updatedAt?.slice(0, 10),
    })),
  ];
  const body =
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n` +
    urls
      .map(
        ({ loc, lastmod }) =>
          `  <url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>`,
      )
      .join("\n") +
    `\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL },
  });
}
