/** Lead-delivery settings from the environment (docs/product-rules.md, Settings), read when a worker is created. */
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
    maxRetryDelayMs: 60 * 60 * 1000,
    pollIntervalMs: 5_000,
  };
}

/**
 * DATABASE_URL: a PostgreSQL connection string, or null for the embedded store (the spool in DATA_DIR).
 * Read once when the process's store is created.
 */
export function databaseUrl(env: NodeJS.ProcessEnv = process.env): string | null {
  return env.DATABASE_URL?.trim() || null;
}

/** DATABASE_POOL_MAX: connections one instance opens at most (default 10), shared by every use. */
export function databasePoolMax(env: NodeJS.ProcessEnv = process.env): number {
  return Math.floor(positiveNumber(env.DATABASE_POOL_MAX, 10));
}

/** FORM_RATE_LIMIT: submissions accepted per client IP per 10 minutes (default 20). */
export function formRateLimit(env: NodeJS.ProcessEnv = process.env): number {
  return Math.floor(positiveNumber(env.FORM_RATE_LIMIT, 20));
}
