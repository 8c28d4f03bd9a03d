/**
 * Every public page, every published sector page and every indexable campaign page (not a running A/B
 * experiment's variant: it is seen at the control's path), absolute URLs.
 */
import { getCampaignPaths, getSectorSlugs } from "~/content/index.server";
import { variantSlugsUnderTest } from "~/experiments/serve.server";
import { publicSiteUrl } from "~/lib/env.server";
import { PUBLIC_PAGE_CACHE_CONTROL } from "~/lib/http-cache";
import { campaignSlugOfPath, STATIC_PAGE_PATHS } from "~/lib/site-paths";

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

export async function loader() {
  const base = publicSiteUrl();
  const [sectors, campaigns, underTest] = await Promise.all([
    getSectorSlugs(),
    getCampaignPaths(),
    variantSlugsUnderTest(),
  ]);
  const urls = [
    ...STATIC_PAGE_PATHS.map((path) => ({ loc: `${base}${path}`, lastmod: undefined as string | undefined })),
    ...sectors.map((sector: { slug: string | null; _updatedAt: string }) => ({
      loc: `${base}/sectores/${sector.slug}`,
      lastmod: sector._updatedAt?.slice(0, 10),
    })),
    // A campaign page whose slug a route owns is never served, so never listed.
    ...campaigns
      .filter(
        (campaign) =>
          !campaign.noIndex && campaignSlugOfPath(`/${campaign.slug}`) && !underTest.has(campaign.slug ?? ""),
      )
      .map((campaign) => ({ loc: `${base}/${campaign.slug}`, lastmod: campaign._updatedAt?.slice(0, 10) })),
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
