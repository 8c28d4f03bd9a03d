/**
 * The lead store on PostgreSQL (DATABASE_URL), for any number of instances sharing one database.
 *
 * - A submission row, one delivery row per destination and one pg-boss job per (submission, destination)
 *   are written in one transaction before the visitor sees success. The job's id is derived from both
 *   (deliveryJobId), so no instance can queue the same delivery twice; the `Idempotency-Key` stays the
 *   submission's id.
 * - Any instance's workers run the jobs: pg-boss retries a failed attempt with its exponential backoff from
 *   DELIVERY_RETRY_BASE_MS (in whole seconds) up to DELIVERY_MAX_ATTEMPTS, and a job whose worker died
 *   (its instance killed) expires a few seconds after DELIVERY_TIMEOUT_MS and runs again elsewhere. A job
 *   out of attempts goes to the dead-letter queue, whose worker marks its delivery failed; `npm run leads
 *   -- retry` makes it pending again and the sweep queues it anew.
 * - When the database cannot be reached, a submission goes to the spool in DATA_DIR (the visitor still
 *   sees success) and the sweep moves it into the database once it answers; the same step imports, once
 *   and with their ids, the pending and failed records of a spool used before DATABASE_URL was set.
 */
import { createHash } from "node:crypto";

import type pg from "pg";
import PgBoss from "pg-boss";

import type { LeadFormKind } from "~/forms/shared";
import { log } from "~/lib/log.server";

import type { DeliverySettings } from "./config.server";
import { type Database, sharedDatabase, TABLES, transaction } from "./database.server";
import {
  destinationEnvName,
  type DestinationName,
  DESTINATIONS_BY_FORM,
  destinationUrl,
  postLead,
} from "./destinations.server";
import {
  type DestinationDelivery,
  type LeadRecord,
  newLeadRecord,
  recordState,
  Spool,
  type SpoolState,
} from "./spool.server";
import type { LeadStore, LeadStoreHealth, ListedLead, RequeueResult } from "./store.server";

export const DELIVERY_QUEUE = "lead-delivery";
export const GAVE_UP_QUEUE = "lead-delivery-gave-up";
/** Jobs one instance runs at once (one pg-boss worker each). */
const WORKERS = 4;
/** How long the lead action waits for a database that is still starting before using the spool. */
const READY_WAIT_MS = 3_000;
/** How long a start waits for the database before serving anyway (leads then go to the spool). */
const START_WAIT_MS = 10_000;
const SWEEP_BATCH = 100;
/** The longest a shutdown waits for attempts under way before handing them back. */
const SHUTDOWN_GRACE_MS = 8_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
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

interface JobData {
  submissionId: string;
  destination: DestinationName;
}

type Queryable = Pick<pg.PoolClient, "query">;

/** pg-boss runs its statements on this client, inside our transaction. */
function inTransaction(client: Queryable): PgBoss.ConnectionOptions {
  return { db: { executeSql: (text, values) => client.query(text, values) } };
}

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

export interface PostgresLeadStoreOptions {
  /** Injected in tests; the global fetch otherwise. */
  fetch?: typeof fetch;
}

export class PostgresLeadStore implements LeadStore {
  readonly kind = "postgres";
  readonly spool: Spool;
  private readonly database: Database;
  private readonly settings: DeliverySettings;
  private readonly options: PostgresLeadStoreOptions;
  private boss: PgBoss | null = null;
  private workerIds: string[] = [];
  private opened: Promise<void> | null = null;
  private started: Promise<void> | null = null;
  private connecting: Promise<void> | null = null;
  private running = false;
  private sweepTimer: NodeJS.Timeout | null = null;
  private sweeping: Promise<void> | null = null;
  private readonly tasks = new Set<Promise<unknown>>();
  private readonly warnedUnset = new Set<string>();

  constructor(url: string, settings: DeliverySettings, options: PostgresLeadStoreOptions = {}) {
    this.database = sharedDatabase(url);
    this.settings = settings;
    this.options = options;
    this.spool = new Spool(settings.dataDir);
  }

  /** The spool (fallback and import source) and the tables; waits for the database (the CLI). */
  open(): Promise<void> {
    this.opened ??= this.spool.init().then(
      () => this.database.ready(),
      (error: unknown) => {
        this.opened = null;
        throw error;
      },
    );
    return this.opened;
  }

  /**
   * Prepares the spool and connects: resolves once connected, or after 10 s with the connection still
   * tried in the background. A database that is down delays a start but never stops it (leads go to
   * the spool meanwhile); one that is up takes every lead from the first request on.
   */
  start(): Promise<void> {
    this.started ??= this.spool.init().then(
      async () => {
        this.running = true;
        this.connecting = this.connect();
        log("info", "lead delivery started", { store: "postgres", dataDir: this.settings.dataDir });
        await this.connectedWithin(START_WAIT_MS);
      },
      (error: unknown) => {
        this.started = null;
        throw error;
      },
    );
    return this.started;
  }

  /** Resolves once the queue is connected (tests). */
  async connected(): Promise<void> {
    await this.start();
    await this.connecting;
  }

  private async connectedWithin(ms: number): Promise<boolean> {
    if (this.boss) return true;
    let timer: NodeJS.Timeout | undefined;
    const connected = await Promise.race([
      (this.connecting ?? Promise.resolve()).then(() => this.boss !== null),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms))),
    ]);
    clearTimeout(timer);
    return connected;
  }

  private async connect(): Promise<void> {
    while (this.running) {
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
        if (!this.running) {
          await boss.stop({ graceful: false, close: false });
          return;
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
        log("info", "lead delivery connected to the database");
        this.scheduleSweep(0);
        return;
      } catch (error) {
        await boss?.stop({ graceful: false, close: false }).catch(() => undefined);
        log("warn", "lead delivery cannot reach the database; retrying", { error: String(error) });
        await new Promise((resolve) => setTimeout(resolve, 2_000).unref());
      }
    }
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.tasks.add(promise);
    void promise.finally(() => this.tasks.delete(promise)).catch(() => undefined);
    return promise;
  }

  private jobFor(submissionId: string, destination: DestinationName): PgBoss.JobInsert<JobData> {
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

  async store(form: LeadFormKind, payload: Record<string, unknown>): Promise<LeadRecord> {
    const record = newLeadRecord(form, payload, DESTINATIONS_BY_FORM[form], new Date());
    await this.start();
    if (await this.connectedWithin(READY_WAIT_MS)) {
      try {
        await this.insert(record);
        log("info", "lead stored", { id: record.id, form });
        for (const id of this.workerIds.slice(0, 1)) this.boss?.notifyWorker(id);
        return record;
      } catch (error) {
        log("warn", "database unreachable; lead kept in DATA_DIR until it answers", {
          id: record.id,
          error: String(error),
        });
      }
    }
    // Same id as the database attempt: if that one committed after all, the later import is a no-op.
    await this.spool.save(record);
    log("info", "lead stored", { id: record.id, form, in: "DATA_DIR" });
    return record;
  }

  private transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    return transaction(this.database.pool, work);
  }

  /** The submission, its delivery rows and the jobs of the destinations set here, all or nothing. */
  private insert(record: LeadRecord, { queue = true } = {}): Promise<boolean> {
    return this.transaction(async (client) => {
      const inserted = await client.query(
        `INSERT INTO ${TABLES.submission} (id, form, created_at, payload) VALUES ($1, $2, $3, $4)
         ON CONFLICT (id) DO NOTHING`,
        [record.id, record.form, record.createdAt, JSON.stringify(record.payload)],
      );
      if (inserted.rowCount === 0) return false;
      const jobs: PgBoss.JobInsert<JobData>[] = [];
      for (const [name, delivery] of Object.entries(record.deliveries) as [DestinationName, DestinationDelivery][]) {
        const queued = queue && delivery.state === "pending" && destinationUrl(name) !== null;
        await client.query(
          `INSERT INTO ${TABLES.delivery}
             (submission_id, destination, state, queued, attempts, last_attempt_at, last_error, delivered_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [
            record.id,
            name,
            delivery.state,
            queued,
            delivery.attempts,
            delivery.lastAttemptAt,
            delivery.lastError,
            delivery.deliveredAt,
          ],
        );
        if (queued) jobs.push(this.jobFor(record.id, name));
        else if (delivery.state === "pending" && !destinationUrl(name)) this.warnUnset(record.id, record.form, name);
      }
      if (jobs.length > 0) await this.bossOrThrow().insert(jobs, inTransaction(client));
      return true;
    });
  }

  private bossOrThrow(): PgBoss {
    if (!this.boss) throw new Error("The delivery queue is not connected");
    return this.boss;
  }

  private warnUnset(id: string, form: string, destination: DestinationName): void {
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

  private scheduleSweep(delayMs = this.settings.pollIntervalMs): void {
    if (!this.running) return;
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
    this.sweepTimer = setTimeout(() => {
      this.sweeping = this.track(this.sweep()).finally(() => {
        this.sweeping = null;
        this.scheduleSweep();
      });
    }, delayMs);
    this.sweepTimer.unref();
  }

  /** Moves spooled records into the database and queues deliveries that wait for a job. */
  private async sweep(): Promise<void> {
    try {
      await this.importSpool();
      await this.queueWaiting();
    } catch (error) {
      log("warn", "lead delivery sweep failed; will try again", { error: String(error) });
    }
  }

  /** Pending and failed spool records go into the database with their ids, once (then leads/imported/). */
  async importSpool(): Promise<number> {
    let imported = 0;
    for (const state of ["pending", "failed"] as const) {
      for (const record of await this.spool.records(state)) {
        const added = await this.insert(record, { queue: false });
        await this.spool.markImported(state, record.id);
        if (added) {
          imported += 1;
          log("info", "lead moved from DATA_DIR into the database", { id: record.id, form: record.form, state });
        }
      }
    }
    return imported;
  }

  /** Pending deliveries without a job (re-queued, imported, newly configured) get one, by one instance. */
  private async queueWaiting(): Promise<void> {
    const configured = (Object.values(DESTINATIONS_BY_FORM).flat() as DestinationName[]).filter(
      (name, index, all) => all.indexOf(name) === index && destinationUrl(name) !== null,
    );
    if (configured.length === 0 || !this.boss) return;
    const boss = this.boss;
    const queued = await this.transaction(async (client) => {
      const { rows } = await client.query<{ submission_id: string; destination: DestinationName }>(
        `SELECT submission_id, destination FROM ${TABLES.delivery}
         WHERE state = 'pending' AND NOT queued AND destination = ANY($1)
         ORDER BY submission_id LIMIT ${SWEEP_BATCH} FOR UPDATE SKIP LOCKED`,
        [configured],
      );
      if (rows.length === 0) return 0;
      const jobs = rows.map((row) => this.jobFor(row.submission_id, row.destination));
      // A finished job of an earlier round keeps its id in pg-boss's table until archived.
      await boss.deleteJob(
        DELIVERY_QUEUE,
        jobs.map((job) => job.id!),
        inTransaction(client),
      );
      await boss.insert(jobs, inTransaction(client));
      await client.query(
        `UPDATE ${TABLES.delivery} d SET queued = true FROM unnest($1::uuid[], $2::text[]) AS w(id, destination)
         WHERE d.submission_id = w.id AND d.destination = w.destination`,
        [rows.map((row) => row.submission_id), rows.map((row) => row.destination)],
      );
      return rows.length;
    });
    if (queued > 0) {
      for (const id of this.workerIds) boss.notifyWorker(id);
      if (queued === SWEEP_BATCH) this.scheduleSweep(0);
    }
  }

  /** Delivery rows with their submission; with the time of the next attempt when pg-boss has one. */
  private async rows(where: string, values: unknown[]): Promise<DeliveryRow[]> {
    const { rows: jobTable } = await this.database.pool.query<{ exists: boolean }>(
      "SELECT to_regclass('pgboss.job') IS NOT NULL AS exists",
    );
    const nextAttempt = jobTable[0]?.exists
      ? `(SELECT min(j.start_after) FROM pgboss.job j WHERE j.name = '${DELIVERY_QUEUE}'
           AND j.state IN ('created', 'retry') AND j.data->>'submissionId' = s.id::text
           AND j.data->>'destination' = d.destination)`
      : "NULL::timestamptz";
    const { rows } = await this.database.pool.query<DeliveryRow>(
      `SELECT s.id AS submission_id, s.form, s.created_at, s.payload, d.destination, d.state, d.attempts,
              d.last_attempt_at, d.last_error, d.delivered_at, ${nextAttempt} AS next_attempt_at
       FROM ${TABLES.submission} s JOIN ${TABLES.delivery} d ON d.submission_id = s.id
       WHERE ${where}
       ORDER BY s.created_at, s.id, d.destination`,
      values,
    );
    return rows;
  }

  async list(states: readonly SpoolState[]): Promise<ListedLead[]> {
    await this.open();
    const wanted = new Set(states);
    const open = states.includes("delivered")
      ? await this.rows("true", [])
      : await this.rows(`s.id IN (SELECT submission_id FROM ${TABLES.delivery} WHERE state <> 'delivered')`, []);
    const fromDatabase = recordsFromRows(open).map((record) => ({ ...record, state: recordState(record) }));
    const fromSpool: ListedLead[] = [];
    for (const state of ["pending", "failed"] as const) {
      for (const record of await this.spool.records(state)) fromSpool.push({ ...record, state });
    }
    return [...fromDatabase, ...fromSpool]
      .filter((record) => wanted.has(record.state))
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  async requeueFailed(ids: readonly string[]): Promise<RequeueResult> {
    await this.open();
    const valid = ids.filter((id) => UUID.test(id));
    if (ids.length > 0 && valid.length === 0) return { requeued: [], unknown: [...ids] };
    const { rows } = await this.database.pool.query<{ submission_id: string }>(
      `UPDATE ${TABLES.delivery} SET state = 'pending', queued = false, attempts = 0
       WHERE state = 'failed' AND ($1::uuid[] IS NULL OR submission_id = ANY($1::uuid[]))
       RETURNING submission_id`,
      [ids.length === 0 ? null : valid],
    );
    const requeuedIds = [...new Set(rows.map((row) => row.submission_id))];
    const requeued = requeuedIds.length
      ? recordsFromRows(await this.rows("s.id = ANY($1::uuid[])", [requeuedIds]))
      : [];
    this.scheduleSweep(0);
    return { requeued, unknown: ids.filter((id) => !requeuedIds.includes(id)) };
  }

  async health(): Promise<LeadStoreHealth> {
    const spooled = await this.spool.counts().catch(() => ({ pending: 0, failed: 0 }));
    try {
      const { rows } = await this.database.pool.query<{ pending: string; failed: string }>(
        `SELECT count(*) FILTER (WHERE p > 0) AS pending, count(*) FILTER (WHERE p = 0 AND f > 0) AS failed
         FROM (SELECT submission_id, count(*) FILTER (WHERE state = 'pending') AS p,
                      count(*) FILTER (WHERE state = 'failed') AS f
               FROM ${TABLES.delivery} WHERE state <> 'delivered' GROUP BY submission_id) open`,
      );
      const pending = Number(rows[0]?.pending ?? 0);
      const failed = Number(rows[0]?.failed ?? 0);
      return {
        submissions: { pending: pending + spooled.pending, failed: failed + spooled.failed },
        database: { reachable: true, pending, failed },
      };
    } catch {
      return { submissions: spooled, database: { reachable: false, pending: null, failed: null } };
    }
  }

  async idle(): Promise<void> {
    while (this.tasks.size > 0) await Promise.allSettled([...this.tasks]);
  }

  /**
   * Stops the sweep and the workers: attempts under way get until DELIVERY_TIMEOUT_MS + 2 s (8 s at
   * most, as platforms allow about 10 s after SIGTERM) to finish, then pg-boss hands what still runs back
   * to the queue, where another instance takes it after its retry delay. The shared pool stays open for
   * whoever still uses it (closeSharedDatabase).
   */
  async stop(): Promise<void> {
    this.running = false;
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
    this.sweepTimer = null;
    // A connection still being attempted notices `running` and stops on its own.
    await this.sweeping?.catch(() => undefined);
    const boss = this.boss;
    this.boss = null;
    this.workerIds = [];
    const graceMs = Math.min(this.settings.attemptTimeoutMs + 2_000, SHUTDOWN_GRACE_MS);
    await boss?.stop({ graceful: true, close: false, timeout: graceMs });
    // An attempt handed back may still be waiting for its destination: not worth holding the exit for.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.idle(), new Promise((resolve) => (timer = setTimeout(resolve, 1_000)))]);
    clearTimeout(timer);
  }
}
