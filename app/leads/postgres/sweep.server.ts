/**
 * What no request does on PostgreSQL: submissions kept in DATA_DIR (while the database could not be
 * reached, or before DATABASE_URL was set) moved into the database once, with their ids; and pending
 * deliveries without a job (re-queued, imported, or whose destination was not configured where they ran)
 * queued, by one instance at a time (rows locked with SKIP LOCKED).
 */
import { log } from "~/lib/log.server";

import { type Database, TABLES, transaction } from "../database.server";
import { type DestinationName, DESTINATIONS_BY_FORM, destinationUrl } from "../destinations.server";
import type { LeadRecord, Spool } from "../spool.server";
import type { DeliveryQueue } from "./queue.server";

/** Deliveries queued per sweep transaction; a full batch runs the next sweep at once. */
export const SWEEP_BATCH = 100;

/** Pending and failed spool records go into the database with their ids, once (then leads/imported/). */
export async function importSpool(
  spool: Spool,
  insert: (record: LeadRecord) => Promise<boolean>,
  remove: (id: string) => Promise<void>,
): Promise<number> {
  let imported = 0;
  for (const state of ["pending", "failed"] as const) {
    for (const record of await spool.records(state)) {
      const added = await insert(record);
      // Erased or removed by retention while it was being copied: the copy goes too. (An erasure that
      // read the database before this insert committed left the marker first, so it is seen here.)
      if (await spool.wasRemoved(record.id)) {
        await remove(record.id);
        continue;
      }
      await spool.markImported(state, record.id);
      if (added) {
        imported += 1;
        log("info", "lead moved from DATA_DIR into the database", { id: record.id, form: record.form, state });
      }
    }
  }
  return imported;
}

/** Gives pending deliveries without a job one (a batch at most); resolves to how many were queued. */
export async function queueWaiting(database: Database, queue: DeliveryQueue): Promise<number> {
  const configured = (Object.values(DESTINATIONS_BY_FORM).flat() as DestinationName[]).filter(
    (name, index, all) => all.indexOf(name) === index && destinationUrl(name) !== null,
  );
  if (configured.length === 0 || !queue.connected) return 0;
  const queued = await transaction(database.pool, async (client) => {
    const { rows } = await client.query<{ submission_id: string; destination: DestinationName }>(
      `SELECT submission_id, destination FROM ${TABLES.delivery}
       WHERE state = 'pending' AND NOT queued AND destination = ANY($1)
       ORDER BY submission_id LIMIT ${SWEEP_BATCH} FOR UPDATE SKIP LOCKED`,
      [configured],
    );
    if (rows.length === 0) return 0;
    const jobs = rows.map((row) => queue.job(row.submission_id, row.destination));
    // A finished job of an earlier round keeps its id in pg-boss's table until archived.
    await queue.deleteJobs(
      jobs.map((job) => job.id!),
      client,
    );
    await queue.insert(jobs, client);
    await client.query(
      `UPDATE ${TABLES.delivery} d SET queued = true FROM unnest($1::uuid[], $2::text[]) AS w(id, destination)
       WHERE d.submission_id = w.id AND d.destination = w.destination`,
      [rows.map((row) => row.submission_id), rows.map((row) => row.destination)],
    );
    return rows.length;
  });
  if (queued > 0) queue.notify();
  return queued;
}
