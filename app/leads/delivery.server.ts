/**
 * Lead delivery: the process's lead store (store.server.ts) and the embedded one, the spool. `leadStore()`
 * picks PostgreSQL when DATABASE_URL is set (postgres-store.server.ts), the spool otherwise.
 *
 * The spool store keeps each accepted submission in DATA_DIR, then POSTs it to every destination of its
 * form until each one answers 2xx (at least once per destination), with the submission's id as
 * `Idempotency-Key` on every attempt. Non-2xx answers, network errors and time-outs are retried with
 * exponential backoff from DELIVERY_RETRY_BASE_MS plus jitter; after the last attempt the submission is
 * kept as failed. A start resumes whatever is pending. One store per process (a globalThis singleton, so
 * a dev rebuild reuses it), started by server.ts at boot and lazily by the first submission.
 */
import type { LeadFormKind } from "~/forms/shared";
import { log } from "~/lib/log.server";

import { databaseUrl, type DeliverySettings, deliverySettings } from "./config.server";
import { closeSharedDatabase } from "./database.server";
import {
  destinationEnvName,
  type DestinationName,
  DESTINATIONS_BY_FORM,
  destinationUrl,
  postLead,
} from "./destinations.server";
import { resetExperimentCounter } from "./experiment-counts.server";
import { PostgresLeadStore } from "./postgres-store.server";
import { type DestinationDelivery, type LeadRecord, newLeadRecord, Spool, type SpoolState } from "./spool.server";
import {
  type LeadStore,
  type LeadStoreHealth,
  type ListedLead,
  requeuedRecord,
  type RequeueResult,
} from "./store.server";

const MAX_CONCURRENT_RECORDS = 8;

export interface LeadDeliveryOptions extends DeliverySettings {
  /** Injected in tests; the global fetch otherwise. */
  fetch?: typeof fetch;
  random?: () => number;
}

/** Delay before attempt n+1 after n failed ones: base × 2^(n−1), capped, times a jitter of 0.75–1.25. */
export function retryDelayMs(
  failedAttempts: number,
  settings: Pick<DeliverySettings, "retryBaseMs" | "maxRetryDelayMs">,
  random = Math.random,
): number {
  const exponential = settings.retryBaseMs * 2 ** Math.max(0, failedAttempts - 1);
  return Math.round(Math.min(exponential, settings.maxRetryDelayMs) * (0.75 + random() * 0.5));
}

export class LeadDelivery implements LeadStore {
  readonly kind = "spool";
  readonly spool: Spool;
  private readonly options: LeadDeliveryOptions;
  /** Pending records this process knows, by id. */
  private readonly records = new Map<string, LeadRecord>();
  private readonly inFlight = new Set<string>();
  private readonly tasks = new Set<Promise<void>>();
  private readonly warnedUnset = new Set<string>();
  /** Pending files that could not be read: reported once, left for the owner (never deleted). */
  private readonly unreadable = new Set<string>();
  private opened: Promise<void> | null = null;
  private started: Promise<void> | null = null;
  private running = false;
  private ticking: Promise<void> | null = null;
  private tickAgain = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(options: LeadDeliveryOptions) {
    this.options = options;
    this.spool = new Spool(options.dataDir);
  }

  /** Prepares the spool (folders, leftovers of a crash) without delivering. */
  open(): Promise<void> {
    this.opened ??= this.spool.init().catch((error: unknown) => {
      this.opened = null;
      throw error;
    });
    return this.opened;
  }

  /** Prepares the spool and starts delivering what is pending. Safe to call any number of times. */
  start(): Promise<void> {
    this.started ??= this.open().then(
      () => {
        this.running = true;
        log("info", "lead delivery started", { dataDir: this.options.dataDir });
        this.kick();
      },
      (error: unknown) => {
        this.started = null;
        throw error;
      },
    );
    return this.started;
  }

  /** Keeps a submission durably; resolves only once it is on disk. Delivery starts right after. */
  async store(form: LeadFormKind, payload: Record<string, unknown>): Promise<LeadRecord> {
    await this.start();
    const record = newLeadRecord(form, payload, DESTINATIONS_BY_FORM[form], new Date());
    await this.spool.save(record);
    if (!this.records.has(record.id)) this.records.set(record.id, record);
    log("info", "lead stored", { id: record.id, form });
    this.kick();
    return record;
  }

  async list(states: readonly SpoolState[]): Promise<ListedLead[]> {
    await this.open();
    const listed: ListedLead[] = [];
    for (const state of states) {
      for (const record of await this.spool.records(state)) listed.push({ ...record, state });
    }
    return listed.sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt)));
  }

  async requeueFailed(ids: readonly string[]): Promise<RequeueResult> {
    await this.open();
    const failed = (await this.spool.records("failed")).filter((record) => ids.length === 0 || ids.includes(record.id));
    const requeued: LeadRecord[] = [];
    const now = new Date();
    for (const record of failed) {
      const pending = requeuedRecord(record, now);
      await this.spool.requeue(pending);
      requeued.push(pending);
    }
    this.kick();
    return { requeued, unknown: ids.filter((id) => !failed.some((record) => record.id === id)) };
  }

  async health(): Promise<LeadStoreHealth> {
    return { submissions: await this.spool.counts() };
  }

  /** Stops scheduling and waits for attempts under way (their results are saved). */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.ticking;
    await Promise.allSettled([...this.tasks]);
  }

  /**
   * Resolves once nothing is under way: no look at the spool and no delivery attempt in flight (attempts
   * not yet due stay scheduled). Tests await it to prove that nothing was sent.
   */
  async idle(): Promise<void> {
    await this.started?.catch(() => undefined);
    while (this.ticking || this.tasks.size > 0) {
      await Promise.allSettled([this.ticking, ...this.tasks]);
    }
  }

  /** Looks at the spool now instead of at the next scheduled time. */
  kick(): void {
    if (this.running) void this.tick();
  }

  private tick(): Promise<void> {
    if (this.ticking) {
      this.tickAgain = true;
      return this.ticking;
    }
    this.ticking = this.pass().finally(() => {
      this.ticking = null;
      if (this.tickAgain) {
        this.tickAgain = false;
        this.kick();
      } else {
        this.scheduleNext();
      }
    });
    return this.ticking;
  }

  /** One look at the spool: starts an attempt for every destination that is due. */
  private async pass(): Promise<void> {
    try {
      await this.syncPending();
      const now = Date.now();
      for (const record of this.records.values()) {
        if (!this.running || this.inFlight.size >= MAX_CONCURRENT_RECORDS) break;
        if (this.inFlight.has(record.id)) continue;
        const due = this.dueDestinations(record, now);
        if (due.length > 0) this.launch(record, due);
      }
    } catch (error) {
      log("error", "lead delivery pass failed", { error: String(error) });
    }
  }

  /** Picks up records written by another process (the CLI's re-queue) and forgets ones moved away. */
  private async syncPending(): Promise<void> {
    const ids = new Set(await this.spool.ids("pending"));
    for (const id of this.records.keys()) {
      if (!ids.has(id) && !this.inFlight.has(id)) this.records.delete(id);
    }
    for (const id of ids) {
      if (this.records.has(id) || this.unreadable.has(id)) continue;
      const record = await this.spool.read("pending", id);
      if (!record) this.unreadable.add(id);
      else if (!this.records.has(id)) this.records.set(id, record);
    }
  }

  private dueDestinations(record: LeadRecord, now: number): DestinationName[] {
    const due: DestinationName[] = [];
    for (const [name, delivery] of Object.entries(record.deliveries) as [DestinationName, DestinationDelivery][]) {
      if (delivery.state !== "pending" || Date.parse(delivery.nextAttemptAt) > now) continue;
      if (!destinationUrl(name)) {
        this.warnUnset(record, name);
        continue;
      }
      due.push(name);
    }
    return due;
  }

  private warnUnset(record: LeadRecord, destination: DestinationName): void {
    const key = `${record.id}:${destination}`;
    if (this.warnedUnset.has(key)) return;
    this.warnedUnset.add(key);
    log("warn", "lead destination not configured; submission kept until it is", {
      id: record.id,
      form: record.form,
      setting: destinationEnvName(destination),
    });
  }

  private launch(record: LeadRecord, due: DestinationName[]): void {
    this.inFlight.add(record.id);
    const task = this.deliver(record, due)
      .catch((error: unknown) =>
        log("error", "lead delivery failed unexpectedly", { id: record.id, error: String(error) }),
      )
      .finally(() => {
        this.inFlight.delete(record.id);
        this.tasks.delete(task);
        this.kick();
      });
    this.tasks.add(task);
  }

  private async deliver(record: LeadRecord, due: DestinationName[]): Promise<void> {
    const outcomes = await Promise.all(due.map(async (name) => [name, await this.attempt(record, name)] as const));
    const now = new Date();
    for (const [name, outcome] of outcomes) {
      const delivery = record.deliveries[name] as DestinationDelivery;
      delivery.attempts += 1;
      delivery.lastAttemptAt = now.toISOString();
      if (outcome.ok) {
        delivery.state = "delivered";
        delivery.deliveredAt = now.toISOString();
        delivery.lastError = null;
        log("info", "lead delivered", {
          id: record.id,
          form: record.form,
          destination: name,
          attempts: delivery.attempts,
        });
        continue;
      }
      delivery.lastError = outcome.error;
      if (delivery.attempts >= this.options.maxAttempts) {
        delivery.state = "failed";
        log("error", "lead delivery gave up; kept as failed", {
          id: record.id,
          form: record.form,
          destination: name,
          attempts: delivery.attempts,
          error: outcome.error,
        });
      } else {
        const delay = retryDelayMs(delivery.attempts, this.options, this.options.random);
        delivery.nextAttemptAt = new Date(now.getTime() + delay).toISOString();
        log("warn", "lead delivery attempt failed; will retry", {
          id: record.id,
          form: record.form,
          destination: name,
          attempts: delivery.attempts,
          retryInMs: delay,
          error: outcome.error,
        });
      }
    }
    const state = await this.spool.save(record);
    if (state !== "pending") this.records.delete(record.id);
  }

  private attempt(record: LeadRecord, destination: DestinationName) {
    return postLead(destination, record, { timeoutMs: this.options.attemptTimeoutMs, fetch: this.options.fetch });
  }

  private scheduleNext(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.running) return;
    const now = Date.now();
    let wake = now + this.options.pollIntervalMs;
    for (const record of this.records.values()) {
      if (this.inFlight.has(record.id)) continue;
      for (const [name, delivery] of Object.entries(record.deliveries) as [DestinationName, DestinationDelivery][]) {
        if (delivery.state === "pending" && destinationUrl(name))
          wake = Math.min(wake, Date.parse(delivery.nextAttemptAt));
      }
    }
    this.timer = setTimeout(() => void this.tick(), Math.max(0, wake - now));
    this.timer.unref();
  }
}

const SINGLETON_KEY = Symbol.for("leads-b2b.lead-delivery");
type GlobalWithStore = typeof globalThis & { [SINGLETON_KEY]?: LeadStore };

/** A store from the environment: PostgreSQL when DATABASE_URL is set, the spool in DATA_DIR otherwise. */
export function createLeadStore(env: NodeJS.ProcessEnv = process.env): LeadStore {
  const settings = deliverySettings(env);
  const url = databaseUrl(env);
  return url ? new PostgresLeadStore(url, settings) : new LeadDelivery(settings);
}

/** The process-wide store, created from the environment on first use. */
export function leadStore(): LeadStore {
  const scope = globalThis as GlobalWithStore;
  scope[SINGLETON_KEY] ??= createLeadStore();
  return scope[SINGLETON_KEY];
}

/** Called by server.ts at boot (through the server build's entry module) so pending leads resume at once. */
export function startLeadDelivery(): Promise<void> {
  return leadStore().start();
}

/**
 * Stops the store and forgets it; the next use creates a new one from the environment (tests, and
 * server.ts on SIGTERM: attempts under way finish or are handed back to the queue).
 */
export async function stopLeadDelivery(): Promise<void> {
  const scope = globalThis as GlobalWithStore;
  const current = scope[SINGLETON_KEY];
  delete scope[SINGLETON_KEY];
  await current?.stop();
}

/** Resolves once the process's store (if any) has nothing under way; see LeadDelivery.idle. */
export function leadDeliveryIdle(): Promise<void> {
  return (globalThis as GlobalWithStore)[SINGLETON_KEY]?.idle() ?? Promise.resolve();
}

/** Keeps a submission durably (resolves once it is stored) and starts delivering it. */
export function storeLead(form: LeadFormKind, payload: Record<string, unknown>): Promise<LeadRecord> {
  return leadStore().store(form, payload);
}

/**
 * Graceful shutdown (server.ts on SIGTERM): stops delivery (attempts under way finish or go back to the
 * queue), writes the experiment counts still buffered, and closes the database pool.
 */
export async function shutdownLeads(): Promise<void> {
  await stopLeadDelivery();
  await resetExperimentCounter();
  await closeSharedDatabase();
}
