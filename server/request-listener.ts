/**
 * The node:http layer in front of Express and Remix: security headers on every response, public files
 * from memory, and cached pages answered before any framework code runs. Everything else goes to the app.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";

import { baseSecurityHeaders } from "../app/lib/security-headers.server";
import { pageCacheKey } from "./cache-key";
import { isHttpsRequest } from "./client-address";
import type { PageCache } from "./page-cache";
import { sendCached, sendPlain } from "./respond";
import type { StaticAssets } from "./static-assets";

export interface RequestListenerOptions {
  cache: PageCache;
  assets: StaticAssets;
  /** The application behind the cache (Express with the Remix handler). */
  app: (req: IncomingMessage, res: ServerResponse) => void;
  publicSiteUrl?: string;
  /** Reverse proxies of our own in front of the server (TRUST_PROXY_HOPS). */
  trustedProxyHops?: number;
}

export function createRequestListener({
  cache,
  assets,
  app,
  publicSiteUrl,
  trustedProxyHops = 0,
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
    const secure = isHttpsRequest(req.headers["x-forwarded-proto"], { trustedProxyHops, publicSiteUrl });
    const toApp = () => app(req, res);

    if (req.method === "GET" || req.method === "HEAD") {
      const url = req.url ?? "/";
      const queryAt = url.indexOf("?");
      const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
      if (assets.handles(pathname)) {
        const asset = assets.cached(pathname);
        if (asset) {
          sendCached(req, res, asset, "HIT", secure);
          return;
        }
        setSecurityHeaders(res, secure);
        assets.serve(req, res, pathname, secure).then(
          (served) => served || toApp(),
          (error: unknown) => fail(res, error),
        );
        return;
      }
    }

    // The hot path: a cached page goes out in one writeHead, security headers included.
    const key = pageCacheKey(req);
    const entry = key ? cache.get(key) : undefined;
    if (entry) {
      sendCached(req, res, entry, "HIT", secure);
      return;
    }
    setSecurityHeaders(res, secure);
    const pending = key ? cache.pendingFill(key) : undefined;
    if (pending) {
      pending.then((filled) => (filled ? sendCached(req, res, filled, "HIT", secure) : toApp()), toApp);
      return;
    }
    toApp();
  };
}
