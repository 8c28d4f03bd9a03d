/**
 * One rendered response kept in memory: which responses may be shared, the entry itself with its
 * precompressed (brotli, gzip) bodies and strong ETag, and which encoding a client gets.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";

import { LRUCache } from "lru-cache";
import Negotiator from "negotiator";

import { CACHE_TAG_HEADER, parseCacheTags } from "./app";

export type Encoding = "br" | "gzip" | "identity";

/** A complete response kept in memory, in every encoding we serve. */
export interface CachedResponse {
  status: number;
  /** Origin headers worth repeating (Content-Type, Cache-Control, Content-Security-Policy, …). */
  headers: Record<string, string>;
  /** Strong validator of the identity body, without quotes. */
  etag: string;
  bodies: Record<Encoding, Buffer>;
  /** Bytes held: every distinct body. */
  size: number;
  /** The cache tags of the content it showed (its Surrogate-Key header): a change of one drops it. */
  tags: readonly string[];
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Headers that belong to one transfer, never to the cached representation. */
const TRANSFER_HEADERS = new Set([
  "connection",
  "content-encoding",
  "content-length",
  "date",
  "etag",
  "keep-alive",
  "set-cookie",
  "transfer-encoding",
  "vary",
  "x-cache",
]);

// Not text/event-stream: a compressor would hold each event back until its buffer fills.
const COMPRESSIBLE_TYPE =
  /^(text\/(?!event-stream)|application\/(json|javascript|xml|manifest\+json|rss\+xml|ld\+json)|image\/svg\+xml)/i;

export function isCompressible(contentType: string | null | undefined): boolean {
  return COMPRESSIBLE_TYPE.test(contentType ?? "");
}

/** Brotli's densest setting: ~10% smaller than quality 5 but ~60× the CPU, so only for a bounded set. */
export const BROTLI_MAX_QUALITY = 11;
/** For responses whose number is not bounded by content (pages with a query string). */
export const BROTLI_FAST_QUALITY = 5;

/** Builds a cache entry: identity, brotli and gzip (level 9) bodies, compressed off the main thread. */
export async function createCachedResponse(
  status: number,
  headers: Iterable<[string, string]>,
  body: Buffer,
  { brotliQuality = BROTLI_MAX_QUALITY }: { brotliQuality?: number } = {},
): Promise<CachedResponse> {
  const kept: Record<string, string> = {};
  for (const [name, value] of headers) if (!TRANSFER_HEADERS.has(name.toLowerCase())) kept[name.toLowerCase()] = value;
  const compressible = isCompressible(kept["content-type"]);
  const [br, gz] = compressible
    ? await Promise.all([
        brotli(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          },
        }),
        gzip(body, { level: 9 }),
      ])
    : [body, body];
  const etag = createHash("sha256").update(body).digest("base64url").slice(0, 27);
  return {
    status,
    headers: kept,
    etag,
    bodies: { identity: body, br, gzip: gz },
    size: body.length + (br === body ? 0 : br.length) + (gz === body ? 0 : gz.length),
    tags: parseCacheTags(kept[CACHE_TAG_HEADER.toLowerCase()]),
  };
}

const CACHEABLE_TYPE = /^(text\/html|text\/plain|application\/xml|text\/xml)\b/i;

/** True when a response may be shared: 200, a page or text/xml resource, declared public, no cookie. */
export function isCacheableResponse(response: Pick<Response, "status" | "headers">): boolean {
  if (response.status !== 200) return false;
  const headers = response.headers;
  if (!CACHEABLE_TYPE.test(headers.get("content-type") ?? "")) return false;
  if (headers.has("set-cookie")) return false;
  const vary = headers.get("vary");
  if (vary && vary.split(",").some((name) => name.trim().toLowerCase() !== "accept-encoding")) return false;
  const cacheControl = (headers.get("cache-control") ?? "").toLowerCase();
  const directives = cacheControl.split(",").map((directive) => directive.trim().split("=")[0]);
  return (
    directives.includes("public") && !directives.some((d) => d === "private" || d === "no-store" || d === "no-cache")
  );
}

/** Browsers send a handful of distinct Accept-Encoding values: each is negotiated once (bounded). */
const negotiated = new LRUCache<string, Encoding>({ max: 256 });
const OFFERED: Encoding[] = ["br", "gzip", "identity"];
type PreferringNegotiator = Negotiator & {
  encoding(available: string[], options: { preferred: string[] }): string | undefined;
};

/** The best encoding the client accepts: brotli, then gzip, then none (q-values respected). */
export function negotiateEncoding(acceptEncoding: string | string[] | undefined): Encoding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(",") : acceptEncoding;
  if (!header) return "identity";
  let encoding = negotiated.get(header);
  if (encoding === undefined) {
    // negotiator 1.x takes the server's preference order for ties (its @types predate that option).
    const negotiator = new Negotiator({ headers: { "accept-encoding": header } }) as PreferringNegotiator;
    const best = negotiator.encoding(OFFERED, { preferred: OFFERED });
    encoding = (OFFERED as string[]).includes(best ?? "") ? (best as Encoding) : "identity";
    negotiated.set(header, encoding);
  }
  return encoding;
}

/** The encoding to send for an entry: the negotiated one unless it is not actually smaller. */
export function encodingFor(entry: CachedResponse, acceptEncoding: string | string[] | undefined): Encoding {
  const wanted = negotiateEncoding(acceptEncoding);
  if (wanted !== "identity" && entry.bodies[wanted].length < entry.bodies.identity.length) return wanted;
  return "identity";
}

/** The quoted strong ETag of one encoding (each content-coding is its own representation). */
export function etagFor(entry: CachedResponse, encoding: Encoding): string {
  return encoding === "identity" ? `"${entry.etag}"` : `"${entry.etag}-${encoding === "br" ? "br" : "gz"}"`;
}

/** True when If-None-Match names any representation of the entry (or is "*"). */
export function matchesIfNoneMatch(entry: CachedResponse, ifNoneMatch: string | undefined): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch
    .split(",")
    .map((tag) =>
      tag
        .trim()
        .replace(/^W\//, "")
        .replace(/^"|"$/g, "")
        .replace(/-(br|gz)$/, ""),
    )
    .includes(entry.etag);
}
