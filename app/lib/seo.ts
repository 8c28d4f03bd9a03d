/**
 * Builds the <head> tags every route exports from its `meta`: title, description, canonical, Open Graph,
 * social card; and what the content pages' route modules share (at the end), so each stays its loader,
 * action and component:
 *
 *     export const loader = () => loadPage(getContactPage);
 *     export const { meta, headers } = pageExports("/contacto");
 *
 * The loader stays an arrow function in the route, so the browser build drops it with its server imports.
 * These helpers live here rather than in a module of their own because every page already loads this one:
 * a separate module would become one more shared chunk for every public page to fetch.
 */
import type { MetaDescriptor } from "@remix-run/node";

import type { SeoFields } from "~/content/types";
import { type FaqEntry, faqPageJsonLd } from "~/lib/faq-jsonld";
import { publicPageHeaders } from "~/lib/http-cache";
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
} from "~/social-cards/card-content";

export type { SeoFields };

export interface RootData {
  siteUrl: string;
  settings: { siteName?: string | null; defaultSeo?: SeoFields | null } & Record<string, unknown>;
}

/**
 * The social card tags (docs/social-cards.md): og:image is the page's card at /social/<page-key>.png (.jpg
 * for an editor's image) with its content hash, absolute, so LinkedIn and WhatsApp previews show a picture.
 */
export function socialImageMeta(
  root: RootData | undefined,
  {
    key,
    seo,
    sector,
    hero,
  }: { key: string; seo?: SeoFields | null; sector?: SectorCardSource | null; hero?: HeroCardSource | null },
): MetaDescriptor[] {
  const content = cardContent({ settings: root?.settings as CardSettings | undefined, seo, sector, hero });
  const path = cardPath(key, content);
  return [
    { property: "og:image", content: absoluteUrl(root?.siteUrl ?? "", path) },
    { property: "og:image:type", content: content.imageRef ? "image/jpeg" : "image/png" },
    { property: "og:image:width", content: String(CARD_WIDTH) },
    { property: "og:image:height", content: String(CARD_HEIGHT) },
    { property: "og:image:alt", content: cardAlt(content) },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}

export interface MatchLike {
  id: string;
  data?: unknown;
}

/** The root loader's data as seen from any route's `meta` (it may be absent on a thrown error). */
export function rootDataFrom(matches: readonly MatchLike[]): RootData | undefined {
  return matches.find((match) => match.id === "root")?.data as RootData | undefined;
}

export function absoluteUrl(siteUrl: string, path: string): string {
  return path.startsWith("http") ? path : `${siteUrl}${path.startsWith("/") ? "" : "/"}${path}`;
}

export function pageMeta(
  matches: readonly MatchLike[],
  {
    seo,
    path,
    ogType = "website",
    sector,
    hero,
  }: {
    seo?: SeoFields | null;
    path: string;
    ogType?: string;
    sector?: SectorCardSource | null;
    hero?: HeroCardSource | null;
  },
): MetaDescriptor[] {
  const root = rootDataFrom(matches);
  const fallback = root?.settings.defaultSeo;
  const siteName = root?.settings.siteName ?? "";
  const title = seo?.title || fallback?.title || siteName;
  const description = seo?.description || fallback?.description || "";
  const url = absoluteUrl(root?.siteUrl ?? "", path);
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
    ...socialImageMeta(root, { key: cardKey(path), seo, sector, hero }),
  ];
  if (seo?.keywords?.length) tags.push({ name: "keywords", content: seo.keywords.join(", ") });
  return tags;
}

/** A JSON-LD block for `meta` (Remix renders it as an inline script with escaped content). */
export function jsonLd(data: Record<string, unknown>): MetaDescriptor {
  return { "script:ld+json": data };
}

// ---- Route modules' shared exports -------------------------------------------------------------------
// The loader answers `{ page }` with the page's document (a missing one is already a 404,
// app/content/index.server.ts), `meta` is built from the page's seo fields at the page's path, and the
// cache policy is the public pages' one (app/lib/http-cache.ts).

export async function loadPage<Page>(load: () => Promise<Page>): Promise<{ page: Page }> {
  return { page: await load() };
}

interface SeoPage {
  seo?: SeoFields | null;
}

/** `meta` of a page whose loader answers `{ page }`: its seo at `path`, then what `more` adds from the page. */
export function seoMeta<Page = unknown>(path: string, more?: (page: Page | undefined) => MetaDescriptor[]) {
  return ({ data, matches }: { data?: { page: SeoPage & Page }; matches: readonly MatchLike[] }): MetaDescriptor[] => [
    ...pageMeta(matches, { seo: data?.page.seo, path }),
    ...(more?.(data?.page) ?? []),
  ];
}

/** A content page's `meta` (`seoMeta`) and `headers` (public page cache). */
export function pageExports<Page = unknown>(path: string, more?: (page: Page | undefined) => MetaDescriptor[]) {
  return { meta: seoMeta(path, more), headers: publicPageHeaders };
}

/** For `seoMeta`'s `more`: the FAQPage structured data of a page with a FAQ section, when it has one. */
export function faqMeta(page: { faq?: { items?: ReadonlyArray<FaqEntry> | null } | null } | undefined) {
  const faq = faqPageJsonLd(page?.faq?.items);
  return faq ? [jsonLd(faq)] : [];
}
