/**
 * The node:http layer in front of Express and Remix: security headers on every response, public files
 * from memory, and cached pages answered before any framework code runs. Everything else goes to the app.
 * Every answer, cached or not, is timed here for http_request_duration_seconds (app/metrics/metrics.server.ts).
 */
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";

import { baseSecurityHeaders, countPageCache, observeRequest } from "./app";
import { pageCacheKey } from "./cache-key";
import { canonicalPath, canonicalTarget } from "./canonical-path";
import { forwardedHops, isHttpsRequest, type PeerTest, trustedProxyAddresses } from "./client-address";
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
  /** Their addresses (TRUSTED_PROXY_ADDRESSES, default loopback): X-Forwarded-* only from these peers. */
  trustedProxy?: PeerTest;
  /** The route label of a path answered with a status (server/route-label.ts); `unknown` without one. */
  routeLabel?: (pathname: string, status: number) => string;
  /** The server's drain (server/drain.ts): while it drains, `/healthz` answers 503. */
  drain?: { readonly draining: boolean };
  /** The site's stylesheet, for the page of a refused cross-site request. */
  stylesheet?: string;
}

const NOT_FOUND_TITLE = "Oops! Page not found";

/**
 * A path no page can have (server/canonical-path.ts): the site's 404, written here without rendering,
 * with the log line an unknown path gets (app/lib/redirects.server.ts).
 */
function sendNoSuchPath(req: IncomingMessage, res: ServerResponse, stylesheet: string | undefined): void {
  console.error(
    JSON.stringify({
      time: new Date().toISOString(),
      level: "error",
      msg: "route not found",
      status: 404,
      path: (req.url ?? "").split("?")[0]!.slice(0, 200),
    }),
  );
  const link = stylesheet ? `<link rel="stylesheet" href="${stylesheet.replace(/[<>"&]/g, "")}">` : "";
  const body = `<!DOCTYPE html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${NOT_FOUND_TITLE}</title>
${link}
</head>
<body class="flex min-h-screen flex-col">
<main class="flex-1">
<div class="container-page section text-center">
<h1 class="section-heading">${NOT_FOUND_TITLE}</h1>
<a class="btn-primary mt-8" href="/">Volver al inicio</a>
</div>
</main>
</body>
</html>
`;
  res.statusCode = 404;
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Cache-Control", "private, no-store");
  res.setHeader(
    "Content-Security-Policy",
    "default-src 'none'; style-src 'self'; img-src 'self'; font-src 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'self'",
  );
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.end(req.method === "HEAD" ? undefined : body);
}

export function createRequestListener({
  cache,
  assets,
  app,
  publicSiteUrl,
  trustedProxyHops = 0,
  trustedProxy = trustedProxyAddresses({}),
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
    const hops = forwardedHops(req.socket.remoteAddress, trustedProxyHops, trustedProxy);
    const secure = isHttpsRequest(req.headers["x-forwarded-proto"], { trustedProxyHops: hops, publicSiteUrl });
    const toApp = () => app(req, res);

    // A shutting-down instance tells whoever still probes it to send visitors elsewhere.
    if (drain?.draining && targetPath(req.url) === HEALTH_PATH) {
      setSecurityHeaders(res, secure);
      res.writeHead(503, { "Content-Type": "application/json", "Cache-Control": "private, no-store" });
      res.end(req.method === "HEAD" ? undefined : DRAINING_HEALTH);
      return;
    }

    // Every unsafe request (a form post, a consent choice) is judged here, before any app code reads it.
    const verdict = crossOriginVerdict(req, { publicSiteUrl, trustedProxyHops: hops });
    if (!verdict.allowed) {
      setSecurityHeaders(res, secure);
      // The form is named by the path as the app routes it (dot segments resolved), not as it was spelt.
      const path = targetPath(req.url);
      const routed = path ? canonicalPath(path) : null;
      const form = typeof routed === "string" ? leadFormOfRoute(routeLabel(routed, 200)) : null;
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
          (served) => {
            if (served) asset = true;
            // Not a build file's own path (another spelling, a file of no build kept here, a spelling that leaves
            // /build/ by its dot segments): the 404 without a rendering, whatever path it spells.
            else if (pathname.startsWith("/build/")) sendNoSuchPath(req, res, stylesheet);
            else toApp();
          },
          (error: unknown) => fail(res, error),
        );
        return;
      }
      // One page, one rendering: every other spelling of a path is sent to its canonical one
      // (server/canonical-path.ts), and a path no page can have is answered here, unrendered.
      const spelling = canonicalTarget(url);
      if (spelling.kind !== "canonical") {
        setSecurityHeaders(res, secure);
        if (spelling.kind === "redirect") {
          res.statusCode = 301;
          res.setHeader("Location", spelling.location);
          res.setHeader("Cache-Control", "public, max-age=86400");
          res.setHeader("Content-Type", "text/plain; charset=utf-8");
          res.end(req.method === "HEAD" ? undefined : "Movido permanentemente.");
        } else if (spelling.kind === "malformed") sendPlain(res, 400, "Petición no válida.");
        else sendNoSuchPath(req, res, stylesheet);
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
