/**
 * The Remix request handler as Express middleware, with the page cache's fill: a cacheable GET/HEAD is
 * rendered once (as GET, at its cache key: only the query parameters that change the page), stored
 * precompressed and answered from the entry; everything else streams through, compressed when it is text.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";

import {
  CACHE_TAG_HEADER,
  cacheTagHeader,
  collectContentTags,
  countPageCache,
  runInRequestScope,
  withSharedCache,
} from "./app";
import { buildTag } from "./build-release";
import { pageCacheKey } from "./cache-key";
import {
  BROTLI_FAST_QUALITY,
  BROTLI_MAX_QUALITY,
  type CachedResponse,
  createCachedResponse,
  isCacheableResponse,
} from "./cached-response";
import {
  clientAddress,
  forwardedHops,
  isHttpsRequest,
  type PeerTest,
  trustedProxyAddresses,
  trustedRequestId,
} from "./client-address";
import { appHost } from "./cross-origin-guard";
import type { PageCache } from "./page-cache";
import { requestBodyStream } from "./request-body";
import { sendCached, sendLive, sendPlain } from "./respond";

/** A Host header as RFC 9110 allows it (name or IP literal, optional port); anything else is ignored. */
const VALID_HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The absolute URL the application sees: scheme from isHttpsRequest, authority from a well-formed Host
 * (else `localhost`), path and query from the request target. Null when the target is no path at all.
 */
export function requestUrl(target: string, host: string | undefined, secure: boolean): URL | null {
  const authority = host && VALID_HOST.test(host) ? host : "localhost";
  let pathAndQuery = target;
  if (!target.startsWith("/")) {
    // Absolute form (`GET http://host/path`): only its path and query count.
    try {
      const absolute = new URL(target);
      if (absolute.protocol !== "http:" && absolute.protocol !== "https:") return null;
      pathAndQuery = `${absolute.pathname}${absolute.search}`;
    } catch {
      return null;
    }
  }
  try {
    return new URL(`${secure ? "https" : "http"}://${authority}${pathAndQuery}`);
  } catch {
    return null;
  }
}

/** The methods whose requests Remix checks against Origin (its CSRF check throws on a mismatch). */
const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** An Origin header whose host is the URL's own; anything else (`null`, junk, another host) is false. */
function originMatches(origin: string, url: URL): boolean {
  try {
    return new URL(origin).host === url.host;
  } catch {
    return false;
  }
}

function toFetchRequest(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  cacheable: boolean,
  until?: AbortSignal,
): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    // The host was decided at the boundary (server/cross-origin-guard.ts) and is the URL's: Remix's own
    // CSRF check reads Host and X-Forwarded-Host and throws (a 500) when Origin disagrees with them.
    if (value === undefined || name === "host" || name === "x-forwarded-host") continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  headers.set("host", url.host);
  // The cross-origin rule already accepted this unsafe request; an Origin that names another host (a
  // proxy rewrote Host, a browser sent `null`) has nothing more to say to the action, and Remix would
  // throw on it. A safe request keeps its Origin: the Studio's read of the results (CORS) answers by it.
  const origin = headers.get("origin");
  if (origin !== null && UNSAFE_METHODS.has(req.method ?? "GET") && !originMatches(origin, url)) {
    headers.delete("origin");
  }
  const controller = new AbortController();
  const abort = () => controller.abort();
  if (until?.aborted) abort();
  else until?.addEventListener("abort", abort, { once: true });
  res.on("close", () => {
    until?.removeEventListener("abort", abort);
    if (!res.writableFinished) abort();
  });
  // A cacheable request is rendered as the GET it stands for, so HEAD fills the cache too.
  const method = cacheable ? "GET" : (req.method ?? "GET");
  const init: RequestInit & { duplex?: "half" } = { method, headers, signal: controller.signal };
  if (method !== "GET" && method !== "HEAD") {
    init.body = requestBodyStream(req, res);
    init.duplex = "half";
  }
  return new Request(url, init);
}

export interface RemixHandlerOptions {
  build: ServerBuild;
  mode: string;
  cache: PageCache;
  publicSiteUrl?: string;
  /** Reverse proxies of our own in front of the server (TRUST_PROXY_HOPS). */
  trustedProxyHops?: number;
  /** Their addresses (TRUSTED_PROXY_ADDRESSES, default loopback): X-Forwarded-* only from these peers. */
  trustedProxy?: PeerTest;
  /**
   * GET/HEAD handlers of the app that are not Remix routes, by exact path (the preview-mode endpoints,
   * app/preview-mode/routes.server.ts; `/metrics`, app/metrics/route.server.ts): answered live, never
   * cached, in the same request scope. A handler that answers null leaves the path to Remix, as if it
   * did not exist (its 404 page).
   */
  ownRoutes?: Readonly<
    Record<string, (args: { request: Request; context: { clientIp?: string } }) => Promise<Response | null>>
  >;
  /**
   * The signal that ends the long-lived answers of `ownRoutes` (the preview event stream): the server's
   * drain (server/drain.ts), so a shutdown ends such a stream cleanly instead of cutting it.
   */
  longLivedUntil?: () => AbortSignal;
  /**
   * A shared cache purged by tag is in front (SHARED_CACHE_PURGE_URL): public pages tell it to keep them
   * a day (app/lib/http-cache.ts, withSharedCache).
   */
  sharedCache?: boolean;
  /** The build's identity (server/build-release.ts, buildIdentity): the tag every cacheable page carries. */
  buildVersion?: string;
}

/**
 * The headers a cacheable page is stored and sent with: its cache tags (the content it read, one
 * header, app/content/cache-tags.server.ts, then its build's tag, kept past the tags' bounds too:
 * server/build-release.ts), and its shared-cache lifetime when a purging cache is in front.
 */
export function cacheableHeaders(
  headers: Headers,
  tags: Iterable<string>,
  sharedCache: boolean,
  buildVersion?: string,
): [string, string][] {
  const kept: [string, string][] = [];
  for (const [name, value] of headers) {
    if (name === CACHE_TAG_HEADER.toLowerCase()) continue;
    kept.push([name, name === "cache-control" && sharedCache ? (withSharedCache(value) ?? value) : value]);
  }
  const header = cacheTagHeader(tags);
  kept.push([CACHE_TAG_HEADER, buildVersion ? `${header} ${buildTag(buildVersion)}` : header]);
  return kept;
}

export function createRemixHandler({
  build,
  mode,
  cache,
  publicSiteUrl,
  trustedProxyHops = 0,
  trustedProxy = trustedProxyAddresses({}),
  ownRoutes = {},
  longLivedUntil,
  sharedCache = false,
  buildVersion,
}: RemixHandlerOptions) {
  const remix = createRequestHandler(build, mode);
  // Loaders read the request they answer (preview perspective) from this scope
  // (app/content/request-scope.server.ts); a cacheable render also collects the cache tags of what it read.
  const handle = (
    request: Request,
    context: { clientIp: string | undefined; requestKey?: string },
    tags = new Set<string>(),
  ) => collectContentTags(tags, () => runInRequestScope(request, () => remix(request, context)));

  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const hops = forwardedHops(req.socket.remoteAddress, trustedProxyHops, trustedProxy);
      const secure = isHttpsRequest(req.headers["x-forwarded-proto"], { trustedProxyHops: hops, publicSiteUrl });
      const host = appHost(req, { publicSiteUrl, trustedProxyHops: hops });
      const cacheKey = pageCacheKey(req);
      const url = requestUrl(cacheKey ?? req.url ?? "/", host, secure);
      if (!url) {
        sendPlain(res, 400, "Petición no válida.");
        return;
      }
      // Per-visitor limits (form actions, new experiment visitors, the preview handshake): the load context
      // carries the address. A shared page never depends on it: only answers private per visitor read it.
      const clientIp = clientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], hops);
      // A form post's id from our proxy: a post the proxy resends to another instance is stored once.
      const requestKey = trustedRequestId(req.headers["x-request-id"], hops);
      const own = req.method === "GET" || req.method === "HEAD" ? ownRoutes[url.pathname] : undefined;
      if (own) {
        const full = requestUrl(req.url ?? "/", host, secure) ?? url;
        const request = toFetchRequest(req, res, full, false, longLivedUntil?.());
        const response = await runInRequestScope(request, () => own({ request, context: { clientIp } }));
        if (response) {
          await sendLive(req, res, response);
          return;
        }
      }
      if (!cacheKey) {
        const request = toFetchRequest(req, res, url, false);
        const response = await handle(request, { clientIp, requestKey });
        // A body no route read (a POST to a page without a form) is dropped before the answer goes out.
        if (request.body && !request.bodyUsed) await request.body.cancel().catch(() => undefined);
        await sendLive(req, res, response);
        return;
      }
      let uncacheable: Response | null = null;
      const entry = await cache.fill(cacheKey, async (): Promise<CachedResponse | null> => {
        const tags = new Set<string>();
        const response = await handle(toFetchRequest(req, res, url, true), { clientIp }, tags);
        if (!isCacheableResponse(response)) {
          // Not a shared page (an editor's redirect, a 404): answer it from the full address, so a
          // redirect keeps the visitor's campaign parameters (utm_*, gclid) the cache key dropped. An
          // answer that sets a cookie (an A/B experiment's first draw, counted once) is sent as it is:
          // rendering again would draw and count again.
          const fullUrl =
            cacheKey === req.url || response.headers.has("set-cookie")
              ? null
              : requestUrl(req.url ?? "/", host, secure);
          if (!fullUrl) uncacheable = response;
          else {
            await response.body?.cancel();
            uncacheable = await handle(toFetchRequest(req, res, fullUrl, false), { clientIp });
          }
          return null;
        }
        const body = Buffer.from(await response.arrayBuffer());
        // Densest brotli for the pages content defines; fast brotli for query variants, which anyone can mint.
        const brotliQuality = cacheKey.includes("?") ? BROTLI_FAST_QUALITY : BROTLI_MAX_QUALITY;
        return createCachedResponse(
          response.status,
          cacheableHeaders(response.headers, tags, sharedCache, buildVersion),
          body,
          {
            brotliQuality,
          },
        );
      });
      if (entry) {
        countPageCache("miss");
        sendCached(req, res, entry, "MISS", secure);
      } else await sendLive(req, res, uncacheable!);
    } catch (error) {
      next(error);
    }
  };
}
