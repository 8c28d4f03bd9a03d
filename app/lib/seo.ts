/** Builds the <head> tags every route exports from its `meta`: title, description, canonical, Open Graph. */
import type { MetaDescriptor } from "@remix-run/node";
import type { Seo } from "~/content/sanity.types";

/** A page's `seo` object as the queries return it (TypeGen's `Seo`, app/content/sanity.types.ts). */
export type SeoFields = Omit<Seo, "_type">;

export interface RootData {
  siteUrl: string;
  settings: { siteName?: string | null; defaultSeo?: SeoFields | null } & Record<string, unknown>;
}

interface MatchLike {
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
  { seo, path, ogType = "website" }: { seo?: SeoFields | null; path: string; ogType?: string },
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
    { name: "twitter:card", content: "summary" },
  ];
  if (seo?.keywords?.length) tags.push({ name: "keywords", content: seo.keywords.join(", ") });
  return tags;
}

/** A JSON-LD block for `meta` (Remix renders it as an inline script with escaped content). */
export function jsonLd(data: Record<string, unknown>): MetaDescriptor {
  return { "script:ld+json": data };
}
