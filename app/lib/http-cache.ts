/**
 * Cache policies, named once. Routes re-export these through `headers`; server.ts reads
 * Cache-Control to decide what its rendered-page cache may keep.
 */
import type { HeadersFunction } from "@remix-run/node";

/** Public pages: browsers revalidate, a CDN may keep 5 min and serve stale for a day while refreshing. */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=300, stale-while-revalidate=86400";
/**
 * With a shared cache in front that this site purges by tag (SHARED_CACHE_PURGE_URL, CONTRACT §14): it may
 * keep a public page a day, and serve the last copy a day more while the instances fail; browsers
 * still revalidate every time.
 */
export const SHARED_CACHE_PAGE_CACHE_CONTROL =
  "public, max-age=0, s-maxage=86400, stale-while-revalidate=86400, stale-if-error=86400";

/** The Cache-Control a public page answers with a purging shared cache in front: PUBLIC_PAGE_CACHE_CONTROL becomes SHARED_CACHE_PAGE_CACHE_CONTROL, any other policy stays. */
export function withSharedCache(cacheControl: string | null): string | null {
  return cacheControl === PUBLIC_PAGE_CACHE_CONTROL ? SHARED_CACHE_PAGE_CACHE_CONTROL : cacheControl;
}

/** Responses that depend on the visitor or on a form post. */
export const PRIVATE_NO_STORE = "private, no-store";

/** Addresses whose bytes never change (hashed build files, image renditions, versioned social cards). */
export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";

/**
 * Whether an If-None-Match header names this ETag (RFC 9110 §13.1.2: weak comparison, so a `W/` prefix
 * is ignored) or is `*` (unless `wildcard: false`, for a caller that has not yet checked that the
 * resource exists). A missing header matches nothing.
 */
export function ifNoneMatchIncludes(
  header: string | null | undefined,
  etag: string,
  { wildcard = true }: { wildcard?: boolean } = {},
): boolean {
  if (!header) return false;
  return header.split(",").some((candidate) => {
    const value = candidate.trim();
    return (wildcard && value === "*") || value.replace(/^W\//, "") === etag.replace(/^W\//, "");
  });
}

/**
 * A page answering a form post (actionHeaders) or an error keeps that answer's policy, and the post's
 * Retry-After (a 429, or a 503 when the lead could not be stored) reaches a no-JS visitor's page too.
 */
export const publicPageHeaders: HeadersFunction = ({ actionHeaders, errorHeaders }) => {
  const retryAfter = actionHeaders?.get("Retry-After");
  return {
    "Cache-Control":
      actionHeaders?.get("Cache-Control") ?? errorHeaders?.get("Cache-Control") ?? PUBLIC_PAGE_CACHE_CONTROL,
    ...(retryAfter ? { "Retry-After": retryAfter } : {}),
  };
};

/**
 * For a page whose loader may answer privately (a campaign page under a running A/B experiment,
 * app/experiments/serve.server.ts): the loader's Cache-Control when it set one, else publicPageHeaders.
 * Its Set-Cookie (the experiment cookie) Remix adds by itself.
 */
export const loaderAwarePageHeaders: HeadersFunction = (args) => {
  const own = args.loaderHeaders.get("Cache-Control");
  return own && !args.actionHeaders?.has("Cache-Control") && !args.errorHeaders?.has("Cache-Control")
    ? { "Cache-Control": own }
    : publicPageHeaders(args);
};
