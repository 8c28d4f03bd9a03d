/**
 * Where the site keeps what it must not lose, chosen in this one place from DATABASE_URL:
 *
 * - unset (one machine, the default): submissions in the spool under DATA_DIR (spool-store.server.ts),
 *   the rate limit in this process's memory, experiment counts in a file under DATA_DIR;
 * - set (any number of instances): all three in that PostgreSQL database, through one shared pool
 *   (postgres/store.server.ts, database.server.ts).
 *
 * `createLeadBackend(env)` builds the three parts for an environment (the CLI and tests build their own);
 * the functions below hold the process's own, created on first use, so the lead action, `/healthz`, the
 * experiment pages and server.ts never ask which backend they talk to.
 */
import type { LeadFormKind } from "~/forms/shared";
import { log } from "~/lib/log.server";
import { singleton } from "~/lib/singleton.server";
import { countExperimentAssignment } from "~/metrics/metrics.server";

import {
  databaseUrl,
  deliverySettings,
  EXPERIMENT_VISITOR_WINDOW_SECONDS,
  experimentVisitorLimit,
  formRateLimit,
} from "./config.server";
import { closeSharedDatabase, sharedDatabase } from "./database.server";
import {
  type ExperimentCounter,
  FileExperimentCounter,
  isCountableKey,
  PostgresExperimentCounter,
} from "./experiment-counts.server";
import { PostgresLeadStore } from "./postgres/store.server";
import { type FormRateLimiter, type LimiterOptions, memoryRateLimiter, postgresRateLimiter } from "./rate-limit.server";
import type { PurgeResult } from "./retention.server";
import { SpoolLeadStore } from "./spool-store.server";
import type { LeadStore, StoredLead, StoreOptions } from "./store.server";

export interface LeadBackend {
  /** Where submissions are kept, as an operator reads it (`npm run leads`). */
  readonly location: string;
  createLeadStore(): LeadStore;
  /** A limiter of `points` submissions per client IP per window, counted where this backend counts. */
  createRateLimiter(points: number, options?: LimiterOptions): FormRateLimiter;
  createExperimentCounter(): ExperimentCounter;
}

/** The backend an environment names: PostgreSQL when DATABASE_URL is set, DATA_DIR otherwise. */
export function createLeadBackend(env: NodeJS.ProcessEnv = process.env): LeadBackend {
  const settings = deliverySettings(env);
  const url = databaseUrl(env);
  if (!url) {
    return {
      location: settings.dataDir,
      createLeadStore: () => new SpoolLeadStore(settings),
      createRateLimiter: (points, options) => memoryRateLimiter(points, options),
      createExperimentCounter: () => new FileExperimentCounter(settings.dataDir),
    };
  }
  const database = sharedDatabase(url);
  return {
    location: "the database (DATABASE_URL)",
    createLeadStore: () => new PostgresLeadStore(url, settings),
    createRateLimiter: (points, options) => postgresRateLimiter(database, points, options),
    createExperimentCounter: () => new PostgresExperimentCounter(database),
  };
}

/** How often a running server applies the retention rules (also once at start). */
export const RETENTION_INTERVAL_MS = 60 * 60 * 1000;

/**
 * One retention run over a store, logged: an error line for each submission that leaves undelivered
 * (an operator left a failed lead for LEAD_MAX_AGE_DAYS), then one line with what left. Ids only.
 */
export async function runRetention(store: LeadStore, now = new Date()): Promise<PurgeResult> {
  const result = await store.purge(now);
  for (const entry of result.removed) {
    if (entry.reason === "max-age" && entry.state !== "delivered" && entry.state !== "imported") {
      log("error", "lead removed at its maximum age without being delivered", {
        id: entry.id,
        form: entry.form,
        state: entry.state,
      });
    }
  }
  if (result.ran && result.removed.length > 0) {
    log("info", "lead retention run", { removed: result.removed.length, ids: result.removed.map((entry) => entry.id) });
  }
  return result;
}

interface ProcessParts {
  store?: LeadStore;
  retentionTimer?: NodeJS.Timeout;
  limiter?: { points: number; limiter: FormRateLimiter };
  visitorLimiter?: { points: number; limiter: FormRateLimiter };
  signatureLedger?: FormRateLimiter;
  previewLimiter?: { points: number; limiter: FormRateLimiter };
  counter?: ExperimentCounter;
}

function parts(): ProcessParts {
  return singleton("leadBackend", (): ProcessParts => ({}));
}

/** The process's lead store, created from the environment on first use. */
export function leadStore(): LeadStore {
  const current = parts();
  current.store ??= createLeadBackend().createLeadStore();
  return current.store;
}

/** The process's limiter for the current FORM_RATE_LIMIT. */
export function formRateLimiter(): FormRateLimiter {
  const current = parts();
  const points = formRateLimit();
  if (current.limiter?.points !== points) {
    current.limiter = { points, limiter: createLeadBackend().createRateLimiter(points) };
  }
  return current.limiter.limiter;
}

/**
 * The process's limit of new experiment visitors per client (EXPERIMENT_VISITORS_PER_CLIENT an hour),
 * counted where the form rate limit counts (shared by every instance with DATABASE_URL).
 */
export function experimentVisitorLimiter(): FormRateLimiter {
  const current = parts();
  const points = experimentVisitorLimit();
  if (current.visitorLimiter?.points !== points) {
    current.visitorLimiter = {
      points,
      limiter: createLeadBackend().createRateLimiter(points, {
        keyPrefix: "experiment-visitor",
        durationSeconds: EXPERIMENT_VISITOR_WINDOW_SECONDS,
      }),
    };
  }
  return current.visitorLimiter.limiter;
}

/**
 * With DATABASE_URL, the record of revalidate-webhook signatures already accepted by any instance: a
 * limit of one use per signature for the replay window, in the rate limit's table (no table of its own;
 * rows expire with the window). Null on the embedded store: the process's own memory is the only one.
 */
export function sharedSignatureLedger(windowSeconds: number): FormRateLimiter | null {
  if (!databaseUrl()) return null;
  const current = parts();
  current.signatureLedger ??= createLeadBackend().createRateLimiter(1, {
    keyPrefix: "webhook-signature",
    durationSeconds: windowSeconds,
  });
  return current.signatureLedger;
}

/**
 * The process's limit of preview handshakes per client: FORM_RATE_LIMIT per 10 minutes, as the forms, on
 * the same store (shared by every instance with DATABASE_URL) under its own key, so an editor's previews
 * and a visitor's leads never spend each other's budget.
 */
export function previewHandshakeLimiter(): FormRateLimiter {
  const current = parts();
  const points = formRateLimit();
  if (current.previewLimiter?.points !== points) {
    current.previewLimiter = {
      points,
      limiter: createLeadBackend().createRateLimiter(points, { keyPrefix: "preview-handshake" }),
    };
  }
  return current.previewLimiter.limiter;
}

/** The process's experiment counter, created from the environment on first use. */
export function experimentCounter(): ExperimentCounter {
  const current = parts();
  current.counter ??= withAssignmentMetric(createLeadBackend().createExperimentCounter());
  return current.counter;
}

/** Every assignment it counts also counts in experiment_assignments_total (keys it would not count excepted). */
function withAssignmentMetric(counter: ExperimentCounter): ExperimentCounter {
  const countVisitor = counter.countVisitor.bind(counter);
  counter.countVisitor = (experiment, variant, browser) => {
    if (isCountableKey(experiment) && isCountableKey(variant)) countExperimentAssignment(experiment, variant);
    countVisitor(experiment, variant, browser);
  };
  return counter;
}

/** Keeps a submission durably (resolves once it is stored) and starts delivering it. */
export function storeLead(
  form: LeadFormKind,
  payload: Record<string, unknown>,
  options?: StoreOptions,
): Promise<StoredLead> {
  return leadStore().store(form, payload, options);
}

function retentionInBackground(store: LeadStore): void {
  runRetention(store).catch((error: unknown) => log("error", "lead retention run failed", { error: String(error) }));
}

/**
 * Called by server.ts at boot (through the server build's entry module): pending leads resume at once,
 * the retention rules run now and then every hour.
 */
export async function startLeadDelivery(): Promise<void> {
  const store = leadStore();
  await store.start();
  const current = parts();
  if (!current.retentionTimer) {
    retentionInBackground(store);
    current.retentionTimer = setInterval(() => retentionInBackground(leadStore()), RETENTION_INTERVAL_MS);
    current.retentionTimer.unref();
  }
}

/**
 * Stops the store and forgets it; the next use creates a new one from the environment (tests, and the
 * shutdown: attempts under way finish or are handed back to the queue).
 */
export async function stopLeadDelivery(graceMs?: number): Promise<void> {
  const current = parts();
  const store = current.store;
  delete current.store;
  clearInterval(current.retentionTimer);
  delete current.retentionTimer;
  await store?.stop(graceMs);
}

/** Resolves once the process's store (if any) has no delivery under way. */
export function leadDeliveryIdle(): Promise<void> {
  return parts().store?.idle() ?? Promise.resolve();
}

/** Forgets the limiter and every count it kept in memory (tests). */
export function resetFormRateLimiter(): void {
  delete parts().limiter;
  delete parts().visitorLimiter;
  delete parts().signatureLedger;
  delete parts().previewLimiter;
}

/** Writes what the counter holds and forgets it; the next use creates one from the environment. */
export async function resetExperimentCounter(): Promise<void> {
  const current = parts();
  const counter = current.counter;
  delete current.counter;
  await counter?.flush();
}

/**
 * Graceful shutdown (server.ts on SIGTERM, once the connections are drained): stops delivery (attempts
 * under way finish within `graceMs` or go back to the queue), writes the experiment counts still
 * buffered, and closes the database pool.
 */
export async function shutdownLeads(graceMs?: number): Promise<void> {
  await stopLeadDelivery(graceMs);
  await resetExperimentCounter();
  resetFormRateLimiter();
  await closeSharedDatabase();
}
