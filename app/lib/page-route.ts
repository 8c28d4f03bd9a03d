/**
 * What the content pages' route modules (app/routes/) share, so each stays its loader, action and
 * component: the loader answers `{ page }` with the page's document (a missing one is already a 404,
 * app/content/index.server.ts), `meta` is built from the page's seo fields at the page's path, and the
 * cache policy is the public pages' one (app/lib/http-cache.ts).
 *
 *     export const loader = () => loadPage(getContactPage);
 *     export const { meta, headers } = pageExports("/contacto");
 *
 * The loader stays an arrow function in the route, so the browser build drops it with its server imports.
 */
import type { MetaDescriptor } from "@remix-run/node";

import { type FaqEntry, faqPageJsonLd } from "./faq-jsonld";
import { publicPageHeaders } from "./http-cache";
import { jsonLd, type MatchLike, pageMeta, type SeoFields } from "./seo";

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
