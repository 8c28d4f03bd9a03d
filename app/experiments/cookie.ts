/**
 * The experiment cookie: a random id for this browser and which variant it was given, per experiment, in
 * one first-party cookie (`experimentos=Qm9yZGVyLXRlc3QtaWQtMQ|titular-reformas.b|formulario-corto.a`).
 * The id (22 random base64url characters, nothing derived from the visitor) lets a visitor convert once
 * per experiment however many leads they send. Read at the boundary: entries that are neither an id nor
 * `key.variant` with content keys are skipped, so a broken cookie means "not assigned", never an error;
 * a cookie of the older format (pairs, no id) keeps its variants and gets an id at the next page view.
 * Set only for browsers that take part (analytics consent, docs/consent-and-tracking.md).
 */
import { readCookies } from "~/lib/cookies";

import { EXPERIMENT_KEY_PATTERN } from "./model";

export const EXPERIMENT_COOKIE = "experimentos";
/** An experiment rarely runs longer than a quarter; a browser that comes back later is drawn again. */
export const EXPERIMENT_COOKIE_MAX_AGE_SECONDS = 90 * 24 * 60 * 60;
/** At most this many experiments per browser (the oldest go first), so the cookie stays small. */
export const MAX_ASSIGNMENTS = 20;
const MAX_VALUE_LENGTH = 2700;

/** experiment key → variant key, in the cookie's order. */
export type Assignments = ReadonlyMap<string, string>;

/** A browser id: 16 random bytes in base64url. Never contains the `.` or `|` the pairs use. */
export const BROWSER_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function isBrowserId(value: unknown): value is string {
  return typeof value === "string" && BROWSER_ID_PATTERN.test(value);
}

/** A new random browser id (Web Crypto, in Node and browsers alike). */
export function newBrowserId(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** What the cookie holds: the browser's id (null in a cookie of the older format) and its assignments. */
export interface ExperimentCookieValue {
  id: string | null;
  assignments: Assignments;
}

export function parseAssignments(value: string): Map<string, string> {
  const assignments = new Map<string, string>();
  if (value.length > MAX_VALUE_LENGTH) return assignments;
  for (const entry of value.split("|")) {
    const [experiment, variant, extra] = entry.split(".");
    if (extra !== undefined || !experiment || !variant) continue;
    if (!EXPERIMENT_KEY_PATTERN.test(experiment) || !EXPERIMENT_KEY_PATTERN.test(variant)) continue;
    if (!assignments.has(experiment)) assignments.set(experiment, variant);
  }
  return assignments;
}

/** The browser id a cookie value carries (the first entry that is one), or null. */
export function parseBrowserId(value: string): string | null {
  if (value.length > MAX_VALUE_LENGTH) return null;
  return value.split("|").find(isBrowserId) ?? null;
}

/** The id and assignments a `Cookie` header carries (all cookies of that name; the first wins). */
export function readExperimentCookie(cookieHeader: string | null | undefined): {
  id: string | null;
  assignments: Map<string, string>;
} {
  return experimentCookieFromValues(readCookies(cookieHeader, EXPERIMENT_COOKIE));
}

/** The id and assignments the `experimentos` values of a request carry (the first wins). */
export function experimentCookieFromValues(values: readonly string[]): {
  id: string | null;
  assignments: Map<string, string>;
} {
  const assignments = new Map<string, string>();
  let id: string | null = null;
  for (const value of values) {
    id ??= parseBrowserId(value);
    for (const [experiment, variant] of parseAssignments(value)) {
      if (!assignments.has(experiment)) assignments.set(experiment, variant);
    }
  }
  return { id, assignments };
}

/** The assignments a `Cookie` header carries (all cookies of that name, first wins per experiment). */
export function readAssignments(cookieHeader: string | null | undefined): Map<string, string> {
  return readExperimentCookie(cookieHeader).assignments;
}

/** The assignments with one experiment's variant set (moved to the end, the oldest dropped past the cap). */
export function withAssignment(assignments: Assignments, experiment: string, variant: string): Map<string, string> {
  const next = new Map(assignments);
  next.delete(experiment);
  next.set(experiment, variant);
  while (next.size > MAX_ASSIGNMENTS) next.delete(next.keys().next().value!);
  return next;
}

/** The cookie's value: the id first, then the pairs. */
export function serializeExperimentCookie({ id, assignments }: ExperimentCookieValue): string {
  const pairs = [...assignments].map(([experiment, variant]) => `${experiment}.${variant}`);
  return (isBrowserId(id) ? [id, ...pairs] : pairs).join("|");
}

/** The `Set-Cookie` value: first party, HttpOnly (only the server reads it), Lax, Secure on https. */
export function experimentCookie(value: ExperimentCookieValue, { secure }: { secure: boolean }): string {
  const attributes = [`Max-Age=${EXPERIMENT_COOKIE_MAX_AGE_SECONDS}`, "Path=/", "HttpOnly", "SameSite=Lax"];
  if (secure) attributes.push("Secure");
  return [`${EXPERIMENT_COOKIE}=${serializeExperimentCookie(value)}`, ...attributes].join("; ");
}

/** The `Set-Cookie` value that removes the cookie (analytics consent refused or withdrawn). */
export function clearExperimentCookie({ secure }: { secure: boolean }): string {
  const attributes = ["Max-Age=0", "Path=/", "HttpOnly", "SameSite=Lax"];
  if (secure) attributes.push("Secure");
  return [`${EXPERIMENT_COOKIE}=`, ...attributes].join("; ");
}
