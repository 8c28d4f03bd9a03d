/**
 * The lead tables' reads and writes that are not the queue's: a submission written with its delivery
 * rows, submissions read back as records, counts for /healthz, and the re-queue of failed deliveries.
 */
import type pg from "pg";
import type PgBoss from "pg-boss";

import type { LeadFormKind } from "~/forms/shared";

import { TABLES } from "../database.server";
import type { DestinationName } from "../destinations.server";
import type { DestinationDelivery, LeadRecord, SpoolState } from "../spool.server";
import type { DeliveryBacklog } from "../store.server";
import { DELIVERY_QUEUE, type JobData } from "./queue.server";

type Queryable = Pick<pg.PoolClient, "query">;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface DeliveryRow {
  submission_id: string;
  form: LeadFormKind;
  created_at: Date;
  payload: Record<string, unknown>;
  destination: DestinationName;
  state: SpoolState;
  attempts: number;
  last_attempt_at: Date | null;
  last_error: string | null;
  delivered_at: Date | null;
  next_attempt_at: Date | null;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Delivery rows (joined with their submission) as records, oldest first. */
function recordsFromRows(rows: DeliveryRow[]): LeadRecord[] {
  const records = new Map<string, LeadRecord>();
  for (const row of rows) {
    const record = records.get(row.submission_id) ?? {
      version: 1 as const,
      id: row.submission_id,
      form: row.form,
      createdAt: row.created_at.toISOString(),
      payload: row.payload,
      deliveries: {},
    };
    record.deliveries[row.destination] = {
      state: row.state,
      attempts: row.attempts,
      nextAttemptAt: iso(row.next_attempt_at) ?? record.createdAt,
      lastAttemptAt: iso(row.last_attempt_at),
      lastError: row.last_error,
      deliveredAt: iso(row.delivered_at),
    };
    records.set(row.submission_id, record);
  }
  return [...records.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/**
 * Submissions matching `where` (over `s`, the submission, and `d`, a delivery row) as records, oldest
 * first, with the time of each pending delivery's next attempt when pg-boss has one.
 */
export async function selectRecords(pool: pg.Pool, where: string, values: unknown[]): Promise<LeadRecord[]> {
  const { rows: jobTable } = await pool.query<{ exists: boolean }>(
    "SELECT to_regclass('pgboss.job') IS NOT NULL AS exists",
  );
  const nextAttempt = jobTable[0]?.exists
    ? `(SELECT min(j.start_after) FROM pgboss.job j WHERE j.name = '${DELIVERY_QUEUE}'
         AND j.state IN ('created', 'retry') AND j.data->>'submissionId' = s.id::text
         AND j.data->>'destination' = d.destination)`
    : "NULL::timestamptz";
  const { rows } = await pool.query<DeliveryRow>(
    `SELECT s.id AS submission_id, s.form, s.created_at, s.payload, d.destination, d.state, d.attempts,
            d.last_attempt_at, d.last_error, d.delivered_at, ${nextAttempt} AS next_attempt_at
     FROM ${TABLES.submission} s JOIN ${TABLES.delivery} d ON d.submission_id = s.id
     WHERE ${where}
     ORDER BY s.created_at, s.id, d.destination`,
    values,
  );
  return recordsFromRows(rows);
}

/**
 * Writes the submission and its delivery rows; `jobFor` names the deliveries to queue now (a job for
 * each, inserted by the caller in the same transaction). False when the id was already there.
 */
export async function insertSubmission(
  client: Queryable,
  record: LeadRecord,
  jobFor: (destination: DestinationName, delivery: DestinationDelivery) => PgBoss.JobInsert<JobData> | null,
): Promise<{ inserted: boolean; jobs: PgBoss.JobInsert<JobData>[] }> {
  const deliveries = Object.entries(record.deliveries) as [DestinationName, DestinationDelivery][];
  const jobs = deliveries.map(([name, delivery]) => jobFor(name, delivery));
  // One statement for the submission and its delivery rows (a round trip per lead, not one per row):
  // the rows are written only when the submission was (an id already there is left as it is).
  const { rows } = await client.query<{ inserted: number }>(
    `WITH submission AS (
       INSERT INTO ${TABLES.submission} (id, form, created_at, payload) VALUES ($1, $2, $3, $4)
       ON CONFLICT (id) DO NOTHING RETURNING id
     ), deliveries AS (
       INSERT INTO ${TABLES.delivery}
         (submission_id, destination, state, queued, attempts, last_attempt_at, last_error, delivered_at)
       SELECT submission.id, d.destination, d.state, d.queued, d.attempts, d.last_attempt_at, d.last_error,
              d.delivered_at
       FROM submission, unnest($5::text[], $6::text[], $7::boolean[], $8::int[], $9::timestamptz[], $10::text[],
                               $11::timestamptz[])
         AS d(destination, state, queued, attempts, last_attempt_at, last_error, delivered_at)
       RETURNING 1
     )
     SELECT (SELECT count(*) FROM submission)::int AS inserted, (SELECT count(*) FROM deliveries)::int AS rows`,
    [
      record.id,
      record.form,
      record.createdAt,
      JSON.stringify(record.payload),
      deliveries.map(([name]) => name),
      deliveries.map(([, delivery]) => delivery.state),
      jobs.map((job) => job !== null),
      deliveries.map(([, delivery]) => delivery.attempts),
      deliveries.map(([, delivery]) => delivery.lastAttemptAt),
      deliveries.map(([, delivery]) => delivery.lastError),
      deliveries.map(([, delivery]) => delivery.deliveredAt),
    ],
  );
  if (!rows[0]?.inserted) return { inserted: false, jobs: [] };
  return { inserted: true, jobs: jobs.filter((job): job is PgBoss.JobInsert<JobData> => job !== null) };
}

/** Submissions waiting for a delivery, and kept as failed (none pending), in the database. */
export async function openCounts(pool: pg.Pool): Promise<{ pending: number; failed: number }> {
  const { rows } = await pool.query<{ pending: string; failed: string }>(
    `SELECT count(*) FILTER (WHERE p > 0) AS pending, count(*) FILTER (WHERE p = 0 AND f > 0) AS failed
     FROM (SELECT submission_id, count(*) FILTER (WHERE state = 'pending') AS p,
                  count(*) FILTER (WHERE state = 'failed') AS f
           FROM ${TABLES.delivery} WHERE state <> 'delivered' GROUP BY submission_id) open`,
  );
  return { pending: Number(rows[0]?.pending ?? 0), failed: Number(rows[0]?.failed ?? 0) };
}

/** Pending deliveries per destination and the oldest one's age, in the database. */
export async function pendingBacklog(pool: pg.Pool): Promise<DeliveryBacklog> {
  const { rows } = await pool.query<{ destination: DestinationName; pending: number; oldest: number | null }>(
    `SELECT d.destination, count(*)::int AS pending,
            extract(epoch FROM now() - min(s.created_at))::float8 AS oldest
     FROM ${TABLES.delivery} d JOIN ${TABLES.submission} s ON s.id = d.submission_id
     WHERE d.state = 'pending' GROUP BY d.destination`,
  );
  const backlog: DeliveryBacklog = { pending: { formService: 0, automationWebhook: 0 }, oldestPendingSeconds: 0 };
  for (const row of rows) {
    if (row.destination in backlog.pending) backlog.pending[row.destination] = row.pending;
    backlog.oldestPendingSeconds = Math.max(backlog.oldestPendingSeconds, row.oldest ?? 0);
  }
  return backlog;
}

/**
 * Failed deliveries (all, or of the given submission ids) made pending with fresh attempts and no job:
 * the sweep queues them. Resolves to the submissions' ids.
 */
export async function requeueFailedDeliveries(pool: pg.Pool, ids: readonly string[] | null): Promise<string[]> {
  const { rows } = await pool.query<{ submission_id: string }>(
    `UPDATE ${TABLES.delivery} SET state = 'pending', queued = false, attempts = 0
     WHERE state = 'failed' AND ($1::uuid[] IS NULL OR submission_id = ANY($1::uuid[]))
     RETURNING submission_id`,
    [ids],
  );
  return [...new Set(rows.map((row) => row.submission_id))];
}
