/**
 * One spelling per page path at the door (docs/production-server.md, 'One path per page'). Every GET/HEAD
 * that is not a public file is judged here before the page cache and the app see it: a target already
 * in its canonical spelling goes on; any other spelling of a page's path is sent (301) to the canonical
 * one, query string kept; a target that no page can have is answered at once, without rendering.
 * Anyone can mint endless spellings of a page, and each would otherwise be a new cache key and a new
 * rendering (with its brotli 11 pass); this way every spelling costs the same cheap redirect.
 *
 * The rule, in order (RFC 3986 §6.2.2 normalisation plus the site's own choices). No prefix is looked
 * at before the path is normalised, so no spelling can pass for another path's by starting with one:
 * `/api/x/../../contacto`, `/API/../contacto`, `//images/..//sectores` are `/contacto` and `/sectores`.
 * 1. An absolute-form target (`GET http://host/path`) counts as its path and query.
 * 2. Percent escapes of unreserved characters (letters, digits, `-._~`) are decoded; other escapes keep
 *    their bytes, with upper-case hex digits.
 * 3. Dot segments are resolved, empty segments (doubled and trailing slashes) dropped: `/` alone is the
 *    only path that ends with a slash.
 * 4. Letters are lower-cased: routes, slugs, API paths and redirect sources are all lower case. Under
 *    `/build/`, `/images/` and `/social/` (files whose names may hold capitals) only the prefix is, and
 *    a last segment with a dot (a file's name) elsewhere keeps its case.
 *
 * Malformed (400): an escape that is not `%` and two hex digits, escapes that are not UTF-8, a raw
 * character that no URL holds (space, backslash, control, non-ASCII). Not a path of the site (404): an
 * escape of a slash, a backslash or a control character. None can name a page, and none may become a
 * redirect (`/\host` is `//host` to a browser). Pure and never throws.
 */

export type TargetVerdict =
  /** Already the canonical spelling. */
  | { kind: "canonical" }
  /** Another spelling: send the client to `location` (a plain path of the site, query kept). */
  | { kind: "redirect"; location: string }
  /** No page of the site can have this path (404). */
  | { kind: "not-a-path" }
  /** No well-formed path at all (400). */
  | { kind: "malformed" };

const CANONICAL: TargetVerdict = { kind: "canonical" };
const NOT_A_PATH: TargetVerdict = { kind: "not-a-path" };
const MALFORMED: TargetVerdict = { kind: "malformed" };

/** Files under a prefix of the app's own (build output, images, cards): their names keep their case. */
const FILE_PREFIX = /^\/(build|images|social)(?=\/|$)/i;
/** The root of a resource prefix, in any case. */
const PREFIX_ROOT = /^\/(?:build|images|social|api)$/i;
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

/** Step 2 and the refusals: the path with unreserved escapes decoded, or the verdict that refuses it. */
function normaliseEscapes(path: string): string | TargetVerdict {
  let out = "";
  for (let at = 0; at < path.length; at += 1) {
    const char = path[at]!;
    if (char === "%") {
      const hex = path.slice(at + 1, at + 3);
      if (!HEX.test(hex)) return MALFORMED;
      const code = parseInt(hex, 16);
      if (code < 0x20 || code === 0x7f || code === 0x2f || code === 0x5c) return NOT_A_PATH;
      out += isUnreserved(code) ? String.fromCharCode(code) : `%${hex.toUpperCase()}`;
      at += 2;
    } else if (PATH_CHAR.test(char)) {
      out += char;
    } else {
      return MALFORMED;
    }
  }
  try {
    decodeURIComponent(out); // Escapes that are not UTF-8.
  } catch {
    return MALFORMED;
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
  const lower = (part: string) =>
    part.replace(/%[0-9A-F]{2}|[A-Z]+/g, (piece) => (piece.startsWith("%") ? piece : piece.toLowerCase()));
  const prefix = FILE_PREFIX.exec(path);
  // Routes match whatever their case (Remix), so `/IMAGES/…` would render: the prefix itself is lower-cased.
  if (prefix) return `/${prefix[1]!.toLowerCase()}${path.slice(prefix[0].length)}`;
  if (FILE_NAME.test(path)) {
    const lastSlash = path.lastIndexOf("/");
    return `${lower(path.slice(0, lastSlash))}${path.slice(lastSlash)}`;
  }
  return lower(path);
}

/** The canonical spelling of a path (no query), or the verdict that refuses it. */
export function canonicalPath(path: string): string | TargetVerdict {
  if (!path.startsWith("/")) return MALFORMED;
  if ([...path].some((char) => char !== "%" && !PATH_CHAR.test(char))) return MALFORMED;
  const escaped = normaliseEscapes(path);
  if (typeof escaped !== "string") return escaped;
  const resolved = normaliseSegments(escaped);
  // A prefix alone (`/images/`, `/API`, `/x/../social//`) is neither a page nor a resource: no redirect
  // to a path that only renders the 404.
  if (PREFIX_ROOT.test(resolved)) return NOT_A_PATH;
  return normaliseCase(resolved);
}

/** The verdict on a GET/HEAD request target (`req.url`: origin or absolute form). */
export function canonicalTarget(target: string): TargetVerdict {
  let pathAndQuery = target;
  let absolute = false;
  if (!target.startsWith("/")) {
    const authority = /^https?:\/\/[^/?#]*/i.exec(target);
    if (!authority) return MALFORMED;
    pathAndQuery = target.slice(authority[0].length);
    if (!pathAndQuery.startsWith("/")) pathAndQuery = `/${pathAndQuery}`;
    absolute = true;
  }
  const queryAt = pathAndQuery.indexOf("?");
  const path = queryAt === -1 ? pathAndQuery : pathAndQuery.slice(0, queryAt);
  const query = queryAt === -1 ? "" : pathAndQuery.slice(queryAt);
  // A control character in the query would be copied into the Location header.
  if ([...query].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return MALFORMED;
  const canonical = canonicalPath(path);
  if (typeof canonical !== "string") return canonical;
  if (canonical === path && !absolute) return CANONICAL;
  return { kind: "redirect", location: `${canonical}${query}` };
}
