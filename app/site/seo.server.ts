/**
 * The <head> tags of every page, built by its loader: title, description, canonical, Open Graph, the
 * social card, structured data. They travel in the loader's data as `meta`, and the route's `meta`
 * (app/lib/seo.ts) only hands them to Remix, so the browser never downloads the code that builds them
 * (the card's content hash, the JSON-LD shapes: docs/lab/javascript-budget-log.md).
 *
 *     export const loader = () => loadPage(getContactPage, "/contacto");
 *     export const meta = loaderMeta;
 *     export const headers = publicPageHeaders;
 *
 * The loader stays an arrow function in the route, and `headers` a plain export, so the browser build
 * drops both with what they import (a destructured export would keep the headers code in the browser).
 */
import type { MetaDescriptor } from "@remix-run/node";

import { getSiteSettings } from "~/content/index.server";
import type { SeoFields, SiteSettings } from "~/content/types";
import { publicSiteUrl } from "~/lib/env.server";
import { type FaqEntry, faqPageJsonLd } from "~/lib/faq-jsonld";
import {
  CARD_HEIGHT,
  CARD_WIDTH,
  cardAlt,
  cardContent,
  cardKey,
  cardPath,
  type CardSettings,
  type HeroCardSource,
  type SectorCardSource,
  SITE_CARD_KEY,
} from "~/social-cards/card-content";

export interface SiteHead {
  siteUrl: string;
  settings: SiteSettings;
}

/** What every page's tags are made of besides the page: the site's settings and its public address. */
export async function siteHead(): Promise<SiteHead> {
  return { settings: await getSiteSettings(), siteUrl: publicSiteUrl() };
}

export function absoluteUrl(siteUrl: string, path: string): string {
  return path.startsWith("http") ? path : `${siteUrl}${path.startsWith("/") ? "" : "/"}${path}`;
}

/**
 * The social card tags (docs/social-cards.md): og:image is the page's card at /social/<page-key>.png (.jpg
 * for an editor's image) with its content hash, absolute, so LinkedIn and WhatsApp previews show a picture.
 */
export function socialImageMeta(
  site: SiteHead,
  {
    key,
    seo,
    sector,
    hero,
  }: { key: string; seo?: SeoFields | null; sector?: SectorCardSource | null; hero?: HeroCardSource | null },
): MetaDescriptor[] {
  const content = cardContent({ settings: site.settings as CardSettings, seo, sector, hero });
  const path = cardPath(key, content);
  return [
    { property: "og:image", content: absoluteUrl(site.siteUrl, path) },
    { property: "og:image:type", content: content.imageRef ? "image/jpeg" : "image/png" },
    { property: "og:image:width", content: String(CARD_WIDTH) },
    { property: "og:image:height", content: String(CARD_HEIGHT) },
    { property: "og:image:alt", content: cardAlt(content) },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}

/** The site's own card, for a page that has none (a failed page's head). */
export function siteCardMeta(site: SiteHead): MetaDescriptor[] {
  return socialImageMeta(site, { key: SITE_CARD_KEY });
}

export interface PageHead {
  seo?: SeoFields | null;
  path: string;
  ogType?: string;
  sector?: SectorCardSource | null;
  hero?: HeroCardSource | null;
}

/** A page's tags: its seo fields (the site's defaults where empty) at `path`, and its social card. */
export function pageMeta(site: SiteHead, { seo, path, ogType = "website", sector, hero }: PageHead): MetaDescriptor[] {
  const fallback = site.settings.defaultSeo;
  const siteName = site.settings.siteName ?? "";
  const title = seo?.title || fallback?.title || siteName;
  const description = seo?.description || fallback?.description || "";
  const url = absoluteUrl(site.siteUrl, path);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: ogType },
    { property: "og:locale", content: "es_ES" },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    ...socialImageMeta(site, { key: cardKey(path), seo, sector, hero }),
  ];
  if (seo?.keywords?.length) tags.push({ name: "keywords", content: seo.keywords.join(", ") });
  return tags;
}

/** A JSON-LD block (Remix renders it as an inline script with escaped content). */
export function jsonLd(data: Record<string, unknown>): MetaDescriptor {
  return { "script:ld+json": data };
}

/** The FAQPage structured data of a page with a FAQ section, when it has one. */
export function faqMeta(page: { faq?: { items?: ReadonlyArray<FaqEntry> | null } | null } | undefined) {
  const faq = faqPageJsonLd(page?.faq?.items);
  return faq ? [jsonLd(faq)] : [];
}

/** The loader's data of a content page: the page (a missing one is already a 404) and its tags. */
/** A page's data as its route's loader sends it: what the page shows (typed beside it) and its head tags. */
export type WithMeta<Data> = Data & { meta: MetaDescriptor[] };

export async function loadPage<Page extends { seo?: SeoFields | null }>(
  load: () => Promise<Page>,
  path: string,
  more?: (page: Page) => MetaDescriptor[],
): Promise<{ page: Page; meta: MetaDescriptor[] }> {
  const [page, site] = await Promise.all([load(), siteHead()]);
  return { page, meta: [...pageMeta(site, { seo: page.seo, path }), ...(more?.(page) ?? [])] };
}
