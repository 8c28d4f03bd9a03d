/**
 * The `route` label of http_request_duration_seconds: the pattern of the Remix route that answers a path
 * (`/`, `/sectores/:slug`, `/images/*`), matched the way Remix matches it, so the label set is the route
 * table's and never grows with the paths visitors make up. A path only the catch-all route takes and
 * that it answers 404 (an unknown path) is `unknown`; so is anything that matches no route.
 */
import type { ServerBuild } from "@remix-run/node";
import { matchRoutes } from "@remix-run/react";
import { LRUCache } from "lru-cache";

export const UNKNOWN_ROUTE = "unknown";
/** Files under public/ answered by the node:http layer. */
export const STATIC_ROUTE = "static";

interface RouteNode {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: RouteNode[];
}

/** The build's flat route manifest as the nested tree matchRoutes expects. */
function routeTree(routes: ServerBuild["routes"]): RouteNode[] {
  const nodes = new Map<string, RouteNode>();
  for (const [id, route] of Object.entries(routes)) {
    nodes.set(id, { id, path: route.path, index: route.index, caseSensitive: route.caseSensitive });
  }
  const roots: RouteNode[] = [];
  for (const [id, route] of Object.entries(routes)) {
    const node = nodes.get(id)!;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/** A function from (path, status) to the route label; `routes` is the server build's manifest. */
export function createRouteLabeler(routes: ServerBuild["routes"], ownPaths: readonly string[] = []) {
  const tree = routeTree(routes);
  const own = new Set(ownPaths);
  const catchAll = Object.entries(routes).find(([, route]) => route.path === "*")?.[0];
  // matchRoutes ranks the whole table on every call: the paths seen most often keep their answer.
  const seen = new LRUCache<string, { pattern: string; catchAll: boolean }>({ max: 2_000 });
  const label = (pathname: string, status: number): string => {
    let match = seen.get(pathname);
    if (!match) {
      match = patternOf(pathname);
      seen.set(pathname, match);
    }
    return match.catchAll && status === 404 ? UNKNOWN_ROUTE : match.pattern;
  };
  const patternOf = (pathname: string): { pattern: string; catchAll: boolean } => {
    if (own.has(pathname)) return { pattern: pathname, catchAll: false };
    let matched: { route: { path?: string; id?: string } }[] | null = null;
    try {
      matched = matchRoutes(tree as Parameters<typeof matchRoutes>[0], pathname);
    } catch {
      return { pattern: UNKNOWN_ROUTE, catchAll: false };
    }
    const deepest = matched?.[matched.length - 1]?.route;
    if (!matched || !deepest) return { pattern: UNKNOWN_ROUTE, catchAll: false };
    const segments = matched.map((match) => match.route.path).filter((path) => path);
    return { pattern: `/${segments.join("/")}`, catchAll: deepest.id === catchAll };
  };
  return label;
}

/** The path of a request target (origin form or absolute form), without its query; null when it has none. */
export function targetPath(target: string | undefined): string | null {
  if (!target) return null;
  if (target.startsWith("/")) {
    const end = target.search(/[?#]/);
    return end === -1 ? target : target.slice(0, end);
  }
  try {
    return new URL(target).pathname;
  } catch {
    return null;
  }
}
