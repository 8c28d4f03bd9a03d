/**
 * Editor-managed redirects (`redirect` documents, see docs/content-model.md): matching a request path,
 * following chains to their end, cutting loops, and keeping the visitor's query string. Pure, so the
 * same rules are unit-tested and applied by the routes that would otherwise answer 404.
 */

export interface RedirectRule {
  source?: string | null;
  destination?: string | null;
  permanent?: boolean | null;
  enabled?: boolean | null;
}

export type RedirectResult =
  { kind: "redirect"; location: string; status: 301 | 302 } | { kind: "loop"; chain: string[] } | null;

/** Longest chain followed before it counts as a loop (editors never build one this long on purpose). */
const MAX_HOPS = 20;

/**
 * The one spelling of a site path: starts with '/', no query or fragment, no repeated or trailing
 * slashes, percent-escapes decoded, lowercase. The Studio validates `source` with this same function.
 * Null when the text is not a site path.
 */
export function normalizeSitePath(value: string | null | undefined): string | null {
  const text = (value ?? "").trim();
  if (!text.startsWith("/") || text.startsWith("//")) return null;
  let path = text.split(/[?#]/, 1)[0] ?? "";
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape stays as written: it simply matches nothing.
  }
  path = path.replace(/\/{2,}/g, "/").toLowerCase();
  if (path.length > 1) path = path.replace(/\/+$/, "");
  return path || "/";
}

/** True for an absolute https:// address (the only external destination allowed). */
export function isExternalDestination(destination: string): boolean {
  try {
    return new URL(destination).protocol === "https:" && /^https:\/\//i.test(destination.trim());
  } catch {
    return false;
  }
}

/** Request parameters that belong to Remix, never to the visitor's address. */
const REMIX_PARAMS = new Set(["_data", "index"]);

/**
 * The destination with the visitor's query merged in: the destination's own parameters stay, and the
 * visitor's (utm_*, gclid…) are added, the visitor's value winning when both name one.
 */
export function withVisitorQuery(destination: string, visitorSearch: string): string {
  const visitor = new URLSearchParams(visitorSearch);
  for (const name of REMIX_PARAMS) visitor.delete(name);
  if ([...visitor.keys()].length === 0) return destination;
  const hashAt = destination.indexOf("#");
  const hash = hashAt === -1 ? "" : destination.slice(hashAt);
  const withoutHash = hashAt === -1 ? destination : destination.slice(0, hashAt);
  const queryAt = withoutHash.indexOf("?");
  const base = queryAt === -1 ? withoutHash : withoutHash.slice(0, queryAt);
  const merged = new URLSearchParams(queryAt === -1 ? "" : withoutHash.slice(queryAt + 1));
  for (const name of new Set(visitor.keys())) merged.delete(name);
  for (const [name, value] of visitor) merged.append(name, value);
  return `${base}?${merged.toString()}${hash}`;
}

/** Enabled rules with a valid source and destination, keyed by normalized source (first one wins). */
export function redirectTable(
  rules: readonly RedirectRule[],
): Map<string, { destination: string; permanent: boolean }> {
  const table = new Map<string, { destination: string; permanent: boolean }>();
  for (const rule of rules) {
    if (rule.enabled === false) continue;
    const source = normalizeSitePath(rule.source);
    const destination = rule.destination?.trim();
    if (!source || !destination || table.has(source)) continue;
    if (!normalizeSitePath(destination) && !isExternalDestination(destination)) continue;
    table.set(source, { destination, permanent: rule.permanent !== false });
  }
  return table;
}

/**
 * Where a request for `path` goes: null when no enabled redirect names it (or `isLive(path)`: a live
 * page always wins), otherwise the end of its chain in one hop — 301 only when every hop is
 * permanent — or a loop. A hop onto a live page stops there.
 */
export function resolveRedirect(
  rules: readonly RedirectRule[],
  path: string,
  search: string,
  isLive: (path: string) => boolean = () => false,
): RedirectResult {
  const start = normalizeSitePath(path);
  if (!start || isLive(start)) return null;
  const table = redirectTable(rules);
  let rule = table.get(start);
  if (!rule) return null;
  const chain = [start];
  let permanent = true;
  for (let hop = 0; hop < MAX_HOPS; hop += 1) {
    permanent &&= rule.permanent;
    const next = normalizeSitePath(rule.destination);
    const following = next && !isLive(next) ? table.get(next) : undefined;
    if (!next || !following) {
      return { kind: "redirect", location: withVisitorQuery(rule.destination, search), status: permanent ? 301 : 302 };
    }
    if (chain.includes(next)) return { kind: "loop", chain: [...chain, next] };
    chain.push(next);
    rule = following;
  }
  return { kind: "loop", chain };
}
