/**
 * The visit's origin carried across full page loads in `window.name` (a page load keeps a tab's name;
 * another site's page in the same tab does not get it, as browsers clear the name on a cross-site
 * navigation). It is not storage on the device: nothing outlives the tab and nothing is sent anywhere, so
 * it needs no consent, unlike the `origen_visita` cookie (origin-cookie.ts). Pure: the caller reads and
 * writes `window.name`. A name that is not ours (no prefix) is never overwritten.
 */
import { type Origin, parseOrigin } from "./attribution";

export const WINDOW_NAME_PREFIX = "leads-origen:";
/** Longer than any origin the site keeps: a name past it is not ours, or not well formed. */
export const WINDOW_NAME_MAX_LENGTH = 4_000;

/** The origin a tab's name carries, or null (another name, or none). */
export function originFromWindowName(name: string | null | undefined): Origin | null {
  if (!name?.startsWith(WINDOW_NAME_PREFIX) || name.length > WINDOW_NAME_MAX_LENGTH) return null;
  const origin = parseOrigin(name.slice(WINDOW_NAME_PREFIX.length));
  return origin && Object.keys(origin).length > 0 ? origin : null;
}

/**
 * The name that carries `origin`, or null when the tab's `current` name belongs to someone else (a name
 * without the prefix: a link's `target`, an opener's window) or the origin is too long to carry.
 */
export function windowNameFor(origin: Origin, current: string | null | undefined): string | null {
  if (current && !current.startsWith(WINDOW_NAME_PREFIX)) return null;
  const name = `${WINDOW_NAME_PREFIX}${JSON.stringify(origin)}`;
  return name.length <= WINDOW_NAME_MAX_LENGTH ? name : null;
}
