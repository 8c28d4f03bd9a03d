/**
 * The personal-data rules (retention.server.ts) applied to the spool in DATA_DIR: every folder of it
 * (pending, failed, delivered, and the copies imported into the database). Used by both stores: the
 * embedded one keeps everything there; the PostgreSQL one keeps there what waits for the database and the
 * imported copies.
 */
import type { RetentionSettings } from "./config.server";
import { belongsTo, olderThanDays, removalReason, type RemovedSubmission } from "./retention.server";
import { type LeadRecord, type Spool, SPOOL_FOLDERS, type SpoolFolder } from "./spool.server";

export interface SpoolRetentionOptions {
  /** A pending record whose last attempt started less than this long ago may be under delivery. */
  attemptWindowMs: number;
}

/**
 * True when a delivery of the record may be under way in some process of DATA_DIR: one of its
 * destinations was due and its file was touched (an attempt's start) less than `attemptWindowMs` ago.
 */
async function mayBeUnderDelivery(spool: Spool, record: LeadRecord, attemptWindowMs: number): Promise<boolean> {
  const now = Date.now();
  const due = Object.values(record.deliveries).some(
    (delivery) => delivery?.state === "pending" && !(Date.parse(delivery.nextAttemptAt) > now),
  );
  if (!due) return false;
  const touchedAt = await spool.fileTime("pending", record.id);
  return touchedAt !== null && now - touchedAt < attemptWindowMs;
}

/**
 * Removes what the rules say must go: delivered records LEAD_RETENTION_DAYS after their last delivery,
 * imported copies LEAD_RETENTION_DAYS after their import, anything LEAD_MAX_AGE_DAYS after it was accepted,
 * except a pending record that may be under delivery right now (the next run takes it).
 */
export async function purgeSpool(
  spool: Spool,
  settings: RetentionSettings,
  now: Date,
  { attemptWindowMs }: SpoolRetentionOptions,
): Promise<RemovedSubmission[]> {
  const removed: RemovedSubmission[] = [];
  for (const folder of SPOOL_FOLDERS) {
    for (const record of await spool.records(folder)) {
      let reason = removalReason(record, settings, now);
      if (folder === "imported" && reason === null) {
        const importedAt = await spool.fileTime("imported", record.id);
        if (importedAt !== null && olderThanDays(importedAt, settings.retentionDays, now)) reason = "delivered";
      }
      if (reason === null) continue;
      if (folder === "pending" && (await mayBeUnderDelivery(spool, record, attemptWindowMs))) continue;
      if (await spool.discard(record.id)) {
        removed.push({ id: record.id, form: record.form, reason, state: folder });
      }
    }
  }
  // Markers guard writes under way now: their age is counted on the real clock, not the run's `now`.
  await spool.forgetOldRemovals(Date.now());
  return removed;
}

/** Every record of the spool whose payload names this (normalized) address, with the folder it is in. */
export async function spoolRecordsOf(
  spool: Spool,
  email: string,
): Promise<{ folder: SpoolFolder; record: LeadRecord }[]> {
  const found: { folder: SpoolFolder; record: LeadRecord }[] = [];
  for (const folder of SPOOL_FOLDERS) {
    for (const record of await spool.records(folder)) {
      if (belongsTo(record, email)) found.push({ folder, record });
    }
  }
  return found;
}

/** Looks for the address this many times at most: a record can move between folders while they are read. */
const ERASE_PASSES = 5;

/**
 * Removes every record of that address from every folder (Spool.discard: a write under way cannot bring
 * one back); resolves to their ids. The folders are read again until no record of the address is left,
 * since a record moved from a folder not yet read to one already read (a re-queue) is missed by one pass.
 */
export async function eraseFromSpool(spool: Spool, email: string): Promise<string[]> {
  const ids = new Set<string>();
  for (let pass = 0; pass < ERASE_PASSES; pass += 1) {
    const found = await spoolRecordsOf(spool, email);
    if (found.length === 0) break;
    for (const { record } of found) {
      await spool.discard(record.id);
      ids.add(record.id);
    }
  }
  return [...ids];
}
