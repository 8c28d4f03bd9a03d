/**
 * The one check for a redirect target that came from input (a `redirect` parameter, a Referer, a form
 * field): it must be a plain path of this site, or it becomes `/`. Browsers forgive a lot in a Location
 * (`/\evil`, `/<TAB>/evil`, `\/evil` all lead to another host), so instead of cleaning a value up this
 * accepts only what is unambiguous and refuses the rest. Pure and total: never throws.
 */

/** What a path, query and fragment may hold as written (RFC 3986), percent-escapes included. */
const PLAIN_URL_CHARACTERS = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/?#%[\]]*$/;
/** A slash or backslash right after the first slash: a host to a browser. */
const NETWORK_PATH = /^\/[/\\]/;
/** Characters that have no business in a target once decoded: controls, bidi controls, backslashes, spaces. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point.
const FORBIDDEN_DECODED = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\\\s]/u;

const MAX_TARGET_LENGTH = 2048;

export function safeRedirectTarget(value: unknown, fallback = "/"): string {
  if (typeof value !== "string") return fallback;
  if (value.length === 0 || value.length > MAX_TARGET_LENGTH) return fallback;
  if (!value.startsWith("/") || NETWORK_PATH.test(value) || !PLAIN_URL_CHARACTERS.test(value)) return fallback;
  // Each level of percent-decoding must still be a plain path: `/%2F/evil`, `/%5Cevil`, `/%09/evil`,
  // and their double encodings are refused. A malformed escape is refused too.
  let decoded = value;
  for (let level = 0; level < 3 && decoded.includes("%"); level += 1) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      return fallback;
    }
    if (NETWORK_PATH.test(decoded) || FORBIDDEN_DECODED.test(decoded)) return fallback;
  }
  // Last guard: resolved against some origin, it must stay on that origin.
  try {
    const base = "http://site.invalid";
    return new URL(value, base).origin === base ? value : fallback;
  } catch {
    return fallback;
  }
}
