/**
 * Lead-delivery settings from the environment (docs/product-rules.md, Settings), read when a store is
 * created, and the retry schedule both stores follow.
 */
import { dataDir } from "~/lib/env.server";

export interface DeliverySettings {
  /** Where submissions are kept until delivered: DATA_DIR (default ./data). */
  dataDir: string;
  /** First retry delay; later ones double, with jitter: DELIVERY_RETRY_BASE_MS (default 30 s). */
  retryBaseMs: number;
  /** Attempts per destination before a submission is kept as failed: DELIVERY_MAX_ATTEMPTS (default 12). */
  maxAttempts: number;
  /** Time-out of one POST to a destination: DELIVERY_TIMEOUT_MS (default 10 s). */
  attemptTimeoutMs: number;
  /**
   * Delivery attempts under way at once per destination in this process: DELIVERY_CONCURRENCY (default
   * 16). Bounds how hard a backlog (after an outage) hits a destination, per instance.
   */
  deliveryConcurrency: number;
  /** The longest wait between retries, and how often the spool is re-read for re-queued submissions. */
  maxRetryDelayMs: number;
  pollIntervalMs: number;
}

function positiveNumber(value: string | undefined, fallback: number): number {
  const number = Number(value?.trim());
  return value?.trim() && Number.isFinite(number) && number > 0 ? number : fallback;
}

export function deliverySettings(env: NodeJS.ProcessEnv = process.env): DeliverySettings {
  return {
    dataDir: dataDir(env),
    retryBaseMs: positiveNumber(env.DELIVERY_RETRY_BASE_MS, 30_000),
    maxAttempts: Math.floor(positiveNumber(env.DELIVERY_MAX_ATTEMPTS, 12)),
    attemptTimeoutMs: positiveNumber(env.DELIVERY_TIMEOUT_MS, 10_000),
    deliveryConcurrency: Math.min(256, Math.floor(positiveNumber(env.DELIVERY_CONCURRENCY, 16))),
    maxRetryDelayMs: 60 * 60 * 1000,
    pollIntervalMs: 5_000,
  };
}

/**
 * The retry schedule, the same on both stores: the delay before attempt n+1 after n failed ones is
 * DELIVERY_RETRY_BASE_MS × 2^(n−1), capped at an hour, times a jitter of 0.75–1.25; after
 * DELIVERY_MAX_ATTEMPTS attempts the submission is kept as failed. The spool schedules with this function.
 *
 * On PostgreSQL a failed attempt is failed in pg-boss (which keeps the count of attempts and the
 * dead-letter queue), and the retry's time is then set from this function (postgres/queue.server.ts,
 * deliverBatch): the same schedule. One exception: a job whose instance died is retried by pg-boss's own
 * backoff (from DELIVERY_RETRY_BASE_MS in whole seconds, at least 1 s, 1–2× jitter, no cap) once it expires.
 */
export function retryDelayMs(
  failedAttempts: number,
  settings: Pick<DeliverySettings, "retryBaseMs" | "maxRetryDelayMs">,
  random = Math.random,
): number {
  const exponential = settings.retryBaseMs * 2 ** Math.max(0, failedAttempts - 1);
  return Math.round(Math.min(exponential, settings.maxRetryDelayMs) * (0.75 + random() * 0.5));
}

/**
 * DATABASE_URL: a PostgreSQL connection string, or null for the embedded store (the spool in DATA_DIR).
 * Read by app/leads/backend.server.ts, which picks every store from it, and by the shared cache's memory
 * (app/content/durable-memory.server.ts, app/content/purge-backlog.server.ts), which lives there too.
 */
export function databaseUrl(env: NodeJS.ProcessEnv = process.env): string | null {
  return env.DATABASE_URL?.trim() || null;
}

/** DATABASE_POOL_MAX: connections one instance opens at most (default 10), shared by every use. */
export function databasePoolMax(env: NodeJS.ProcessEnv = process.env): number {
  return Math.floor(positiveNumber(env.DATABASE_POOL_MAX, 10));
}

function nonNegativeNumber(value: string | undefined, fallback: number): number {
  const number = Number(value?.trim());
  return value?.trim() && Number.isFinite(number) && number >= 0 ? number : fallback;
}

/** How long a submission stays in the store (docs/production-server.md, 'Datos personales'). */
export interface RetentionSettings {
  /** LEAD_RETENTION_DAYS (default 30; 0 = at the next run): days after it reached every destination. */
  retentionDays: number;
  /** LEAD_MAX_AGE_DAYS (default 365): days after it was accepted, whatever its state. */
  maxAgeDays: number;
}

export function retentionSettings(env: NodeJS.ProcessEnv = process.env): RetentionSettings {
  return {
    retentionDays: nonNegativeNumber(env.LEAD_RETENTION_DAYS, 30),
    maxAgeDays: nonNegativeNumber(env.LEAD_MAX_AGE_DAYS, 365),
  };
}

/** FORM_RATE_LIMIT: submissions accepted per client IP per 10 minutes (default 20). */
export function formRateLimit(env: NodeJS.ProcessEnv = process.env): number {
  return Math.floor(positiveNumber(env.FORM_RATE_LIMIT, 20));
}

/** The window of EXPERIMENT_VISITORS_PER_CLIENT. */
export const EXPERIMENT_VISITOR_WINDOW_SECONDS = 60 * 60;

/**
 * EXPERIMENT_VISITORS_PER_CLIENT (200): new experiment visitors one client address (an IPv6 one by its
 * /64) may add per hour. Past it the client sees the control, gets no cookie and counts nothing, so a
 * script without cookies cannot fill a variant; a busy office behind one address stays far below it.
 */
export function experimentVisitorLimit(env: NodeJS.ProcessEnv = process.env): number {
  return Math.floor(positiveNumber(env.EXPERIMENT_VISITORS_PER_CLIENT, 200));
}
