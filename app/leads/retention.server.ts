/**
 * The personal-data rules of the lead store, as pure functions both stores apply (docs/production-server.md,
 * 'Datos personales'):
 *
 * - the site is a delivery buffer: a submission leaves the store LEAD_RETENTION_DAYS after it reached its
 *   last destination, and LEAD_MAX_AGE_DAYS after it was accepted whatever its state;
 * - a person's submissions are found by the `email` of their payload, case and surrounding spaces ignored,
 *   never by a partial match.
 */
import { EMAIL_PATTERN } from "~/forms/rules";

import type { RetentionSettings } from "./config.server";
import type { LeadRecord } from "./spool.server";

const DAY_MS = 24 * 60 * 60 * 1000;

export type RemovalReason = "delivered" | "max-age";

/** What a retention run removed (ids only: the report and the logs never hold personal data). */
export interface RemovedSubmission {
  id: string;
  form: string;
  reason: RemovalReason;
  /** Where it was: its delivery state, or `imported` for the copy DATA_DIR kept after moving it to the database. */
  state: "pending" | "failed" | "delivered" | "imported";
}

export interface PurgeResult {
  /** False when another process was already running it (nothing was done here). */
  ran: boolean;
  removed: RemovedSubmission[];
}

export interface ErasureResult {
  ids: string[];
  erasedAt: string;
}

/** The comparable form of an address: trimmed, lower-cased; null when it is not an address. */
export function normalizeEmail(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const email = value.trim().toLowerCase();
  return email.length <= 320 && EMAIL_PATTERN.test(email) ? email : null;
}

/** True when the record's payload names this (normalized) address. */
export function belongsTo(record: Pick<LeadRecord, "payload">, email: string): boolean {
  return normalizeEmail(record.payload?.email) === email;
}

function time(value: string | null | undefined): number | null {
  const parsed = value ? Date.parse(value) : Number.NaN;
  return Number.isFinite(parsed) ? parsed : null;
}

/** When the record reached its last destination; null while any destination has not got it. */
export function lastDeliveredAt(record: Pick<LeadRecord, "deliveries" | "createdAt">): number | null {
  let last: number | null = null;
  for (const delivery of Object.values(record.deliveries ?? {})) {
    if (!delivery) continue;
    if (delivery.state !== "delivered") return null;
    const at = time(delivery.deliveredAt) ?? time(delivery.lastAttemptAt) ?? time(record.createdAt);
    if (at !== null) last = Math.max(last ?? at, at);
  }
  return last ?? time(record.createdAt);
}

/** Why the record must leave the store at `now`, or null when it stays. */
export function removalReason(
  record: Pick<LeadRecord, "deliveries" | "createdAt">,
  settings: RetentionSettings,
  now: Date,
): RemovalReason | null {
  const created = time(record.createdAt);
  // A record without a readable date is past any limit: it cannot prove it may stay.
  if (created === null || now.getTime() - created >= settings.maxAgeDays * DAY_MS) return "max-age";
  const delivered = lastDeliveredAt(record);
  if (delivered !== null && now.getTime() - delivered >= settings.retentionDays * DAY_MS) return "delivered";
  return null;
}

/** True once `days` have passed since `since` (a copy's own clock, e.g. an import). */
export function olderThanDays(since: number, days: number, now: Date): boolean {
  return now.getTime() - since >= days * DAY_MS;
}
