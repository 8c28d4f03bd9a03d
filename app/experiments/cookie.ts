/**
 * The experiment cookie: which variant this browser was given, per experiment, in one first-party
 * cookie (`experimentos=titular-reformas.b|formulario-corto.a`). Read at the boundary: entries that are
 * not `key.variant` with content keys are skipped, so a broken cookie means "not assigned", never an error.
 * Set only for browsers that take part (analytics consent, docs/consent-and-tracking.md).
 */
import { readCookies } from "~/lib/cookies";

import { EXPERIMENT_KEY_PATTERN } from "./model";

export const EXPERIMENT_COOKIE = "experimentos";
/** An experiment rarely runs longer than a quarter; a browser that comes back later is drawn again. */
export const EXPERIMENT_COOKIE_MAX_AGE_SECONDS = 90 * 24 * 60 * 60;
/** At most this many experiments per browser (the oldest go first), so the cookie stays small. */
export const MAX_ASSIGNMENTS = 20;
const MAX_VALUE_LENGTH = 2600;

/** experiment key → variant key, in the cookie's order. */
export type Assignments = ReadonlyMap<string, string>;

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

/** The assignments a `Cookie` header carries (all cookies of that name, first wins per experiment). */
export function readAssignments(cookieHeader: string | null | undefined): Map<string, string> {
  const assignments = new Map<string, string>();
  for (const value of readCookies(cookieHeader, EXPERIMENT_COOKIE)) {
    for (const [experiment, variant] of parseAssignments(value)) {
      if (!assignments.has(experiment)) assignments.set(experiment, variant);
    }
  }
  return assignments;
}

/** The assignments with one experiment's variant set (moved to the end, the oldest dropped past the cap). */
export function withAssignment(assignments: Assignments, experiment: string, variant: string): Map<string, string> {
  const next = new Map(assignments);
  next.delete(experiment);
  next.set(experiment, variant);
  while (next.size > MAX_ASSIGNMENTS) next.delete(next.keys().next().value!);
  return next;
}

export function serializeAssignments(assignments: Assignments): string {
  return [...assignments].map(([experiment, variant]) => `${experiment}.${variant}`).join("|");
}

/** The `Set-Cookie` value: first party, HttpOnly (only the server reads it), Lax, Secure on https. */
export function experimentCookie(assignments: Assignments, { secure }: { secure: boolean }): string {
  const attributes = [`Max-Age=${EXPERIMENT_COOKIE_MAX_AGE_SECONDS}`, "Path=/", "HttpOnly", "SameSite=Lax"];
  if (secure) attributes.push("Secure");
  return [`${EXPERIMENT_COOKIE}=${serializeAssignments(assignments)}`, ...attributes].join("; ");
}

/** The `Set-Cookie` value that removes the cookie (analytics consent refused or withdrawn). */
export function clearExperimentCookie({ secure }: { secure: boolean }): string {
  const attributes = ["Max-Age=0", "Path=/", "HttpOnly", "SameSite=Lax"];
  if (secure) attributes.push("Secure");
  return [`${EXPERIMENT_COOKIE}=`, ...attributes].join("; ");
}

/** True when the header carries the experiment cookie at all (valid or not). */
export function hasExperimentCookie(cookieHeader: string | null | undefined): boolean {
  return readCookies(cookieHeader, EXPERIMENT_COOKIE).length > 0;
}
