/**
 * The personal-data rules (app/leads/retention.server.ts) applied to the database: the submission rows,
 * their delivery rows and their pg-boss jobs (queued, retrying, finished, archived, dead-lettered).
 */
import type pg from "pg";

import type { RetentionSettings } from "../config.server";
import { TABLES, transaction } from "../database.server";
import type { RemovedSubmission } from "../retention.server";
import { DELIVERY_QUEUE, GAVE_UP_QUEUE } from "./queue.server";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Any fixed 64-bit number naming the retention run's lock (one instance at a time). */
const RETENTION_LOCK = 7_310_425_118_204_004;

type Queryable = Pick<pg.PoolClient, "query">;

async function hasJobTables(client: Queryable): Promise<boolean> {
  const { rows } = await client.query<{ exists: boolean }>("SELECT to_regclass('pgboss.job') IS NOT NULL AS exists");
  return rows[0]?.exists === true;
}

/** Removes submissions with everything that refers to them, pg-boss's jobs and archive included. */
async function deleteSubmissions(client: Queryable, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  if (await hasJobTables(client)) {
    for (const table of ["pgboss.job", "pgboss.archive"]) {
      await client.query(
        `DELETE FROM ${table} WHERE name = ANY($2::text[]) AND data->>'submissionId' = ANY($1::text[])`,
        [ids, [DELIVERY_QUEUE, GAVE_UP_QUEUE]],
      );
    }
  }
  await client.query(`DELETE FROM ${TABLES.delivery} WHERE submission_id = ANY($1::uuid[])`, [ids]);
  await client.query(`DELETE FROM ${TABLES.submission} WHERE id = ANY($1::uuid[])`, [ids]);
}

/** Removes these submissions with their deliveries and jobs (an import that raced their erasure). */
export function removeSubmissions(pool: pg.Pool, ids: readonly string[]): Promise<void> {
  return transaction(pool, (client) => deleteSubmissions(client, ids));
}

/**
 * Jobs whose submission is gone (a job that came back after an erasure, a retry that raced it): they hold
 * only an id, but nothing should outlive the submission. A job under way is left to finish.
 */
async function deleteOrphanJobs(client: Queryable): Promise<void> {
  if (!(await hasJobTables(client))) return;
  for (const table of ["pgboss.job", "pgboss.archive"]) {
    await client.query(
      `DELETE FROM ${table} j WHERE j.name = ANY($1::text[]) AND j.state <> 'active'
         AND NOT EXISTS (SELECT 1 FROM ${TABLES.submission} s WHERE s.id::text = j.data->>'submissionId')`,
      [[DELIVERY_QUEUE, GAVE_UP_QUEUE]],
    );
  }
}

/**
 * The retention run on the database at `now`, under a transaction-level advisory lock: null when another
 * instance holds it. A submission whose delivery job is running at that moment stays for the next run.
 */
export async function purgeDatabase(
  pool: pg.Pool,
  settings: RetentionSettings,
  now: Date,
): Promise<RemovedSubmission[] | null> {
  return transaction(pool, async (client) => {
    const { rows: lock } = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_xact_lock($1) AS locked", [
      RETENTION_LOCK,
    ]);
    if (!lock[0]?.locked) return null;
    const maxAgeCutoff = new Date(now.getTime() - settings.maxAgeDays * DAY_MS);
    const retentionCutoff = new Date(now.getTime() - settings.retentionDays * DAY_MS);
    const underDelivery = (await hasJobTables(client))
      ? `AND NOT EXISTS (SELECT 1 FROM pgboss.job j WHERE j.name = '${DELIVERY_QUEUE}' AND j.state = 'active'
           AND j.data->>'submissionId' = s.id::text)`
      : "";
    const { rows } = await client.query<{
      id: string;
      form: string;
      max_age: boolean;
      state: RemovedSubmission["state"];
    }>(
      `SELECT s.id, s.form, s.created_at <= $1 AS max_age,
              CASE WHEN bool_and(coalesce(d.state, 'delivered') = 'delivered') THEN 'delivered'
                   WHEN bool_or(d.state = 'pending') THEN 'pending' ELSE 'failed' END AS state
       FROM ${TABLES.submission} s LEFT JOIN ${TABLES.delivery} d ON d.submission_id = s.id
       WHERE true ${underDelivery}
       GROUP BY s.id
       HAVING s.created_at <= $1
           OR (bool_and(coalesce(d.state, 'delivered') = 'delivered')
               AND coalesce(max(d.delivered_at), s.created_at) <= $2)`,
      [maxAgeCutoff, retentionCutoff],
    );
    await deleteSubmissions(
      client,
      rows.map((row) => row.id),
    );
    await deleteOrphanJobs(client);
    return rows.map((row) => ({
      id: row.id,
      form: row.form,
      reason: row.max_age ? ("max-age" as const) : ("delivered" as const),
      state: row.state,
    }));
  });
}

/** The WHERE clause (over `s`, the submission) that finds a normalized address; $1 is the address. */
export const BY_EMAIL = "lower(btrim(s.payload->>'email')) = $1";

/**
 * Removes every submission of this normalized address with its deliveries and jobs (a delivery that is
 * retrying finds nothing to send afterwards) and writes the audit row, in one transaction. Resolves to
 * the ids; `alsoErased` are ids removed elsewhere (DATA_DIR) that the audit row names too.
 */
export async function eraseFromDatabase(
  pool: pg.Pool,
  email: string,
  alsoErased: () => Promise<string[]>,
): Promise<{ ids: string[]; erasedAt: string }> {
  return transaction(pool, async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `SELECT s.id FROM ${TABLES.submission} s WHERE ${BY_EMAIL} FOR UPDATE`,
      [email],
    );
    const ids = rows.map((row) => row.id);
    await deleteSubmissions(client, ids);
    const fromSpool = await alsoErased();
    // A spooled submission whose import into the database committed after the SELECT above: gone too.
    await deleteSubmissions(
      client,
      fromSpool.filter((id) => !ids.includes(id)),
    );
    const all = [...new Set([...ids, ...fromSpool])];
    const { rows: audit } = await client.query<{ erased_at: Date }>(
      `INSERT INTO ${TABLES.erasureAudit} (submissions, ids) VALUES ($1, $2::text[]) RETURNING erased_at`,
      [all.length, all],
    );
    return { ids: all, erasedAt: (audit[0]?.erased_at ?? new Date()).toISOString() };
  });
}
