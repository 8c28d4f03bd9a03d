/**
 * The node:http layer in front of Express and Remix: security headers on every response, public files
 * from memory, and cached pages answered before any framework code runs. Everything else goes to the app.
 * Every answer, cached or not, is timed here for http_request_duration_seconds (app/metrics/metrics.server.ts).
 */
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";

import { baseSecurityHeaders, countPageCache, observeRequest } from "./app";
import { lowerCaseLocation, pageCacheKey } from "./cache-key";
import { isHttpsRequest } from "./client-address";
import { crossOriginVerdict, leadFormOfRoute, refuseCrossSite } from "./cross-origin-guard";
import type { PageCache } from "./page-cache";
import { sendCached, sendPlain } from "./respond";
import { STATIC_ROUTE, targetPath, UNKNOWN_ROUTE } from "./route-label";
import type { StaticAssets } from "./static-assets";

const HEALTH_PATH = "/healthz";
const DRAINING_HEALTH = JSON.stringify({ ok: false, draining: true });

export interface RequestListenerOptions {
  cache: PageCache;
  assets: StaticAssets;
  /** The application behind the cache (Express with the Remix handler). */
  app: (req: IncomingMessage, res: ServerResponse) => void;
  publicSiteUrl?: string;
  /** Reverse proxies of our own in front of the server (TRUST_PROXY_HOPS). */
  trustedProxyHops?: number;
  /** The route label of a path answered with a status (server/route-label.ts); `unknown` without one. */
  routeLabel?: (pathname: string, status: number) => string;
  /** The server's drain (server/drain.ts): while it drains, `/healthz` answers 503. */
  drain?: { readonly draining: boolean };
  /** The site's stylesheet, for the page of a refused cross-site request. */
  stylesheet?: string;
}

export function createRequestListener({
  cache,
  assets,
  app,
  publicSiteUrl,
  trustedProxyHops = 0,
  routeLabel = () => UNKNOWN_ROUTE,
  drain,
  stylesheet,
}: RequestListenerOptions): RequestListener {
  const headerSets = {
    https: Object.entries(baseSecurityHeaders({ https: true })),
    http: Object.entries(baseSecurityHeaders({ https: false })),
  };
  const setSecurityHeaders = (res: ServerResponse, secure: boolean) => {
    for (const [name, value] of secure ? headerSets.https : headerSets.http) res.setHeader(name, value);
  };

  const fail = (res: ServerResponse, error: unknown) => {
    console.error(error);
    sendPlain(res, 500, "Error interno del servidor.");
  };

  return (req, res) => {
    const started = performance.now();
    let asset = false;
    res.once("finish", () => {
      const path = asset ? null : targetPath(req.url);
      const route = asset ? STATIC_ROUTE : path ? routeLabel(path, res.statusCode) : UNKNOWN_ROUTE;
      observeRequest(route, req.method, res.statusCode, (performance.now() - started) / 1000);
    });
    const secure = isHttpsRequest(req.headers["x-forwarded-proto"], { trustedProxyHops, publicSiteUrl });
    const toApp = () => app(req, res);

    // A shutting-down instance tells whoever still probes it to send visitors elsewhere.
    if (drain?.draining && targetPath(req.url) === HEALTH_PATH) {
      setSecurityHeaders(res, secure);
      res.writeHead(503, { "Content-Type": "application/json", "Cache-Control": "private, no-store" });
      res.end(req.method === "HEAD" ? undefined : DRAINING_HEALTH);
      return;
    }

    // Every unsafe request (a form post, a consent choice) is judged here, before any app code reads it.
    const verdict = crossOriginVerdict(req, { publicSiteUrl, trustedProxyHops });
    if (!verdict.allowed) {
      setSecurityHeaders(res, secure);
      const path = targetPath(req.url);
      const form = path ? leadFormOfRoute(routeLabel(path, 200)) : null;
      refuseCrossSite(req, res, verdict, { form, stylesheet });
      return;
    }

    if (req.method === "GET" || req.method === "HEAD") {
      const url = req.url ?? "/";
      const queryAt = url.indexOf("?");
      const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
      if (assets.handles(pathname)) {
        const file = assets.cached(pathname);
        if (file) {
          asset = true;
          sendCached(req, res, file, "HIT", secure);
          return;
        }
        setSecurityHeaders(res, secure);
        assets.serve(req, res, pathname, secure).then(
          (served) => (served ? (asset = true) : toApp()),
          (error: unknown) => fail(res, error),
        );
        return;
      }
      // One page, one rendering: other letter cases of a path are sent to its lower-case spelling.
      const location = lowerCaseLocation(url);
      if (location) {
        setSecurityHeaders(res, secure);
        res.statusCode = 301;
        res.setHeader("Location", location);
        res.setHeader("Cache-Control", "public, max-age=86400");
        res.setHeader("Content-Type", "text/plain; charset=utf-8");
        res.end("Movido permanentemente.");
        return;
      }
    }

    // The hot path: a cached page goes out in one writeHead, security headers included.
    const key = pageCacheKey(req);
    const entry = key ? cache.get(key) : undefined;
    if (entry) {
      countPageCache("hit");
      sendCached(req, res, entry, "HIT", secure);
      return;
    }
    setSecurityHeaders(res, secure);
    const pending = key ? cache.pendingFill(key) : undefined;
    if (pending) {
      pending.then((filled) => {
        if (!filled) return toApp();
        countPageCache("hit");
        sendCached(req, res, filled, "HIT", secure);
      }, toApp);
      return;
    }
    toApp();
  };
}
