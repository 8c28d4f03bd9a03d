/**
 * The lead store: where accepted submissions live and how they reach their destinations. Two
 * implementations behind this one interface, chosen in one place (backend.server.ts): the spool in
 * DATA_DIR (spool-store.server.ts; one machine, the default) and PostgreSQL when DATABASE_URL is set
 * (postgres/store.server.ts; any number of instances). The lead action, `/healthz` and `npm run leads` only talk to this interface, and one
 * conformance suite (tests/support/lead-store-conformance.ts) runs against both.
 */
import type { LeadFormKind } from "~/forms/shared";
import type { StoreFailureReason } from "~/metrics/metrics.server";

import type { DestinationName } from "./destinations.server";
import type { ErasureResult, PurgeResult } from "./retention.server";
import type { DestinationDelivery, LeadRecord, SpoolState } from "./spool.server";

/** The error codes of a store that cannot write, by the reason leads_store_failures_total reports. */
const FAILURE_CODES: Readonly<Record<string, StoreFailureReason>> = {
  ENOSPC: "no_space",
  EDQUOT: "no_space",
  EROFS: "read_only",
  EACCES: "read_only",
  EPERM: "read_only",
  EIO: "io_error",
};

/** Why `store()` failed, from the system error it threw (or the one that caused it). */
export function storeFailureReason(error: unknown): StoreFailureReason {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && Object.hasOwn(FAILURE_CODES, code)) return FAILURE_CODES[code]!;
    current = (current as { cause?: unknown }).cause;
  }
  return "other";
}

/** A submission as `npm run leads` shows it: the record and where it stands. */
export type ListedLead = LeadRecord & { state: SpoolState };

export interface StoreOptions {
  /**
   * The submission's id when the caller already knows it: derived from a trusted proxy's request id, so a
   * copy of the same post (resent by the proxy) is the same submission (app/leads/action.server.ts).
   */
  id?: string;
}

/** A stored submission; `repeated` when the store already held it (a post resent by the proxy). */
export type StoredLead = LeadRecord & { repeated?: boolean };

export interface DatabaseHealth {
  reachable: boolean;
  /** Counts in the database; null while it cannot be reached. */
  pending: number | null;
  failed: number | null;
}

export interface LeadStoreHealth {
  /** Waiting for delivery and kept as failed, wherever they are kept. */
  submissions: { pending: number; failed: number };
  /** Only with DATABASE_URL. */
  database?: DatabaseHealth;
}

/** Deliveries not yet made, store-wide, for the metrics and /healthz. */
export interface DeliveryBacklog {
  pending: Record<DestinationName, number>;
  /** Age of the oldest submission with a delivery not yet made; 0 when none. */
  oldestPendingSeconds: number;
}

/** The backlog of pending records (the spool's), each counted per destination still waiting. */
export function backlogOf(
  records: Iterable<Pick<LeadRecord, "createdAt" | "deliveries">>,
  now: number,
): DeliveryBacklog {
  const backlog: DeliveryBacklog = { pending: { formService: 0, automationWebhook: 0 }, oldestPendingSeconds: 0 };
  for (const record of records) {
    let waiting = false;
    for (const [name, delivery] of Object.entries(record.deliveries) as [DestinationName, DestinationDelivery][]) {
      if (delivery?.state !== "pending") continue;
      backlog.pending[name] += 1;
      waiting = true;
    }
    const created = Date.parse(record.createdAt);
    if (waiting && Number.isFinite(created)) {
      backlog.oldestPendingSeconds = Math.max(backlog.oldestPendingSeconds, (now - created) / 1000);
    }
  }
  return backlog;
}

export interface RequeueResult {
  requeued: LeadRecord[];
  /** Asked-for ids with no failed submission. */
  unknown: string[];
}

export interface LeadStore {
  /** Makes the storage ready without delivering anything (the CLI). Safe to call any number of times. */
  open(): Promise<void>;
  /** Opens and starts delivering what is pending (the server). Safe to call any number of times. */
  start(): Promise<void>;
  /**
   * Keeps a submission durably; resolves only once it is stored. Delivery follows. With `id` (derived from
   * the proxy's id of the post) a second copy of the same post is the same submission, and `repeated` says
   * the store already had it (nothing new kept, nothing sent twice).
   */
  store(form: LeadFormKind, payload: Record<string, unknown>, options?: StoreOptions): Promise<StoredLead>;
  /** Submissions in the given states, oldest first. */
  list(states: readonly SpoolState[]): Promise<ListedLead[]>;
  /** Puts failed submissions (all, or the given ids) back in the queue with fresh attempts. */
  requeueFailed(ids: readonly string[]): Promise<RequeueResult>;
  health(): Promise<LeadStoreHealth>;
  /** Deliveries not yet made and the oldest one's age, store-wide (metrics, /healthz). */
  backlog(): Promise<DeliveryBacklog>;
  /**
   * The retention run (retention.server.ts) over every place the store keeps submissions, at `now`; one
   * process at a time (the others' runs resolve `ran: false`), never removing what is under delivery.
   */
  purge(now?: Date): Promise<PurgeResult>;
  /** Every stored submission whose payload's `email` is this normalized address, in any state. */
  findByEmail(email: string): Promise<ListedLead[]>;
  /**
   * Removes every stored submission of this normalized address from every place, cancels their pending
   * deliveries, and keeps an audit line of the erasure (date, count, ids; never the address).
   */
  erase(email: string): Promise<ErasureResult>;
  /** Resolves once no delivery attempt is under way (tests). */
  idle(): Promise<void>;
  /** Stops delivering, hands unfinished work back, and releases what it holds. */
  /** `graceMs`: how long attempts under way may take at most (a shutdown with a deadline); unset: their own time-out. */
  stop(graceMs?: number): Promise<void>;
}

/** A failed record made pending again with fresh attempts, due now (its failed destinations only). */
export function requeuedRecord(record: LeadRecord, now: Date): LeadRecord {
  const deliveries: LeadRecord["deliveries"] = {};
  for (const [name, delivery] of Object.entries(record.deliveries)) {
    if (!delivery) continue;
    deliveries[name as keyof LeadRecord["deliveries"]] =
      delivery.state === "failed"
        ? { ...delivery, state: "pending", attempts: 0, nextAttemptAt: now.toISOString() }
        : delivery;
  }
  return { ...record, deliveries };
}
