/**
 * The lead store on PostgreSQL (DATABASE_URL), for any number of instances sharing one database.
 *
 * - A submission row, one delivery row per destination and one pg-boss job per (submission, destination)
 *   are written in one transaction before the visitor sees success (queries.server.ts, queue.server.ts).
 * - Any instance's workers run the jobs (queue.server.ts); the sweep (sweep.server.ts) queues what waits
 *   for a job and imports what DATA_DIR holds.
 * - When the database cannot be reached, a submission goes to the spool in DATA_DIR (the visitor still
 *   sees success) and the sweep moves it into the database once it answers.
 */
import type pg from "pg";

import type { LeadFormKind } from "~/forms/shared";
import { log } from "~/lib/log.server";

import { type DeliverySettings, retentionSettings } from "../config.server";
import { type Database, sharedDatabase, TABLES, transaction } from "../database.server";
import { DESTINATIONS_BY_FORM, destinationUrl } from "../destinations.server";
import type { ErasureResult, PurgeResult } from "../retention.server";
import { type LeadRecord, newLeadRecord, recordState, Spool, type SpoolState } from "../spool.server";
import { eraseFromSpool, purgeSpool, spoolRecordsOf } from "../spool-retention.server";
import {
  backlogOf,
  type DeliveryBacklog,
  type LeadStore,
  type LeadStoreHealth,
  type ListedLead,
  type RequeueResult,
  type StoredLead,
  type StoreOptions,
} from "../store.server";
import {
  insertSubmission,
  openCounts,
  pendingBacklog,
  requeueFailedDeliveries,
  selectRecords,
  UUID,
} from "./queries.server";
import { DeliveryQueue, type DeliveryQueueOptions } from "./queue.server";
import { BY_EMAIL, eraseFromDatabase, purgeDatabase, removeSubmissions } from "./retention.server";
import { importSpool, queueWaiting, SWEEP_BATCH } from "./sweep.server";

/** How long the lead action waits for a database that is still starting before using the spool. */
const READY_WAIT_MS = 3_000;
/** How long a start waits for the database before serving anyway (leads then go to the spool). */
const START_WAIT_MS = 10_000;
/** The longest a shutdown waits for attempts under way before handing them back. */
const SHUTDOWN_GRACE_MS = 8_000;

export type PostgresLeadStoreOptions = DeliveryQueueOptions;

export class PostgresLeadStore implements LeadStore {
  readonly spool: Spool;
  private readonly database: Database;
  private readonly settings: DeliverySettings;
  private readonly queue: DeliveryQueue;
  private opened: Promise<void> | null = null;
  private started: Promise<void> | null = null;
  private connecting: Promise<void> | null = null;
  private running = false;
  private sweepTimer: NodeJS.Timeout | null = null;
  private sweeping: Promise<void> | null = null;

  constructor(url: string, settings: DeliverySettings, options: PostgresLeadStoreOptions = {}) {
    this.database = sharedDatabase(url);
    this.settings = settings;
    this.queue = new DeliveryQueue(this.database, settings, options);
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
    if (this.queue.connected) return true;
    let timer: NodeJS.Timeout | undefined;
    const connected = await Promise.race([
      (this.connecting ?? Promise.resolve()).then(() => this.queue.connected),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms))),
    ]);
    clearTimeout(timer);
    return connected;
  }

  private async connect(): Promise<void> {
    while (this.running) {
      try {
        if (!(await this.queue.connect(() => this.running))) return;
        log("info", "lead delivery connected to the database");
        this.scheduleSweep(0);
        return;
      } catch (error) {
        log("warn", "lead delivery cannot reach the database; retrying", { error: String(error) });
        await new Promise((resolve) => setTimeout(resolve, 2_000).unref());
      }
    }
  }

  async store(form: LeadFormKind, payload: Record<string, unknown>, options: StoreOptions = {}): Promise<StoredLead> {
    const record = newLeadRecord(form, payload, DESTINATIONS_BY_FORM[form], new Date(), options.id);
    await this.start();
    if (await this.connectedWithin(READY_WAIT_MS)) {
      try {
        // Not inserted: another instance stored this very post (the proxy resent it), kept as it was.
        if (!(await this.insert(record))) {
          log("info", "lead already stored", { id: record.id, form });
          return { ...record, repeated: true };
        }
        log("info", "lead stored", { id: record.id, form });
        this.queue.notifySoon();
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
      const { inserted, jobs } = await insertSubmission(client, record, (name, delivery) => {
        if (delivery.state !== "pending") return null;
        if (!destinationUrl(name)) {
          this.queue.warnUnset(record.id, record.form, name);
          return null;
        }
        return queue ? this.queue.job(record.id, name) : null;
      });
      await this.queue.insert(jobs, client);
      return inserted;
    });
  }

  private scheduleSweep(delayMs = this.settings.pollIntervalMs): void {
    if (!this.running) return;
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
    this.sweepTimer = setTimeout(() => {
      this.sweeping = this.sweep().finally(() => {
        this.sweeping = null;
      });
    }, delayMs);
    this.sweepTimer.unref();
  }

  /** Moves spooled records into the database and queues deliveries that wait for a job. */
  private async sweep(): Promise<void> {
    let full = false;
    try {
      await this.importSpool();
      full = (await queueWaiting(this.database, this.queue)) === SWEEP_BATCH;
    } catch (error) {
      log("warn", "lead delivery sweep failed; will try again", { error: String(error) });
    }
    this.scheduleSweep(full ? 0 : undefined);
  }

  /** Pending and failed spool records go into the database with their ids, once (then leads/imported/). */
  importSpool(): Promise<number> {
    return importSpool(
      this.spool,
      (record) => this.insert(record, { queue: false }),
      (id) => removeSubmissions(this.database.pool, [id]),
    );
  }

  async list(states: readonly SpoolState[]): Promise<ListedLead[]> {
    await this.open();
    const wanted = new Set(states);
    const inDatabase = states.includes("delivered")
      ? await selectRecords(this.database.pool, "true", [])
      : await selectRecords(
          this.database.pool,
          `s.id IN (SELECT submission_id FROM ${TABLES.delivery} WHERE state <> 'delivered')`,
          [],
        );
    const fromDatabase = inDatabase.map((record) => ({ ...record, state: recordState(record) }));
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
    const requeuedIds = await requeueFailedDeliveries(this.database.pool, ids.length === 0 ? null : valid);
    const requeued = requeuedIds.length
      ? await selectRecords(this.database.pool, "s.id = ANY($1::uuid[])", [requeuedIds])
      : [];
    this.scheduleSweep(0);
    return { requeued, unknown: ids.filter((id) => !requeuedIds.includes(id)) };
  }

  async health(): Promise<LeadStoreHealth> {
    const spooled = await this.spool.counts().catch(() => ({ pending: 0, failed: 0 }));
    try {
      const { pending, failed } = await openCounts(this.database.pool);
      return {
        submissions: { pending: pending + spooled.pending, failed: failed + spooled.failed },
        database: { reachable: true, pending, failed },
      };
    } catch {
      return { submissions: spooled, database: { reachable: false, pending: null, failed: null } };
    }
  }

  /**
   * The retention run: the database (one instance at a time, under its lock) and this instance's
   * DATA_DIR (what waits for the database, the imported copies). Resolves `ran: false` when another
   * instance holds the database's lock; with the database down, only DATA_DIR is covered.
   */
  async purge(now = new Date()): Promise<PurgeResult> {
    await this.spool.init();
    const settings = retentionSettings();
    const fromSpool = await this.spool.withLock("retention", 10 * 60 * 1000, () =>
      purgeSpool(this.spool, settings, now, { attemptWindowMs: this.settings.attemptTimeoutMs + 5_000 }),
    );
    const fromDatabase = (await this.database.readyWithin(READY_WAIT_MS))
      ? await purgeDatabase(this.database.pool, settings, now)
      : [];
    return {
      ran: fromDatabase !== null || fromSpool !== null,
      removed: [...(fromDatabase ?? []), ...(fromSpool ?? [])],
    };
  }

  async findByEmail(email: string): Promise<ListedLead[]> {
    await this.open();
    const inDatabase = (await selectRecords(this.database.pool, BY_EMAIL, [email])).map((record) => ({
      ...record,
      state: recordState(record),
    }));
    const known = new Set(inDatabase.map((record) => record.id));
    const inSpool = (await spoolRecordsOf(this.spool, email))
      .filter(({ folder, record }) => folder !== "imported" && !known.has(record.id))
      .map(({ record }) => ({ ...record, state: recordState(record) }));
    return [...inDatabase, ...inSpool].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  async erase(email: string): Promise<ErasureResult> {
    await this.open();
    return eraseFromDatabase(this.database.pool, email, () => eraseFromSpool(this.spool, email));
  }

  /**
   * The database's pending deliveries (the same on every instance) plus what this instance keeps in
   * DATA_DIR while the database cannot be reached. Throws when the database does not answer.
   */
  async backlog(): Promise<DeliveryBacklog> {
    const spooled = (await this.spool.ids("pending").catch(() => [])).length
      ? backlogOf(await this.spool.records("pending"), Date.now())
      : null;
    if (!(await this.database.readyWithin(READY_WAIT_MS))) throw new Error("The database is not ready");
    const inDatabase = await pendingBacklog(this.database.pool);
    if (!spooled) return inDatabase;
    return {
      pending: {
        formService: inDatabase.pending.formService + spooled.pending.formService,
        automationWebhook: inDatabase.pending.automationWebhook + spooled.pending.automationWebhook,
      },
      oldestPendingSeconds: Math.max(inDatabase.oldestPendingSeconds, spooled.oldestPendingSeconds),
    };
  }

  async idle(): Promise<void> {
    await Promise.allSettled([this.sweeping]);
    await this.queue.idle();
  }

  /**
   * Stops the sweep and the workers: attempts under way get until DELIVERY_TIMEOUT_MS + 2 s (8 s at
   * most, as platforms allow about 10 s after SIGTERM) to finish, then pg-boss hands what still runs back
   * to the queue, where another instance takes it after its retry delay. The shared pool stays open for
   * whoever still uses it (closeSharedDatabase).
   */
  async stop(graceMs = SHUTDOWN_GRACE_MS): Promise<void> {
    this.running = false;
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
    this.sweepTimer = null;
    // A connection still being attempted notices `running` and stops on its own.
    await this.sweeping?.catch(() => undefined);
    await this.queue.stop(Math.max(0, Math.min(this.settings.attemptTimeoutMs + 2_000, SHUTDOWN_GRACE_MS, graceMs)));
    // An attempt handed back may still be waiting for its destination: not worth holding the exit for.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.queue.idle(), new Promise((resolve) => (timer = setTimeout(resolve, 1_000)))]);
    clearTimeout(timer);
  }
}
