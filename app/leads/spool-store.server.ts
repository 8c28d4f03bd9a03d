/**
 * The embedded lead store: the spool in DATA_DIR (spool.server.ts) and its delivery worker, for one
 * machine (the default when DATABASE_URL is unset; app/leads/backend.server.ts chooses).
 *
 * Each accepted submission is kept in DATA_DIR, then POSTed to every destination of its form until each
 * one answers 2xx (at least once per destination), with the submission's id as `Idempotency-Key` on every
 * attempt. Non-2xx answers, network errors and time-outs are retried on the schedule of `retryDelayMs`
 * (config.server.ts); after the last attempt the submission is kept as failed. A start resumes whatever
 * is pending.
 */
import { promises as fs } from "node:fs";
import path from "node:path";

import type { LeadFormKind } from "~/forms/shared";
import { log } from "~/lib/log.server";
import { countDelivery } from "~/metrics/metrics.server";

import { type DeliverySettings, retentionSettings, retryDelayMs } from "./config.server";
import {
  DESTINATION_LABEL,
  destinationEnvName,
  type DestinationName,
  DESTINATIONS_BY_FORM,
  destinationUrl,
  postLead,
} from "./destinations.server";
import type { ErasureResult, PurgeResult } from "./retention.server";
import {
  type DestinationDelivery,
  type LeadRecord,
  newLeadRecord,
  recordState,
  Spool,
  type SpoolState,
} from "./spool.server";
import { eraseFromSpool, purgeSpool, spoolRecordsOf } from "./spool-retention.server";
import {
  backlogOf,
  type DeliveryBacklog,
  type LeadStore,
  type LeadStoreHealth,
  type ListedLead,
  requeuedRecord,
  type RequeueResult,
  type StoredLead,
  type StoreOptions,
} from "./store.server";

/** A retention lock older than this was left by a process that died. */
const RETENTION_LOCK_STALE_MS = 10 * 60 * 1000;
/** Records written per group commit at most (Spool.saveAll). */
const SAVE_BATCH = 256;

interface QueuedSave {
  record: LeadRecord;
  /** A delivery's result: not written when the record was removed meanwhile (Spool.saveAll). */
  ifStillPending: boolean;
  resolve: (state: SpoolState | null) => void;
  reject: (error: unknown) => void;
}

/** DATA_DIR/audit/erasures.ndjson: one line per erasure (date, count, ids), never the address. */
export function erasureAuditFile(dataDir: string): string {
  return path.join(dataDir, "audit", "erasures.ndjson");
}

async function appendErasureAudit(dataDir: string, { ids, erasedAt }: ErasureResult): Promise<void> {
  const file = erasureAuditFile(dataDir);
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const line = JSON.stringify({ erasedAt, submissions: ids.length, ids });
  await fs.appendFile(file, `${line}\n`, { encoding: "utf8", mode: 0o600 });
}

export interface SpoolLeadStoreOptions extends DeliverySettings {
  /** Injected in tests; the global fetch otherwise. */
  fetch?: typeof fetch;
  random?: () => number;
}

export class SpoolLeadStore implements LeadStore {
  readonly spool: Spool;
  private readonly options: SpoolLeadStoreOptions;
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
  /** Set when the next pass must re-read the pending folder (start, the timer, a re-queue). */
  private resync = true;
  private readonly saveQueue: QueuedSave[] = [];
  private saving: Promise<void> | null = null;

  constructor(options: SpoolLeadStoreOptions) {
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
  async store(form: LeadFormKind, payload: Record<string, unknown>, options: StoreOptions = {}): Promise<StoredLead> {
    await this.start();
    const known = options.id ? this.records.get(options.id) : undefined;
    if (known) return { ...known, repeated: true };
    const record = newLeadRecord(form, payload, DESTINATIONS_BY_FORM[form], new Date(), options.id);
    await this.persist(record);
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
    const readFailed = async () =>
      (await this.spool.records("failed")).filter((record) => ids.length === 0 || ids.includes(record.id));
    let failed = await readFailed();
    // A last attempt's result reaches failed/ by the save's last rename (Spool.saveAll), so a re-queue can
    // no longer be undone by that save, from this process or another. The worker forgets the record only
    // after the save resolves, though: a re-queue in between would wait for the next re-read of the folder
    // (the poll interval). So it waits for those attempts to end, then reads the failed records again.
    if (failed.some((record) => this.inFlight.has(record.id))) {
      await this.attemptsEnded(failed.map((record) => record.id));
      failed = await readFailed();
    }
    const requeued: LeadRecord[] = [];
    const now = new Date();
    for (const record of failed) {
      const pending = requeuedRecord(record, now);
      // False when the submission was erased while it was being re-queued (then it stays gone), or another
      // process re-queued it first.
      if (await this.spool.requeue(pending)) requeued.push(pending);
    }
    this.resync = true;
    this.kick();
    return { requeued, unknown: ids.filter((id) => !failed.some((record) => record.id === id)) };
  }

  async health(): Promise<LeadStoreHealth> {
    return { submissions: await this.spool.counts() };
  }

  async purge(now = new Date()): Promise<PurgeResult> {
    await this.open();
    const removed = await this.spool.withLock("retention", RETENTION_LOCK_STALE_MS, () =>
      purgeSpool(this.spool, retentionSettings(), now, { attemptWindowMs: this.options.attemptTimeoutMs + 5_000 }),
    );
    if (removed) this.forget(removed.map((entry) => entry.id));
    return { ran: removed !== null, removed: removed ?? [] };
  }

  async findByEmail(email: string): Promise<ListedLead[]> {
    await this.open();
    return (await spoolRecordsOf(this.spool, email))
      .filter(({ folder }) => folder !== "imported")
      .map(({ record }) => ({ ...record, state: recordState(record) }))
      .sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt)));
  }

  async erase(email: string): Promise<ErasureResult> {
    await this.open();
    const ids = await eraseFromSpool(this.spool, email);
    this.forget(ids);
    const result = { ids, erasedAt: new Date().toISOString() };
    await appendErasureAudit(this.options.dataDir, result);
    return result;
  }

  /** Drops removed records from this process's queue: a retry of them is never made. */
  private forget(ids: readonly string[]): void {
    for (const id of ids) this.records.delete(id);
  }

  /** From the pending folder as this process last read it (re-read every poll interval). */
  async backlog(): Promise<DeliveryBacklog> {
    if (!this.running) {
      await this.open();
      return backlogOf(await this.spool.records("pending"), Date.now());
    }
    return backlogOf(this.records.values(), Date.now());
  }

  /**
   * Writes a record through the group commit: saves requested while one batch is being written go
   * together in the next one (one directory fsync for all), so a burst of leads or deliveries costs a
   * few fsyncs of the folder instead of one each. Resolves once this record is durable; with
   * `ifStillPending` (a delivery's result), to null without writing when the record was removed meanwhile.
   */
  private persist(record: LeadRecord, { ifStillPending = false } = {}): Promise<SpoolState | null> {
    return new Promise<SpoolState | null>((resolve, reject) => {
      this.saveQueue.push({ record, ifStillPending, resolve, reject });
      this.flushSaves();
    });
  }

  private flushSaves(): void {
    if (this.saving) return;
    this.saving = (async () => {
      while (this.saveQueue.length > 0) {
        const batch = this.saveQueue.splice(0, SAVE_BATCH);
        const results = await this.spool
          .saveAll(batch)
          .catch((error: unknown) => batch.map(() => ({ status: "rejected", reason: error }) as const));
        results.forEach((result, index) => {
          if (result.status === "fulfilled") batch[index]!.resolve(result.value);
          else batch[index]!.reject(result.reason);
        });
      }
    })().finally(() => {
      this.saving = null;
    });
  }

  /**
   * Stops scheduling and waits for attempts under way (their results are saved), `graceMs` at most: an
   * attempt still under way then stays pending in the spool, and the next start sends it again.
   */
  async stop(graceMs = Infinity): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    let timer: NodeJS.Timeout | undefined;
    const deadline = Number.isFinite(graceMs)
      ? new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, graceMs))))
      : new Promise<void>(() => undefined);
    await Promise.race([
      (async () => {
        await this.ticking;
        await Promise.allSettled([...this.tasks]);
        await this.saving;
      })(),
      deadline,
    ]);
    clearTimeout(timer);
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

  /** Resolves once none of these records has an attempt under way (its result saved, the worker done). */
  private async attemptsEnded(ids: readonly string[]): Promise<void> {
    while (ids.some((id) => this.inFlight.has(id))) await Promise.allSettled([...this.tasks]);
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
    const resync = this.resync;
    this.resync = false;
    this.ticking = this.pass(resync).finally(() => {
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

  /**
   * One look at the records: starts an attempt for every destination that is due, at most
   * DELIVERY_CONCURRENCY records at once (each sends at most one POST per destination, so that is
   * also the bound per destination). A finished attempt kicks the next pass, so a backlog is sent
   * without waiting for the poll; the pending folder itself is re-read only when `resync` (start, the
   * poll timer, a re-queue): the records this process stores are already known.
   */
  private async pass(resync: boolean): Promise<void> {
    try {
      if (resync) await this.syncPending();
      const now = Date.now();
      for (const record of this.records.values()) {
        if (!this.running || this.inFlight.size >= this.options.deliveryConcurrency) break;
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
    const ids = new Set(await this.spool.pendingIds());
    for (const id of this.records.keys()) {
      if (!ids.has(id) && !this.inFlight.has(id)) this.records.delete(id);
    }
    for (const id of ids) {
      if (this.records.has(id) || this.unreadable.has(id)) continue;
      const record = await this.spool.read("pending", id);
      if (!record) this.unreadable.add(id);
      // A settled record in pending/ is a move under way in another process (or cut short, for the next
      // start to finish): not kept, so the fresh record that replaces it is read at the next look.
      else if (!this.records.has(id) && recordState(record) === "pending") this.records.set(id, record);
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
    // The mark tells other processes of DATA_DIR that an attempt is under way, and proves the record is
    // still there: the folder is re-read only every poll interval, so a submission erased meanwhile by
    // another process (npm run leads -- erase) is dropped here, never sent.
    if (!(await this.spool.markAttempt(record.id))) {
      this.records.delete(record.id);
      log("info", "lead removed before its attempt; nothing sent", { id: record.id });
      return;
    }
    const outcomes = await Promise.all(due.map(async (name) => [name, await this.attempt(record, name)] as const));
    const now = new Date();
    for (const [name, outcome] of outcomes) {
      const delivery = record.deliveries[name] as DestinationDelivery;
      delivery.attempts += 1;
      delivery.lastAttemptAt = now.toISOString();
      if (outcome.ok) {
        countDelivery(DESTINATION_LABEL[name], "delivered", outcome.seconds);
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
        countDelivery(DESTINATION_LABEL[name], "gave_up", outcome.seconds);
        delivery.state = "failed";
        log("error", "lead delivery gave up; kept as failed", {
          id: record.id,
          form: record.form,
          destination: name,
          attempts: delivery.attempts,
          error: outcome.error,
        });
      } else {
        countDelivery(DESTINATION_LABEL[name], "failed", outcome.seconds);
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
    const state = await this.persist(record, { ifStillPending: true });
    if (state === null) log("info", "lead removed while being delivered; nothing kept", { id: record.id });
    if (state !== "pending") this.records.delete(record.id);
  }

  /** One POST, with its duration for the metrics. */
  private async attempt(record: LeadRecord, destination: DestinationName) {
    const started = performance.now();
    const outcome = await postLead(destination, record, {
      timeoutMs: this.options.attemptTimeoutMs,
      fetch: this.options.fetch,
    });
    return { ...outcome, seconds: (performance.now() - started) / 1000 };
  }

  /**
   * The next look: when the earliest pending attempt falls due, or at the poll interval (which also
   * re-reads the folder for records another process wrote). While every slot is busy, a finished attempt
   * kicks the next pass, so only the poll is set.
   */
  private scheduleNext(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.running) return;
    const now = Date.now();
    const poll = now + this.options.pollIntervalMs;
    let wake = poll;
    if (this.inFlight.size < this.options.deliveryConcurrency) {
      for (const record of this.records.values()) {
        if (this.inFlight.has(record.id)) continue;
        for (const [name, delivery] of Object.entries(record.deliveries) as [DestinationName, DestinationDelivery][]) {
          if (delivery.state === "pending" && destinationUrl(name))
            wake = Math.min(wake, Date.parse(delivery.nextAttemptAt));
        }
      }
    }
    this.timer = setTimeout(
      () => {
        if (wake === poll) this.resync = true;
        void this.tick();
      },
      Math.max(0, wake - now),
    );
    this.timer.unref();
  }
}
