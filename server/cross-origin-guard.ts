/**
 * Where the cross-origin rule (server/cross-origin.ts) meets node:http: the verdict for a request, the
 * host the app is then handed (so Remix's own CSRF check, which throws when Origin and Host disagree, has
 * nothing left to object to), and the 403 a refused request gets: the Spanish page, or JSON to a fetch.
 * Nothing of a refused request is read beyond its headers: no body, no cookie set, no lead stored.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

import type { LeadFormKind } from "../app/forms/shared";
import { countLeadRefused } from "./app";
import { requestHost } from "./client-address";
import { type CrossOriginVerdict, judgeCrossOrigin, originOf } from "./cross-origin";

export interface CrossOriginOptions {
  publicSiteUrl?: string;
  trustedProxyHops: number;
}

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export function crossOriginVerdict(req: IncomingMessage, { publicSiteUrl, trustedProxyHops }: CrossOriginOptions) {
  return judgeCrossOrigin({
    method: req.method,
    secFetchSite: single(req.headers["sec-fetch-site"]),
    origin: single(req.headers.origin),
    requestHost: requestHost(req.headers.host, req.headers["x-forwarded-host"], trustedProxyHops),
    publicOrigin: originOf(publicSiteUrl?.trim()) ?? undefined,
  });
}

/**
 * The host the application sees for a request: a trusted X-Forwarded-Host or the Host header; for an
 * unsafe request accepted whose Origin is PUBLIC_SITE_URL's (a proxy rewrote Host), that origin's host,
 * which is the address the visitor's browser used, whether the rule accepted it by that Origin (an older
 * browser) or by `Sec-Fetch-Site: same-origin` (every current one). So the app's own comparisons with its
 * host (a Referer on this site, app/lib/request-url.server.ts) hold behind such a proxy too.
 */
export function appHost(req: IncomingMessage, options: CrossOriginOptions): string | undefined {
  const verdict = crossOriginVerdict(req, options);
  if (verdict.allowed && verdict.why !== "safe-method") {
    const publicOrigin = originOf(options.publicSiteUrl?.trim());
    if (publicOrigin && originOf(single(req.headers.origin)?.trim()) === publicOrigin)
      return new URL(publicOrigin).host;
  }
  return requestHost(req.headers.host, req.headers["x-forwarded-host"], options.trustedProxyHops);
}

/** True when the client asked for data rather than a page: Remix's `_data` requests, fetch(), JSON. */
function wantsJson(req: IncomingMessage): boolean {
  if (/[?&]_data(?:=|&|$)/.test(req.url ?? "")) return true;
  const dest = single(req.headers["sec-fetch-dest"]);
  if (dest && dest !== "document" && dest !== "iframe" && dest !== "frame") return true;
  const accept = single(req.headers.accept) ?? "";
  return /application\/json/i.test(accept) && !/text\/html/i.test(accept);
}

const MESSAGE = "Este envío viene de otro sitio web y no lo hemos aceptado.";

function refusalPage(stylesheet: string | undefined): string {
  const link = stylesheet ? `<link rel="stylesheet" href="${stylesheet.replace(/[<>"&]/g, "")}">` : "";
  return `<!DOCTYPE html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Envío no aceptado</title>
${link}
</head>
<body class="flex min-h-screen flex-col">
<main class="flex-1">
<div class="container-page section text-center">
<h1 class="section-heading">Envío no aceptado</h1>
<p class="mt-4 text-ink-soft">${MESSAGE} Si querías escribirnos, abre la página en nuestra web y envía el formulario desde allí.</p>
<a class="btn-primary mt-8" href="/">Volver al inicio</a>
</div>
</main>
</body>
</html>
`;
}

/**
 * The lead form a route's action takes, by route pattern (server/route-label.ts), for the refusal's
 * `form` label; null where the form is only known from the body (`/mensual`'s two) or there is none.
 */
const FORM_OF_ROUTE: Readonly<Record<string, LeadFormKind>> = {
  "/": "contacto",
  "/contacto": "contacto",
  "/calculadora": "calculadora",
  "/iniciar-servicio": "iniciar-servicio",
  // The catch-all's only action is a campaign page's form.
  "/*": "campana",
};

export function leadFormOfRoute(pattern: string): LeadFormKind | null {
  return Object.hasOwn(FORM_OF_ROUTE, pattern) ? FORM_OF_ROUTE[pattern]! : null;
}

export interface RefusalOptions {
  /** The lead form of the route posted to, null when it has none. */
  form: LeadFormKind | null;
  /** The site's stylesheet, so the page looks like the site's own. */
  stylesheet?: string;
}

/** Answers a refused request with 403, counts it and logs it. */
export function refuseCrossSite(
  req: IncomingMessage,
  res: ServerResponse,
  verdict: CrossOriginVerdict,
  { form, stylesheet }: RefusalOptions,
): void {
  countLeadRefused(form, "cross_site");
  const clip = (value: string | string[] | undefined) => single(value)?.slice(0, 200);
  console.warn(
    JSON.stringify({
      time: new Date().toISOString(),
      level: "warn",
      msg: "cross-site request refused",
      method: clip(req.method),
      path: clip((req.url ?? "").split("?")[0]),
      origin: clip(req.headers.origin),
      secFetchSite: clip(req.headers["sec-fetch-site"]),
      why: verdict.why,
    }),
  );
  const json = wantsJson(req);
  const body = json ? JSON.stringify({ error: MESSAGE }) : refusalPage(stylesheet);
  res.statusCode = 403;
  res.setHeader("Content-Type", json ? "application/json; charset=utf-8" : "text/html; charset=utf-8");
  res.setHeader("Cache-Control", "private, no-store");
  if (!json) {
    res.setHeader(
      "Content-Security-Policy",
      "default-src 'none'; style-src 'self'; img-src 'self'; font-src 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'self'",
    );
  }
  // The body is never read: the connection closes rather than draining whatever was sent.
  res.setHeader("Connection", "close");
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.end(req.method === "HEAD" ? undefined : body);
}
