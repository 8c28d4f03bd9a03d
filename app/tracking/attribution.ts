/**
 * Lead attribution, as pure rules: which campaign brought the visit. Every lead payload carries an
 * `origen` object built from the first page of the visit (campaign parameters, click ids, landing page,
 * referrer) plus the consent state at the time of sending. The browser keeps it in session storage
 * (see visit-origin.ts); the server rebuilds what it can from the request when JavaScript is off
 * (see attribution.server.ts).
 */
import type { ConsentSummary } from "~/consent/consent";

/** Query parameters kept, by their usual names (Google Ads, Meta and UTM conventions). */
export const ORIGIN_PARAMS = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "gclid",
  "gbraid",
  "wbraid",
  "fbclid",
] as const;
export type OriginParam = (typeof ORIGIN_PARAMS)[number];

/** `origen` in a lead payload. */
export type Origin = Partial<Record<OriginParam, string>> & {
  /** Path and query of the first page of the visit, e.g. `/?utm_source=google&gclid=abc`. */
  paginaEntrada?: string;
  /** Where the visit came from: origin and path of the referring page (its query is dropped). */
  urlReferencia?: string;
  /** The visitor's cookie choice when the form was sent. */
  consentimiento?: ConsentSummary;
};

/** The name of the hidden form field that carries the browser's `origen` as JSON. */
export const ORIGIN_FIELD = "origen";

const MAX_VALUE_LENGTH = 500;

function clean(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return trimmed ? trimmed.slice(0, MAX_VALUE_LENGTH) : undefined;
}

function toUrl(value: string | URL | null | undefined, base?: string): URL | null {
  if (!value) return null;
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
}

/** The campaign parameters and click ids present in a URL's query. */
export function campaignParams(url: string | URL | null | undefined): Partial<Record<OriginParam, string>> {
  const parsed = toUrl(url, "http://localhost");
  const params: Partial<Record<OriginParam, string>> = {};
  if (!parsed) return params;
  for (const name of ORIGIN_PARAMS) {
    const value = clean(parsed.searchParams.get(name));
    if (value) params[name] = value;
  }
  return params;
}

export function hasCampaign(origin: Origin | null | undefined): boolean {
  return ORIGIN_PARAMS.some((name) => Boolean(origin?.[name]));
}

/** Path + query of a URL, without its fragment. */
export function pathOf(url: URL): string {
  return `${url.pathname}${url.search}`.slice(0, MAX_VALUE_LENGTH);
}

/** A referrer as origin + path; an empty one or one from our own site counts as none. */
export function externalReferrer(referrer: string | null | undefined, siteOrigin: string): string | undefined {
  const parsed = toUrl(referrer);
  if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin === siteOrigin) return undefined;
  return clean(`${parsed.origin}${parsed.pathname}`);
}

/** What one page load tells about the visit: its URL's campaign data and the document's referrer. */
export function originOfPage(pageUrl: string | URL, referrer: string | null | undefined): Origin {
  const url = toUrl(pageUrl);
  if (!url) return {};
  const origin: Origin = { ...campaignParams(url), paginaEntrada: pathOf(url) };
  const from = externalReferrer(referrer, url.origin);
  if (from) origin.urlReferencia = from;
  return origin;
}

/**
 * Combines the visit's stored origin with what the current page shows. The first page of the visit
 * wins; a later page only replaces it when it brings a new campaign touch (another ad click) or an
 * outside referrer after a visit that had neither.
 */
export function mergeOrigin(stored: Origin | null | undefined, current: Origin): Origin {
  if (!stored || !stored.paginaEntrada) return current;
  if (hasCampaign(current) && ORIGIN_PARAMS.some((name) => current[name] !== stored[name])) return current;
  if (!hasCampaign(stored) && !stored.urlReferencia && current.urlReferencia) return current;
  return stored;
}

/** Reads an `origen` sent by a browser (JSON text or object), keeping only known fields as short strings. */
export function parseOrigin(value: unknown): Origin | null {
  let data: unknown = value;
  if (typeof value === "string") {
    if (!value.trim() || value.length > 8_000) return null;
    try {
      data = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) return null;
  const record = data as Record<string, unknown>;
  const origin: Origin = {};
  for (const name of ORIGIN_PARAMS) {
    const text = clean(record[name]);
    if (text) origin[name] = text;
  }
  const landing = clean(record.paginaEntrada);
  if (landing?.startsWith("/")) origin.paginaEntrada = landing;
  const referrer = clean(record.urlReferencia);
  if (referrer && /^https?:\/\//.test(referrer)) origin.urlReferencia = referrer;
  return origin;
}

/**
 * Fills what a browser did not send from what the server still sees: the query of the page that
 * posted (Referer) and of the action URL itself. Browser values win field by field.
 */
export function completeOrigin(fromBrowser: Origin | null, fallbacks: Array<Origin | null | undefined>): Origin {
  const result: Origin = {};
  for (const source of [...fallbacks].reverse()) Object.assign(result, definedOnly(source));
  if (fromBrowser && (hasCampaign(fromBrowser) || fromBrowser.paginaEntrada)) {
    // The browser saw the whole visit: its campaign data replaces the fallback's as one set.
    for (const name of ORIGIN_PARAMS) delete result[name];
  }
  return Object.assign(result, definedOnly(fromBrowser));
}

function definedOnly(origin: Origin | null | undefined): Origin {
  const out: Origin = {};
  if (!origin) return out;
  for (const [key, value] of Object.entries(origin)) {
    if (value !== undefined) (out as Record<string, unknown>)[key] = value;
  }
  return out;
}
