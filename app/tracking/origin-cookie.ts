/**
 * The visit's origin in a first-party cookie, `origen_visita`, kept only with analytics consent: the
 * browser writes it when the visitor accepts (and on later pages of the visit), /api/consent writes it
 * when the banner posted without JavaScript, the consent boot script copies it into every hidden
 * `origen` field before the visitor can interact, and the lead action reads it when a form arrives
 * without that field filled. A session cookie (gone when the browser closes), like the visit it
 * describes. Pages never vary with it: the page cache treats it as neutral (server/cache-key.ts).
 */
import { readCookies } from "~/lib/cookies";

import { type Origin, parseOrigin } from "./attribution";

export const ORIGIN_COOKIE = "origen_visita";

/** Browsers keep cookies of about 4 KB; a longer origin is not stored (the field still carries it). */
const MAX_COOKIE_VALUE_LENGTH = 3_000;

/** The cookie's value for an origin (JSON, percent-encoded), or null when it would be too long. */
export function serializeOriginCookieValue(origin: Origin): string | null {
  const { consentimiento: _consent, ...kept } = origin;
  const value = encodeURIComponent(JSON.stringify(kept));
  return value.length <= MAX_COOKIE_VALUE_LENGTH ? value : null;
}

function attributes(secure: boolean, extra: string[] = []): string {
  return ["Path=/", "SameSite=Lax", ...extra, ...(secure ? ["Secure"] : [])].join("; ");
}

/** The `Set-Cookie` / `document.cookie` string that keeps an origin, or null when it cannot be kept. */
export function originCookie(origin: Origin, { secure }: { secure: boolean }): string | null {
  const value = serializeOriginCookieValue(origin);
  return value === null ? null : `${ORIGIN_COOKIE}=${value}; ${attributes(secure)}`;
}

/** The string that removes the cookie (analytics consent withdrawn or refused). */
export function clearOriginCookie({ secure }: { secure: boolean }): string {
  return `${ORIGIN_COOKIE}=; ${attributes(secure, ["Max-Age=0"])}`;
}

/** The origin kept in a `Cookie` header or `document.cookie`; null when absent or not a valid origin. */
export function parseOriginCookie(cookieHeader: string | null | undefined): Origin | null {
  return originFromValues(readCookies(cookieHeader, ORIGIN_COOKIE));
}

/** The origin the `origen_visita` values of a request carry (the first valid one); null when none. */
export function originFromValues(values: readonly string[]): Origin | null {
  for (const value of values) {
    const origin = parseOrigin(value);
    if (origin?.paginaEntrada) return origin;
  }
  return null;
}
