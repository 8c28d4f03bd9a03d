/**
 * The delivery queue on PostgreSQL: one pg-boss job per (submission, destination), run by the workers of
 * any instance. A job's id is derived from both (deliveryJobId), so no instance can queue the same
 * delivery twice; the `Idempotency-Key` stays the submission's id. A failed attempt is thrown back to
 * pg-boss, which retries it with its backoff (the schedule: app/leads/config.server.ts, retryDelayMs); a
 * job out of attempts goes to the dead-letter queue, whose worker marks its delivery failed. A job whose
 * worker died (its instance killed) expires a few seconds after DELIVERY_TIMEOUT_MS and runs elsewhere.
 */
import { createHash } from "node:crypto";

import type pg from "pg";
import PgBoss from "pg-boss";

import { log } from "~/lib/log.server";

import type { DeliverySettings } from "../config.server";
import { type Database, TABLES } from "../database.server";
import { destinationEnvName, type DestinationName, destinationUrl, postLead } from "../destinations.server";
import type { SpoolState } from "../spool.server";

export const DELIVERY_QUEUE = "lead-delivery";
export const GAVE_UP_QUEUE = "lead-delivery-gave-up";
/** Jobs one instance runs at once (one pg-boss worker each). */
const WORKERS = 4;
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
  private readonly tasks = new Set<Promise<unknown>>();
  private readonly warnedUnset = new Set<string>();

  constructor(database: Database, settings: DeliverySettings, options: DeliveryQueueOptions = {}) {
    this.database = database;
    this.settings = settings;
    this.options = options;
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
      for (let index = 0; index < WORKERS; index += 1) {
        this.workerIds.push(
          await boss.work<JobData>(DELIVERY_QUEUE, { pollingIntervalSeconds: 1, batchSize: 1 }, ([job]) =>
            this.track(this.deliver(job!.data)),
          ),
        );
      }
      await boss.work<JobData>(GAVE_UP_QUEUE, { pollingIntervalSeconds: 2, includeMetadata: true }, ([job]) =>
        this.track(this.markFailed(job!.data, job!.output)),
      );
      return true;
    } catch (error) {
      this.boss = null;
      this.workerIds = [];
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
      retryDelay: Math.max(1, Math.round(this.settings.retryBaseMs / 1000)),
      retryBackoff: true,
      // The attempt is bounded by DELIVERY_TIMEOUT_MS; the margin covers its two database writes.
      expireInSeconds: Math.ceil(this.settings.attemptTimeoutMs / 1000) + 10,
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

  /** Wakes this instance's workers now instead of at their next poll. */
  notify(workers: "one" | "all" = "all"): void {
    const ids = workers === "one" ? this.workerIds.slice(0, 1) : this.workerIds;
    for (const id of ids) this.boss?.notifyWorker(id);
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

  /** One attempt of one job: sends unless already delivered; a failure is thrown for pg-boss to retry. */
  private async deliver({ submissionId, destination }: JobData): Promise<void> {
    const { rows } = await this.database.pool.query<{
      state: SpoolState;
      form: string;
      payload: Record<string, unknown>;
    }>(
      `SELECT d.state, s.form, s.payload FROM ${TABLES.delivery} d JOIN ${TABLES.submission} s ON s.id = d.submission_id
       WHERE d.submission_id = $1 AND d.destination = $2`,
      [submissionId, destination],
    );
    const row = rows[0];
    if (!row || row.state !== "pending") return;
    if (!destinationUrl(destination)) {
      // Configured elsewhere maybe: handed back to the sweep of an instance that has the address.
      await this.database.pool.query(
        `UPDATE ${TABLES.delivery} SET queued = false WHERE submission_id = $1 AND destination = $2`,
        [submissionId, destination],
      );
      this.warnUnset(submissionId, row.form, destination);
      return;
    }
    const outcome = await postLead(
      destination,
      { id: submissionId, payload: row.payload },
      { timeoutMs: this.settings.attemptTimeoutMs, fetch: this.options.fetch },
    );
    if (outcome.ok) {
      const { rows: updated } = await this.database.pool.query<{ attempts: number }>(
        `UPDATE ${TABLES.delivery} SET state = 'delivered', queued = false, attempts = attempts + 1,
           last_attempt_at = now(), delivered_at = now(), last_error = NULL
         WHERE submission_id = $1 AND destination = $2 RETURNING attempts`,
        [submissionId, destination],
      );
      log("info", "lead delivered", { id: submissionId, form: row.form, destination, attempts: updated[0]?.attempts });
      return;
    }
    const { rows: updated } = await this.database.pool.query<{ attempts: number }>(
      `UPDATE ${TABLES.delivery} SET attempts = attempts + 1, last_attempt_at = now(), last_error = $3
       WHERE submission_id = $1 AND destination = $2 RETURNING attempts`,
      [submissionId, destination, outcome.error],
    );
    log("warn", "lead delivery attempt failed; will retry", {
      id: submissionId,
      form: row.form,
      destination,
      attempts: updated[0]?.attempts,
      error: outcome.error,
    });
    throw new Error(outcome.error);
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
    const boss = this.boss;
    this.boss = null;
    this.workerIds = [];
    await boss?.stop({ graceful: true, close: false, timeout: graceMs });
  }
}
