/**
 * Cross-origin protection for unsafe requests (every form action, `/api/consent`, the webhook), judged
 * the way Go's `http.CrossOriginProtection` judges them (docs/decisions/0014-cross-origin-protection.md):
 * `Sec-Fetch-Site` first, then `Origin` against the site's own origins, then allow. Pure and total: any
 * header value, however odd, gives a verdict and never a throw.
 */

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export interface CrossOriginInput {
  method: string | undefined;
  secFetchSite: string | undefined;
  origin: string | undefined;
  /** The request's own host as the server decided it (Host, or a trusted X-Forwarded-Host). */
  requestHost: string | undefined;
  /** The origin of PUBLIC_SITE_URL (`https://leads.example.es`), when set. */
  publicOrigin: string | undefined;
}

export type CrossOriginVerdict =
  | { allowed: true; why: "safe-method" | "sec-fetch-site" | "same-host" | "public-origin" | "no-headers" }
  | { allowed: false; why: "sec-fetch-site" | "origin" };

/** `scheme://host[:port]` of an absolute http(s) URL, lowercased, default port dropped; null otherwise. */
export function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

/** The host (with port) of an Origin header value as Go's url.Parse reads it; null when it has none. */
function originHost(origin: string): string | null {
  // Go compares the parsed URL's Host with the request's Host: no scheme check, exact host text.
  const match = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(origin);
  if (!match) return null;
  const authority = match[1]!;
  const at = authority.lastIndexOf("@");
  return at === -1 ? authority : authority.slice(at + 1);
}

export function judgeCrossOrigin({
  method,
  secFetchSite,
  origin,
  requestHost,
  publicOrigin,
}: CrossOriginInput): CrossOriginVerdict {
  if (SAFE_METHODS.has((method ?? "GET").toUpperCase())) return { allowed: true, why: "safe-method" };
  if (secFetchSite) {
    return secFetchSite === "same-origin" || secFetchSite === "none"
      ? { allowed: true, why: "sec-fetch-site" }
      : { allowed: false, why: "sec-fetch-site" };
  }
  if (!origin) return { allowed: true, why: "no-headers" };
  const host = originHost(origin);
  if (host && requestHost && host.toLowerCase() === requestHost.toLowerCase()) {
    return { allowed: true, why: "same-host" };
  }
  if (publicOrigin && originOf(origin) === publicOrigin && /^https?:\/\/[^/]+$/i.test(origin.trim())) {
    return { allowed: true, why: "public-origin" };
  }
  return { allowed: false, why: "origin" };
}
