/**
 * The rendered-page cache of the production server: which requests and responses may be cached, the
 * cache key, precompressed (brotli, gzip) bodies with a strong ETag, and a size-bounded LRU that is
 * dropped whole when content changes.
 */
import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";

export type Encoding = "br" | "gzip" | "identity";

/** A complete response kept in memory, in every encoding we serve. */
export interface CachedResponse {
  status: number;
  /** Origin headers worth repeating (Content-Type, Cache-Control, Content-Security-Policy, …). */
  headers: Record<string, string>;
  /** Strong validator of the identity body, without quotes. */
  etag: string;
  bodies: Record<Encoding, Buffer>;
  size: number;
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

const COMPRESSIBLE_TYPE =
  /^(text\/|application\/(json|javascript|xml|manifest\+json|rss\+xml|ld\+json)|image\/svg\+xml)/i;

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
  };
}

/** Browsers send a handful of distinct Accept-Encoding values: each is parsed once. */
const negotiated = new Map<string, Encoding>();
const NEGOTIATED_MAX = 256;

/** The best encoding the client accepts: brotli, then gzip, then none (q-values respected). */
export function negotiateEncoding(acceptEncoding: string | string[] | undefined): Encoding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(",") : acceptEncoding;
  if (!header) return "identity";
  let encoding = negotiated.get(header);
  if (encoding === undefined) {
    encoding = parseAcceptEncoding(header);
    if (negotiated.size >= NEGOTIATED_MAX) negotiated.clear();
    negotiated.set(header, encoding);
  }
  return encoding;
}

function parseAcceptEncoding(header: string): Encoding {
  const quality = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...parameters] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith("q="));
    quality.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const accepts = (name: string) => (quality.get(name) ?? quality.get("*") ?? 0) > 0;
  if (accepts("br")) return "br";
  if (accepts("gzip")) return "gzip";
  return "identity";
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

/**
 * Cookies that never change a page: the consent choice (read by the browser, the page is the same) and
 * the analytics cookies the tags set after consent. Any other cookie may personalise: no cache.
 */
const NEUTRAL_COOKIE = /^(cookie[-_]?consent|consent|cc_cookie|_ga|_ga_[\w-]+|_gid|_gcl_[\w-]+|_fbp|_fbc)$/i;

/** Ad-click and campaign parameters: never read on the server, dropped from the key and the render. */
const TRACKING_PARAM = /^(utm_[a-z]+|gclid|gclsrc|gbraid|wbraid|dclid|fbclid|msclkid|_gl)$/i;

/** Query parameters that mean "not the public page": Remix data requests and draft preview. */
const PRIVATE_PARAM = /^(_data|preview|sanity-preview[\w-]*)$/i;

function cookieNames(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(";")
    .map((pair) => pair.split("=")[0]?.trim() ?? "")
    .filter(Boolean);
}

/**
 * The cache key of a request that may be answered from the cache (path + query without tracking
 * parameters), or null when it must reach the application (not GET/HEAD, credentials, personalising
 * cookie, preview, Remix data request).
 */
export function pageCacheKey(request: Pick<IncomingMessage, "method" | "url" | "headers">): string | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  if (request.headers.authorization) return null;
  if (cookieNames(request.headers.cookie).some((name) => !NEUTRAL_COOKIE.test(name))) return null;
  const raw = request.url ?? "/";
  const queryAt = raw.indexOf("?");
  if (queryAt === -1) return raw;
  const params = new URLSearchParams(raw.slice(queryAt + 1));
  const kept = new URLSearchParams();
  for (const [name, value] of params) {
    if (PRIVATE_PARAM.test(name)) return null;
    if (!TRACKING_PARAM.test(name)) kept.append(name, value);
  }
  const query = kept.toString();
  return query ? `${raw.slice(0, queryAt)}?${query}` : raw.slice(0, queryAt);
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

/** A least-recently-used map bounded by entry count and total bytes. */
export class LruCache<V extends { size: number }> {
  private readonly entries = new Map<string, V>();
  private bytes = 0;

  constructor(
    readonly maxEntries: number,
    readonly maxBytes: number,
  ) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: V): void {
    if (value.size > this.maxBytes) return;
    this.delete(key);
    this.entries.set(key, value);
    this.bytes += value.size;
    for (const [oldest, old] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= old.size;
    }
  }

  delete(key: string): void {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.entries.delete(key);
    this.bytes -= value.size;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }
}

/**
 * The page cache: an LRU of rendered responses, a generation counter so a render that started before a
 * content change is not stored after it, and the fills in flight so concurrent misses render once.
 */
export class PageCache {
  private readonly lru: LruCache<CachedResponse>;
  private readonly fills = new Map<string, Promise<CachedResponse | null>>();
  private currentGeneration = 0;

  constructor({ maxEntries = 1000, maxBytes = 64 * 1024 * 1024 } = {}) {
    this.lru = new LruCache(maxEntries, maxBytes);
  }

  get(key: string): CachedResponse | undefined {
    return this.lru.get(key);
  }

  /** The fill in flight for a key, if another request is rendering it right now. */
  pendingFill(key: string): Promise<CachedResponse | null> | undefined {
    return this.fills.get(key);
  }

  /**
   * Runs a render for a key and stores its result when cacheable and content did not change meanwhile.
   * Concurrent callers may wait on pendingFill(key).
   */
  async fill(key: string, render: () => Promise<CachedResponse | null>): Promise<CachedResponse | null> {
    const generation = this.currentGeneration;
    const pending = render().then((entry) => {
      if (entry && generation === this.currentGeneration) this.lru.set(key, entry);
      return entry;
    });
    this.fills.set(key, pending);
    try {
      return await pending;
    } finally {
      if (this.fills.get(key) === pending) this.fills.delete(key);
    }
  }

  /** Drops every page (content changed). */
  clear(): void {
    this.currentGeneration += 1;
    this.lru.clear();
    this.fills.clear();
  }

  get size(): number {
    return this.lru.size;
  }
}
