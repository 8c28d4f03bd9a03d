/** The static public pages of the spec's route table (sector pages come from content). */
export const STATIC_PAGE_PATHS = [
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

export type StaticPagePath = (typeof STATIC_PAGE_PATHS)[number];

/**
 * First path segments that belong to the site's own routes and files (pages, sector pages, API
 * endpoints, images, social cards, build assets, health, sitemap, robots, the Studio's usual names). A
 * campaign page never lives under one: such a path always stays the route's, on the site and in the
 * Studio's slug check (sanity-studio/schemaTypes/blocks/campaign-slug.ts).
 */
export const RESERVED_FIRST_SEGMENTS: ReadonlySet<string> = new Set([
  ...STATIC_PAGE_PATHS.map((path) => path.split("/")[1]).filter(Boolean),
  "sectores",
  "servicios",
  "api",
  "build",
  "images",
  "social",
  "healthz",
  "sitemap",
  "sitemap.xml",
  "robots",
  "robots.txt",
  "favicon.svg",
  "studio",
  "admin",
  "assets",
  "index",
]);

/** A campaign page's slug: lowercase words joined by hyphens, segments joined by '/' ('reformas/madrid'). */
export const CAMPAIGN_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/;
export const CAMPAIGN_SLUG_MAX_LENGTH = 96;

export type CampaignSlugProblem = "empty" | "format" | "too-long" | "reserved";

/** Why a slug cannot be a campaign page's address, or null when `/{slug}` is free for one. */
export function campaignSlugProblem(slug: string | null | undefined): CampaignSlugProblem | null {
  if (!slug) return "empty";
  if (slug.length > CAMPAIGN_SLUG_MAX_LENGTH) return "too-long";
  if (!CAMPAIGN_SLUG_PATTERN.test(slug)) return "format";
  if (RESERVED_FIRST_SEGMENTS.has(slug.split("/")[0]!)) return "reserved";
  return null;
}

/** The slug a request path is a campaign page's address for (exactly `/{slug}`), or null. */
export function campaignSlugOfPath(pathname: string): string | null {
  const slug = pathname.startsWith("/") ? pathname.slice(1) : "";
  return campaignSlugProblem(slug) === null ? slug : null;
}

/**
 * The public path of each content type that has one, from its slug: the one rule the Studio uses for a
 * renamed page's redirect, its address field and Presentation (sanity-studio/actions/slug-redirect.ts).
 * A new type with a public path is added here.
 */
export const PUBLIC_PATH_RULES = {
  sectorPage: (slug: string) => `/sectores/${slug}`,
  campaignPage: (slug: string) => `/${slug}`,
} as const satisfies Record<string, (slug: string) => string>;

export type PublicPathType = keyof typeof PUBLIC_PATH_RULES;

/** True when documents of `type` live at a public path of their own. */
export function hasPublicPath(type: string): type is PublicPathType {
  return Object.hasOwn(PUBLIC_PATH_RULES, type);
}
