/**
 * The sitemap's URLs from content: every public page, every published sector page and every indexable
 * campaign page (not a running A/B experiment's variant: it is seen at the control's path), absolute.
 * SITEMAP_MAX_URLS / SITEMAP_MAX_BYTES lower the limits of app/lib/sitemap.ts (tests set a small one).
 */
import { getCampaignPaths, getSectorSlugs } from "~/content/index.server";
import { variantSlugsUnderTest } from "~/experiments/serve.server";
import { publicSiteUrl } from "~/lib/env.server";
import { campaignSlugOfPath, STATIC_PAGE_PATHS } from "~/lib/site-paths";
import { SITEMAP_LIMITS, sitemapFiles, type SitemapLimits, type SitemapUrl } from "~/lib/sitemap";

function limit(value: string | undefined, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? Math.min(number, fallback) : fallback;
}

export function sitemapLimits(env: NodeJS.ProcessEnv = process.env): SitemapLimits {
  return {
    urls: limit(env.SITEMAP_MAX_URLS, SITEMAP_LIMITS.urls),
    bytes: limit(env.SITEMAP_MAX_BYTES, SITEMAP_LIMITS.bytes),
  };
}

export async function sitemapUrls(): Promise<{ base: string; urls: SitemapUrl[] }> {
  const base = publicSiteUrl();
  const [sectors, campaigns, underTest] = await Promise.all([
    getSectorSlugs(),
    getCampaignPaths(),
    variantSlugsUnderTest(),
  ]);
  const urls: SitemapUrl[] = [
    ...STATIC_PAGE_PATHS.map((path) => ({ loc: `${base}${path}` })),
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
  return { base, urls };
}

/** The sitemap's files (one when everything fits). */
export async function sitemap() {
  const { base, urls } = await sitemapUrls();
  return { base, files: sitemapFiles(urls, sitemapLimits()) };
}

export const XML_HEADERS = { "Content-Type": "application/xml; charset=utf-8" } as const;
