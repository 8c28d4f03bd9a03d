/**
 * Which requests the page cache may answer, and under which key. The key is the path plus only the
 * query parameters that change what that route renders (today: the calculator's prefill); every other
 * parameter (campaign tags, click ids, junk) is dropped from the key and from the render, so all such
 * URLs share the page's one entry and nobody can mint entries by varying a query string.
 */
import type { IncomingMessage } from "node:http";

import { CALCULATOR_PARAM, DIRECTORY_PARAM, EXPERIMENT_COOKIE } from "./app";

/**
 * Cookies that never change a cached page: the consent choice and the visit's origin (both read by the
 * browser or the lead action, the page is the same), the analytics cookies the tags set after consent,
 * and the A/B experiment cookie. Consent and the experiment cookie do change what an experiment's path
 * shows, but those answers are private while it runs (app/experiments/serve.server.ts), so the cache
 * never holds one; on every other page a participant keeps the cache. Any other cookie (a preview
 * session, say) may personalise: no cache.
 */
const NEUTRAL_COOKIE = new RegExp(
  `^(cookie[-_]?consent|consent|cc_cookie|origen_visita|${EXPERIMENT_COOKIE}|_ga|_ga_[\\w-]+|_gid|_gcl_[\\w-]+|_fbp|_fbc)$`,
  "i",
);

/** Query parameters that mean "not the public page": Remix data requests and draft preview. */
const PRIVATE_PARAM = /^(_data|preview|sanity-preview[\w-]*)$/i;

/**
 * Per route (exact path), the query parameters its loader reads, in key order. A parameter not listed
 * here cannot change a page: add a route's parameters here when its loader starts reading them.
 */
export const PAGE_QUERY_PARAMS: Readonly<Record<string, readonly string[]>> = {
  "/calculadora": [
    CALCULATOR_PARAM.sector,
    CALCULATOR_PARAM.conversion,
    CALCULATOR_PARAM.profit,
    CALCULATOR_PARAM.budget,
    CALCULATOR_PARAM.view,
  ],
  "/sectores": [DIRECTORY_PARAM.search, DIRECTORY_PARAM.page],
  "/api/sectores": ["q"],
};

/** The loaders read at most this much of a parameter, so longer values render the same page. */
const MAX_PARAM_LENGTH = 100;

function cookieNames(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(";")
    .map((pair) => pair.split("=")[0]?.trim() ?? "")
    .filter(Boolean);
}

/**
 * The cache key of a request that may be answered from the cache (path + the query parameters that
 * change the page, in a fixed order), or null when it must reach the application (not GET/HEAD,
 * credentials, personalising cookie, preview, Remix data request, a target that is not a path).
 */
export function pageCacheKey(request: Pick<IncomingMessage, "method" | "url" | "headers">): string | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  if (request.headers.authorization) return null;
  if (cookieNames(request.headers.cookie).some((name) => !NEUTRAL_COOKIE.test(name))) return null;
  const raw = request.url ?? "/";
  if (!raw.startsWith("/")) return null;
  const queryAt = raw.indexOf("?");
  const pathname = queryAt === -1 ? raw : raw.slice(0, queryAt);
  if (queryAt === -1) return pathname;
  const params = new URLSearchParams(raw.slice(queryAt + 1));
  for (const name of params.keys()) if (PRIVATE_PARAM.test(name)) return null;
  const kept = new URLSearchParams();
  for (const name of PAGE_QUERY_PARAMS[pathname] ?? []) {
    const value = params.get(name);
    if (value !== null) kept.set(name, value.slice(0, MAX_PARAM_LENGTH));
  }
  const query = kept.toString();
  return query ? `${pathname}?${query}` : pathname;
}
