/**
 * One spelling per path at the door (docs/production-server.md, 'One path per page'). Every GET/HEAD
 * that is not a public file is judged here before the page cache and the app see it: a target already
 * in its canonical spelling goes on; any other spelling of a path is sent (301) to the canonical one,
 * query string kept; a target that no page of the site can have is answered 404 without rendering.
 * Anyone can mint endless spellings of a page, and each would otherwise be a new cache key and a new
 * rendering (with its brotli 11 pass); this way every spelling costs the same cheap redirect.
 *
 * The rule, in order (RFC 3986 §6.2.2 normalisation plus the site's own choices):
 * 1. An absolute-form target (`GET http://host/path`) counts as its path and query.
 * 2. Percent escapes of unreserved characters (letters, digits, `-._~`) are decoded; other escapes keep
 *    their bytes, with upper-case hex digits.
 * 3. Dot segments are resolved, empty segments (doubled and trailing slashes) dropped: `/` alone is the
 *    only path that ends with a slash.
 * 4. Letters are lower-cased, except under `/build/`, `/images/`, `/social/`, `/api/` and in a last
 *    segment with a dot (a file's name): routes, slugs and redirect sources are all lower case.
 *
 * Not a path of the site (404): an encoded slash or backslash, a backslash, a control character (raw or
 * encoded), a raw character that is no URL character (space, non-ASCII), a malformed escape or escapes
 * that are not UTF-8. None of them can name a page, and none may become a redirect (`/\host` is
 * `//host` to a browser). Pure and never throws.
 */

export type TargetVerdict =
  /** Already the canonical spelling. */
  | { kind: "canonical" }
  /** Another spelling: send the client to `location` (a plain path of the site, query kept). */
  | { kind: "redirect"; location: string }
  /** No page of the site can have this path. */
  | { kind: "not-a-path" };

const CANONICAL: TargetVerdict = { kind: "canonical" };
const NOT_A_PATH: TargetVerdict = { kind: "not-a-path" };

/** Paths whose letter case is significant or that answer for themselves: build output, images, cards, the API. */
const CASE_SENSITIVE_PREFIX = /^\/(?:build|images|social|api)\//i;
/** A last segment with a dot names a file (sitemap, icons, a card), never a page. */
const FILE_NAME = /\.[^/]*$/;
const HEX = /^[0-9A-Fa-f]{2}$/;
/** Raw characters a path may hold (RFC 3986 pchar and `/`, plus what browsers leave unencoded). */
const PATH_CHAR = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/[\]|^{}`"<>]$/;

function isUnreserved(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x61 && code <= 0x7a) ||
    code === 0x2d ||
    code === 0x2e ||
    code === 0x5f ||
    code === 0x7e
  );
}

/** Steps 2's escapes and the refusals: the path with unreserved escapes decoded, or null when it is no path. */
function normaliseEscapes(path: string): string | null {
  let out = "";
  for (let at = 0; at < path.length; at += 1) {
    const char = path[at]!;
    if (char === "%") {
      const hex = path.slice(at + 1, at + 3);
      if (!HEX.test(hex)) return null;
      const code = parseInt(hex, 16);
      if (code < 0x20 || code === 0x7f || code === 0x2f || code === 0x5c) return null;
      out += isUnreserved(code) ? String.fromCharCode(code) : `%${hex.toUpperCase()}`;
      at += 2;
    } else if (PATH_CHAR.test(char)) {
      out += char;
    } else {
      return null;
    }
  }
  try {
    decodeURIComponent(out); // Escapes that are not UTF-8 name no page.
  } catch {
    return null;
  }
  return out;
}

/** Step 3: dot segments resolved, empty segments dropped. */
function normaliseSegments(path: string): string {
  const kept: string[] = [];
  for (const segment of path.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") kept.pop();
    else kept.push(segment);
  }
  return `/${kept.join("/")}`;
}

/** Step 4: ASCII letters lower-cased outside escapes, where letter case is not significant. */
function normaliseCase(path: string): string {
  if (CASE_SENSITIVE_PREFIX.test(path) || FILE_NAME.test(path)) return path;
  return path.replace(/%[0-9A-F]{2}|[A-Z]+/g, (part) => (part.startsWith("%") ? part : part.toLowerCase()));
}

/** The canonical spelling of a path (no query), or null when it is no path of the site. */
export function canonicalPath(path: string): string | null {
  if (!path.startsWith("/")) return null;
  const escaped = normaliseEscapes(path);
  return escaped === null ? null : normaliseCase(normaliseSegments(escaped));
}

/** The verdict on a GET/HEAD request target (`req.url`: origin or absolute form). */
export function canonicalTarget(target: string): TargetVerdict {
  let pathAndQuery = target;
  let absolute = false;
  if (!target.startsWith("/")) {
    const authority = /^https?:\/\/[^/?#]*/i.exec(target);
    if (!authority) return NOT_A_PATH;
    pathAndQuery = target.slice(authority[0].length);
    if (!pathAndQuery.startsWith("/")) pathAndQuery = `/${pathAndQuery}`;
    absolute = true;
  }
  const queryAt = pathAndQuery.indexOf("?");
  const path = queryAt === -1 ? pathAndQuery : pathAndQuery.slice(0, queryAt);
  const query = queryAt === -1 ? "" : pathAndQuery.slice(queryAt);
  // A control character in the query would be copied into the Location header.
  if ([...query].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return NOT_A_PATH;
  const canonical = canonicalPath(path);
  if (canonical === null) return NOT_A_PATH;
  if (canonical === path && !absolute) return CANONICAL;
  return { kind: "redirect", location: `${canonical}${query}` };
}
