/**
 * The node:http layer in front of Express and Remix: security headers on every response, public files
 * from memory, and cached pages answered before any framework code runs. Everything else goes to the app.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { baseSecurityHeaders, isHttps } from "../app/lib/security-headers.server";
import { type PageCache, pageCacheKey } from "./page-cache";
import { sendCached } from "./respond";
import type { StaticAssets } from "./static-assets";

export interface RequestListenerOptions {
  cache: PageCache;
  assets: StaticAssets;
  /** The application behind the cache (Express with the Remix handler). */
  app: (req: IncomingMessage, res: ServerResponse) => void;
  publicSiteUrl?: string;
}

export function createRequestListener({ cache, assets, app, publicSiteUrl }: RequestListenerOptions): RequestListener {
  const headerSets = {
    https: Object.entries(baseSecurityHeaders({ https: true })),
    http: Object.entries(baseSecurityHeaders({ https: false })),
  };

  const fail = (res: ServerResponse, error: unknown) => {
    console.error(error);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.statusCode = 500;
    res.setHeader("Content-Type", "text/plain; charset=utf-8");
    res.end("Internal Server Error");
  };

  return (req, res) => {
    const secure = isHttps(req.headers["x-forwarded-proto"], publicSiteUrl);
    for (const [name, value] of secure ? headerSets.https : headerSets.http) res.setHeader(name, value);

    if (req.method === "GET" || req.method === "HEAD") {
      const url = req.url ?? "/";
      const queryAt = url.indexOf("?");
      const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
      if (assets.handles(pathname)) {
        assets.serve(req, res, pathname).then(
          (served) => served || app(req, res),
          (error: unknown) => fail(res, error),
        );
        return;
      }
      const key = pageCacheKey(req);
      if (key) {
        const entry = cache.get(key);
        if (entry) {
          sendCached(req, res, entry, "HIT");
          return;
        }
        const pending = cache.pendingFill(key);
        if (pending) {
          pending.then(
            (filled) => (filled ? sendCached(req, res, filled, "HIT") : app(req, res)),
            () => app(req, res),
          );
          return;
        }
      }
    }
    app(req, res);
  };
}
