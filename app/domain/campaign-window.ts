/**
 * A campaign page's calendar (CONTRACT of campaign pages, docs/content-model.md 'Campaign pages'): the
 * page is live from `visibleFrom` (included) until `visibleUntil` (excluded); before, it is «Programada»,
 * from its end on «Terminada», and either way it answers as an unpublished page does. The clock is the
 * caller's (`now`, epoch milliseconds), so the rule is one pure function the server, its boundary timer
 * and the tests share. Never throws: a date that does not parse is no boundary.
 */

export interface CampaignWindow {
  visibleFrom?: unknown;
  visibleUntil?: unknown;
}

export type WindowState = "scheduled" | "live" | "ended";

/** An ISO 8601 date-time with its offset, as Sanity's `datetime` stores it (`2026-05-04T07:00:00.000Z`). */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/** The instant of a stored date-time, or null when it is absent or not one. */
export function windowInstant(value: unknown): number | null {
  if (typeof value !== "string" || value.length > 40 || !ISO_DATE_TIME.test(value)) return null;
  const instant = Date.parse(value);
  return Number.isFinite(instant) ? instant : null;
}

/** True when the page has a start or an end: its answers depend on the clock. */
export function hasWindow(window: CampaignWindow | null | undefined): boolean {
  return windowInstant(window?.visibleFrom) !== null || windowInstant(window?.visibleUntil) !== null;
}

/** Where the page stands at `now`: its end wins over its start (an end before the start never shows it). */
export function windowState(window: CampaignWindow | null | undefined, now: number): WindowState {
  const until = windowInstant(window?.visibleUntil);
  if (until !== null && now >= until) return "ended";
  const from = windowInstant(window?.visibleFrom);
  if (from !== null && now < from) return "scheduled";
  return "live";
}

/** The page's boundaries, in order. */
function boundaries(window: CampaignWindow): number[] {
  return [windowInstant(window.visibleFrom), windowInstant(window.visibleUntil)]
    .filter((instant): instant is number => instant !== null)
    .sort((a, b) => a - b);
}

/** The first boundary of any of `windows` after `now`, or null when none is ahead. */
export function nextWindowBoundary(windows: Iterable<CampaignWindow>, now: number): number | null {
  let next: number | null = null;
  for (const window of windows)
    for (const instant of boundaries(window)) if (instant > now && (next === null || instant < next)) next = instant;
  return next;
}

/** True when one of the page's boundaries fell in (`since`, `now`]: its answers changed in between. */
export function crossedBoundary(window: CampaignWindow, since: number, now: number): boolean {
  return boundaries(window).some((instant) => instant > since && instant <= now);
}

/**
 * Where an ended page sends its visitors: `afterEnd` when it is a path of the site (`/…`, not `//…`,
 * no spaces or control characters, bounded), else null.
 */
export function afterEndPath(value: unknown, ownPath?: string): string | null {
  if (typeof value !== "string" || value.length > 512) return null;
  // Printable ASCII only (a header value), no spaces or backslashes, and not `//host`.
  if (!/^\/(?!\/)[\x21-\x5b\x5d-\x7e]*$/.test(value)) return null;
  const path = value.split(/[?#]/)[0];
  return path === ownPath ? null : value;
}
