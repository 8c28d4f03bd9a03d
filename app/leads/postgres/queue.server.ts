/**
 * The delivery queue on PostgreSQL: one pg-boss job per (submission, destination), run by the workers of
 * any instance, fetched in batches (a worker whose batch came back full fetches again at once; a stored
 * lead wakes one). A job's id is derived from both (deliveryJobId), so no instance can queue the same
 * delivery twice; the `Idempotency-Key` stays the submission's id. A failed attempt is failed in pg-boss,
 * then moved to the delivery schedule (app/leads/config.server.ts, retryDelayMs); a job out of attempts
 * goes to the dead-letter queue, whose worker marks its delivery failed. A job whose worker died (its
 * instance killed) expires 10 s after twice DELIVERY_TIMEOUT_MS and runs elsewhere 1 s later. A stopping
 * queue starts no attempt: what it fetched meanwhile goes back unsent.
 */
import { createHash } from "node:crypto";

import type pg from "pg";
import PgBoss from "pg-boss";

import { log } from "~/lib/log.server";
import { countDelivery } from "~/metrics/metrics.server";

import { type DeliverySettings, retryDelayMs } from "../config.server";
import { type Database, TABLES } from "../database.server";
import {
  type AttemptOutcome,
  DESTINATION_LABEL,
  destinationEnvName,
  type DestinationName,
  destinationUrl,
  postLead,
} from "../destinations.server";

export const DELIVERY_QUEUE = "lead-delivery";
export const GAVE_UP_QUEUE = "lead-delivery-gave-up";
/**
 * pg-boss workers per instance. Each fetches a batch of up to DELIVERY_CONCURRENCY jobs and sends them
 * at once, within DELIVERY_CONCURRENCY attempts under way per destination for the whole instance (a job
 * waits for a slot at most one attempt's time). Few workers with large batches, because pg-boss's fetch
 * sorts every job due: its cost grows with the backlog, not with the batch.
 */
const WORKERS = 2;
/** Between polls of an idle worker; a worker whose batch came back full fetches again at once. */
const POLLING_SECONDS = 1;
/** How long a stored lead waits before waking a worker, so that a burst is fetched in batches. */
const NOTIFY_DELAY_MS = 20;

type TimedOutcome = AttemptOutcome & { seconds: number };

/** At most `size` tasks at once; the others wait in order. */
class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(size: number) {
    this.free = size;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free += 1;
    }
  }
}
/** RFC 9562 name-based (v5) UUIDs of delivery jobs live in this namespace. */
const JOB_NAMESPACE = Buffer.from("4f1c2a7e9b3d4c8a8e2f6a1b5c7d9e03", "hex");

/** The pg-boss job id of one submission's delivery to one destination: a v5 UUID of both. */
export function deliveryJobId(submissionId: string, destination: DestinationName): string {
  const hash = createHash("sha1").update(JOB_NAMESPACE).update(`${submissionId}/${destination}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface JobData {
  submissionId: string;
  destination: DestinationName;
}

type Queryable = Pick<pg.PoolClient, "query">;

/** pg-boss runs its statements on this client, inside our transaction. */
export function inTransaction(client: Queryable): PgBoss.ConnectionOptions {
  return { db: { executeSql: (text, values) => client.query(text, values) } };
}

export interface DeliveryQueueOptions {
  /** Injected in tests; the global fetch otherwise. */
  fetch?: typeof fetch;
}

export class DeliveryQueue {
  private readonly database: Database;
  private readonly settings: DeliverySettings;
  private readonly options: DeliveryQueueOptions;
  private boss: PgBoss | null = null;
  private workerIds: string[] = [];
  /** This instance's worker of the dead-letter queue, woken when an attempt here was a job's last. */
  private gaveUpWorkerId: string | null = null;
  private readonly tasks = new Set<Promise<unknown>>();
  private readonly warnedUnset = new Set<string>();
  /** Workers whose batch is under way. */
  private readonly busy = new Set<string>();
  private notifyTimer: NodeJS.Timeout | null = null;
  /** Set by `stop`: no attempt starts after it (a batch fetched meanwhile is handed back unsent). */
  private stopping = false;
  /** DELIVERY_CONCURRENCY attempts at once per destination, whichever worker's batch they are in. */
  private readonly slots: Record<DestinationName, Slots>;

  constructor(database: Database, settings: DeliverySettings, options: DeliveryQueueOptions = {}) {
    this.database = database;
    this.settings = settings;
    this.options = options;
    this.slots = {
      formService: new Slots(settings.deliveryConcurrency),
      automationWebhook: new Slots(settings.deliveryConcurrency),
    };
  }

  get connected(): boolean {
    return this.boss !== null;
  }

  /**
   * Starts pg-boss on the shared pool and this instance's workers. Throws when the database cannot be
   * reached; resolves false when `stillWanted` turned false meanwhile (nothing is left running).
   */
  async connect(stillWanted: () => boolean): Promise<boolean> {
    let boss: PgBoss | null = null;
    try {
      await this.database.ready();
      boss = new PgBoss({
        db: { executeSql: (text, values) => this.database.pool.query(text, values) },
        schema: "pgboss",
        schedule: false,
        // Expired jobs (a killed instance's) are found within this many seconds.
        maintenanceIntervalSeconds: 10,
      });
      boss.on("error", (error: unknown) => log("warn", "delivery queue error", { error: String(error) }));
      await boss.start();
      await boss.createQueue(GAVE_UP_QUEUE);
      await boss.createQueue(DELIVERY_QUEUE, { name: DELIVERY_QUEUE, deadLetter: GAVE_UP_QUEUE });
      if (!stillWanted()) {
        await boss.stop({ graceful: false, close: false });
        return false;
      }
      this.boss = boss;
      this.stopping = false;
      const batchSize = this.settings.deliveryConcurrency;
      for (let index = 0; index < WORKERS; index += 1) {
        let workerId = "";
        workerId = await boss.work<JobData>(
          DELIVERY_QUEUE,
          { pollingIntervalSeconds: POLLING_SECONDS, batchSize, includeMetadata: true },
          async (jobs) => {
            // A full batch means more are waiting: the worker fetches again at once instead of polling.
            if (jobs.length === batchSize) boss?.notifyWorker(workerId);
            this.busy.add(workerId);
            try {
              await this.track(this.deliverBatch(boss!, jobs));
            } finally {
              this.busy.delete(workerId);
            }
          },
        );
        this.workerIds.push(workerId);
      }
      // Polls for what other instances (or pg-boss's expiry) sent there; a last attempt failed here wakes it.
      this.gaveUpWorkerId = await boss.work<JobData>(
        GAVE_UP_QUEUE,
        { pollingIntervalSeconds: 2, includeMetadata: true },
        ([job]) => this.track(this.markFailed(job!.data, job!.output)),
      );
      return true;
    } catch (error) {
      this.boss = null;
      this.workerIds = [];
      this.gaveUpWorkerId = null;
      await boss?.stop({ graceful: false, close: false }).catch(() => undefined);
      throw error;
    }
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.tasks.add(promise);
    void promise.finally(() => this.tasks.delete(promise)).catch(() => undefined);
    return promise;
  }

  /** The job of one delivery, with the retry schedule and expiry of the settings. */
  job(submissionId: string, destination: DestinationName): PgBoss.JobInsert<JobData> {
    return {
      id: deliveryJobId(submissionId, destination),
      name: DELIVERY_QUEUE,
      data: { submissionId, destination },
      retryLimit: Math.max(0, this.settings.maxAttempts - 1),
      // A failed attempt is moved to the delivery schedule (retryDelayMs) right after pg-boss fails it;
      // this fixed second is for what pg-boss retries on its own: a job handed back at shutdown or
      // expired with its instance. Its exponential backoff (uncapped, in whole seconds from the job's
      // retry count) would hold a lead that had failed a few times for minutes or hours.
      retryDelay: 1,
      retryBackoff: false,
      // An attempt is bounded by DELIVERY_TIMEOUT_MS and may first wait for a slot as long (another
      // worker's batch to the same destination); the margin covers the batch's database writes.
      expireInSeconds: 2 * Math.ceil(this.settings.attemptTimeoutMs / 1000) + 10,
      deadLetter: GAVE_UP_QUEUE,
    };
  }

  /** Queues jobs inside the caller's transaction. */
  async insert(jobs: PgBoss.JobInsert<JobData>[], client: Queryable): Promise<void> {
    if (jobs.length > 0) await this.bossOrThrow().insert(jobs, inTransaction(client));
  }

  /** Removes finished jobs with these ids (a delivery queued again keeps its job id). */
  async deleteJobs(ids: string[], client: Queryable): Promise<void> {
    await this.bossOrThrow().deleteJob(DELIVERY_QUEUE, ids, inTransaction(client));
  }

  /** Wakes this instance's workers now instead of at their next poll (jobs just queued by the sweep). */
  notify(): void {
    for (const id of this.workerIds) this.boss?.notifyWorker(id);
  }

  /**
   * A lead was just stored: within NOTIFY_DELAY_MS an idle worker (if any) fetches instead of waiting
   * for its poll. The delay gathers a burst's jobs into one fetch (pg-boss's fetch sorts every job due,
   * so one per lead would cost the database more than the leads themselves); busy workers need no
   * wake-up, as a full batch fetches again at once.
   */
  notifySoon(): void {
    if (this.notifyTimer) return;
    this.notifyTimer = setTimeout(() => {
      this.notifyTimer = null;
      const idle = this.workerIds.find((id) => !this.busy.has(id));
      if (idle) this.boss?.notifyWorker(idle);
    }, NOTIFY_DELAY_MS);
    this.notifyTimer.unref();
  }

  private bossOrThrow(): PgBoss {
    if (!this.boss) throw new Error("The delivery queue is not connected");
    return this.boss;
  }

  warnUnset(id: string, form: string, destination: DestinationName): void {
    const key = `${id}:${destination}`;
    if (this.warnedUnset.has(key)) return;
    this.warnedUnset.add(key);
    log("warn", "lead destination not configured; submission kept until it is", {
      id,
      form,
      setting: destinationEnvName(destination),
    });
  }

  /**
   * One batch of jobs fetched together: their rows read in one query, the POSTs sent at once, the
   * results written in one statement each (delivered, failed). Failed attempts are failed in pg-boss
   * here, so pg-boss retries them with its backoff; the handler then resolves and pg-boss completes the
   * rest (its complete touches active jobs only). Throws only when the database fails, which hands the
   * whole batch back for a retry (at least once: a delivery made and not recorded is made again, with
   * the same key).
   */
  private async deliverBatch(boss: PgBoss, jobs: PgBoss.JobWithMetadata<JobData>[]): Promise<void> {
    const sent: { job: PgBoss.JobWithMetadata<JobData>; form: string; outcome: TimedOutcome }[] = [];
    const unset: JobData[] = [];
    const settled: string[] = [];
    /** Fetched while the queue stopped: not sent here, another instance (or the next start) sends them. */
    const unsent: string[] = [];
    if (this.stopping) return this.handBack(jobs.map((job) => job.id));
    const rows = await this.pendingRows(jobs.map((job) => job.data));
    await Promise.all(
      jobs.map(async (job) => {
        const { submissionId, destination } = job.data;
        const row = rows.get(`${submissionId}/${destination}`);
        if (!row) {
          settled.push(job.id);
          return;
        }
        if (!destinationUrl(destination)) {
          unset.push(job.data);
          this.warnUnset(submissionId, row.form, destination);
          return;
        }
        const outcome = await this.slots[destination].run(async () => {
          if (this.stopping) return null;
          const started = performance.now();
          const result = await postLead(
            destination,
            { id: submissionId, payload: row.payload },
            { timeoutMs: this.settings.attemptTimeoutMs, fetch: this.options.fetch },
          );
          return { ...result, seconds: (performance.now() - started) / 1000 };
        });
        if (outcome) sent.push({ job, form: row.form, outcome });
        else unsent.push(job.id);
      }),
    );
    if (unsent.length > 0) await this.handBack(unsent);
    if (settled.length > 0) {
      // Nothing to send: delivered already, or the submission was erased or removed by retention while
      // this job waited. Then its job goes too, so that not even the id stays behind.
      await this.database.pool.query(
        `DELETE FROM pgboss.job j WHERE j.name = $2 AND j.id = ANY($1::uuid[])
           AND NOT EXISTS (SELECT 1 FROM ${TABLES.submission} s WHERE s.id::text = j.data->>'submissionId')`,
        [settled, DELIVERY_QUEUE],
      );
    }
    if (unset.length > 0) {
      // Configured elsewhere maybe: handed back to the sweep of an instance that has the address.
      await this.database.pool.query(
        `UPDATE ${TABLES.delivery} d SET queued = false FROM unnest($1::uuid[], $2::text[]) AS w(id, destination)
         WHERE d.submission_id = w.id AND d.destination = w.destination`,
        [unset.map((item) => item.submissionId), unset.map((item) => item.destination)],
      );
    }
    const delivered = sent.filter((item) => item.outcome.ok);
    const failed = sent.filter((item) => !item.outcome.ok);
    if (delivered.length > 0) {
      const { rows: updated } = await this.database.pool.query<{ id: string; destination: string; attempts: number }>(
        `UPDATE ${TABLES.delivery} d SET state = 'delivered', queued = false, attempts = d.attempts + 1,
           last_attempt_at = now(), delivered_at = now(), last_error = NULL
         FROM unnest($1::uuid[], $2::text[]) AS w(id, destination)
         WHERE d.submission_id = w.id AND d.destination = w.destination
         RETURNING d.submission_id AS id, d.destination, d.attempts`,
        [delivered.map((item) => item.job.data.submissionId), delivered.map((item) => item.job.data.destination)],
      );
      const attempts = new Map(updated.map((row) => [`${row.id}/${row.destination}`, row.attempts]));
      for (const { job, form, outcome } of delivered) {
        const { submissionId: id, destination } = job.data;
        countDelivery(DESTINATION_LABEL[destination], "delivered", outcome.seconds);
        log("info", "lead delivered", { id, form, destination, attempts: attempts.get(`${id}/${destination}`) });
      }
    }
    if (failed.length > 0) {
      const errors = failed.map((item) => (item.outcome.ok ? "" : item.outcome.error));
      const { rows: updated } = await this.database.pool.query<{ id: string; destination: string; attempts: number }>(
        `UPDATE ${TABLES.delivery} d SET attempts = d.attempts + 1, last_attempt_at = now(), last_error = w.error
         FROM unnest($1::uuid[], $2::text[], $3::text[]) AS w(id, destination, error)
         WHERE d.submission_id = w.id AND d.destination = w.destination
         RETURNING d.submission_id AS id, d.destination, d.attempts`,
        [failed.map((item) => item.job.data.submissionId), failed.map((item) => item.job.data.destination), errors],
      );
      const attempts = new Map(updated.map((row) => [`${row.id}/${row.destination}`, row.attempts]));
      failed.forEach(({ job, form, outcome }, index) => {
        const { submissionId: id, destination } = job.data;
        // The last attempt counts as gave_up, once, where the dead-letter job marks it (markFailed).
        const retried = job.retryCount < job.retryLimit;
        if (retried) countDelivery(DESTINATION_LABEL[destination], "failed", outcome.seconds);
        log("warn", retried ? "lead delivery attempt failed; will retry" : "lead delivery's last attempt failed", {
          id,
          form,
          destination,
          attempts: attempts.get(`${id}/${destination}`),
          error: errors[index],
        });
      });
      // The reason is in the delivery row (last_error), which the gave-up worker keeps. The batch's own
      // pg-boss: the queue may have stopped meanwhile, and this result must still be recorded.
      await boss.fail(
        DELIVERY_QUEUE,
        failed.map((item) => item.job.id),
      );
      // A job out of attempts is in the dead-letter queue now: its delivery is marked failed (and counted
      // gave_up) at once, not at the gave-up worker's next poll.
      if (this.gaveUpWorkerId && failed.some(({ job }) => job.retryCount >= job.retryLimit))
        boss.notifyWorker(this.gaveUpWorkerId);
      // pg-boss counts its retry delay in whole seconds from 1 s, with 1–2× jitter and no cap: the retries
      // are moved to the one schedule both stores follow (retryDelayMs), from the delivery's attempts.
      const retries = failed.filter(({ job }) => job.retryCount < job.retryLimit);
      if (retries.length > 0) {
        await this.database.pool.query(
          `UPDATE pgboss.job j SET start_after = now() + w.delay_ms * interval '1 millisecond'
           FROM unnest($2::uuid[], $3::float8[]) AS w(id, delay_ms)
           WHERE j.name = $1 AND j.id = w.id AND j.state = 'retry'`,
          [
            DELIVERY_QUEUE,
            retries.map(({ job }) => job.id),
            retries.map(({ job }) => {
              const key = `${job.data.submissionId}/${job.data.destination}`;
              return retryDelayMs(attempts.get(key) ?? job.retryCount + 1, this.settings);
            }),
          ],
        );
      }
    }
  }

  /**
   * Jobs this worker holds but will not send (the queue is stopping) go back to the queue, due now, so
   * that pg-boss's completion of the batch (active jobs only) leaves them alone. No attempt was made, so
   * none is used up: pg-boss adds one to a job's retry count whenever it fetches a job fetched before
   * (started_on set), so the count goes back one, or, on a first fetch, started_on is cleared. Otherwise
   * every shutdown that caught a job would take an attempt from its lead, and its real last attempt would
   * come (and be counted gave_up) early.
   */
  private async handBack(ids: string[]): Promise<void> {
    await this.database.pool.query(
      `UPDATE pgboss.job SET state = 'retry', start_after = now(),
         started_on = CASE WHEN retry_count = 0 THEN NULL ELSE started_on END,
         retry_count = GREATEST(retry_count - 1, 0)
       WHERE name = $1 AND id = ANY($2::uuid[]) AND state = 'active'`,
      [DELIVERY_QUEUE, ids],
    );
  }

  /** The pending deliveries among these, with their submission's form and payload, by `id/destination`. */
  private async pendingRows(items: JobData[]) {
    const { rows } = await this.database.pool.query<{
      id: string;
      destination: DestinationName;
      form: string;
      payload: Record<string, unknown>;
    }>(
      `SELECT d.submission_id AS id, d.destination, s.form, s.payload
       FROM unnest($1::uuid[], $2::text[]) AS w(id, destination)
       JOIN ${TABLES.delivery} d ON d.submission_id = w.id AND d.destination = w.destination
       JOIN ${TABLES.submission} s ON s.id = d.submission_id
       WHERE d.state = 'pending'`,
      [items.map((item) => item.submissionId), items.map((item) => item.destination)],
    );
    return new Map(rows.map((row) => [`${row.id}/${row.destination}`, row]));
  }

  /** A job out of attempts (or expired too often): its delivery is kept as failed. */
  private async markFailed({ submissionId, destination }: JobData, output: unknown): Promise<void> {
    const reason = (output as { message?: unknown; value?: { message?: unknown } } | null) ?? null;
    const message = String(reason?.message ?? reason?.value?.message ?? "gave up");
    const { rows } = await this.database.pool.query<{ attempts: number; last_error: string | null }>(
      `UPDATE ${TABLES.delivery} SET state = 'failed', queued = false, last_error = COALESCE(last_error, $3)
       WHERE submission_id = $1 AND destination = $2 AND state = 'pending' RETURNING attempts, last_error`,
      [submissionId, destination, message],
    );
    if (rows[0]) {
      countDelivery(DESTINATION_LABEL[destination], "gave_up");
      log("error", "lead delivery gave up; kept as failed", {
        id: submissionId,
        destination,
        attempts: rows[0].attempts,
        error: rows[0].last_error,
      });
    }
  }

  /** Resolves once no job of this instance is under way. */
  async idle(): Promise<void> {
    while (this.tasks.size > 0) await Promise.allSettled([...this.tasks]);
  }

  /**
   * Stops the workers: attempts under way get `graceMs` to finish, then pg-boss hands what still runs
   * back to the queue, where another instance takes it after its retry delay.
   */
  async stop(graceMs: number): Promise<void> {
    this.stopping = true;
    const boss = this.boss;
    this.boss = null;
    this.workerIds = [];
    this.gaveUpWorkerId = null;
    if (this.notifyTimer) clearTimeout(this.notifyTimer);
    this.notifyTimer = null;
    await boss?.stop({ graceful: true, close: false, timeout: graceMs });
  }
}
