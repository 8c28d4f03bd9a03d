/**
 * FORM_RATE_LIMIT: form submissions accepted per client IP per 10 minutes, with rate-limiter-flexible.
 * Embedded: counted in this process's memory. With DATABASE_URL: counted in the database
 * (`form_rate_limit`, created by the migrations), so every instance shares one count; while the database
 * cannot be reached, each instance counts in memory instead (its insurance limiter): a visitor is never
 * refused because the database is down. app/leads/backend.server.ts picks one and holds the process's.
 */
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";

import { log } from "~/lib/log.server";

import { type Database, TABLES } from "./database.server";

export const RATE_LIMIT_WINDOW_SECONDS = 10 * 60;

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface FormRateLimiter {
  /** Counts one submission for `key`; refused once the window already holds FORM_RATE_LIMIT of them. Never throws. */
  consume(key: string): Promise<RateLimitDecision>;
  /**
   * Whether `key` is already over its limit, counting nothing. (The lead action consumes instead: every
   * post it reads spends a unit.) Never throws (a store that cannot answer lets it through).
   */
  check(key: string): Promise<RateLimitDecision>;
}

type Limiter = RateLimiterMemory | RateLimiterPostgres;

const limiterOptions = (points: number, keyPrefix = "form", duration = RATE_LIMIT_WINDOW_SECONDS) => ({
  points,
  duration,
  keyPrefix,
});

function limiterOf(limiter: Limiter, points: number): FormRateLimiter {
  return {
    async check(key) {
      try {
        const state = await limiter.get(key);
        if (state && state.consumedPoints >= points) {
          return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(state.msBeforeNext / 1000)) };
        }
      } catch (error) {
        log("error", "rate limit could not be read; submission let through", { error: String(error) });
      }
      return { allowed: true };
    },
    async consume(key) {
      try {
        await limiter.consume(key);
        return { allowed: true };
      } catch (outcome) {
        if (outcome instanceof RateLimiterRes) {
          return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(outcome.msBeforeNext / 1000)) };
        }
        log("error", "rate limit could not be counted; submission let through", { error: String(outcome) });
        return { allowed: true };
      }
    },
  };
}

/** Counted in this process's memory (the embedded store). */
/** Another limit on the same machinery: its own key prefix (so its own counts) and window. */
export interface LimiterOptions {
  keyPrefix?: string;
  durationSeconds?: number;
}

export function memoryRateLimiter(
  points: number,
  { keyPrefix = "form", durationSeconds = RATE_LIMIT_WINDOW_SECONDS }: LimiterOptions = {},
): FormRateLimiter {
  return limiterOf(new RateLimiterMemory(limiterOptions(points, keyPrefix, durationSeconds)), points);
}

/** Counted in the database, shared by every instance; in memory while the database cannot be reached. */
export function postgresRateLimiter(
  database: Database,
  points: number,
  { keyPrefix = "form", durationSeconds = RATE_LIMIT_WINDOW_SECONDS }: LimiterOptions = {},
): FormRateLimiter {
  const options = limiterOptions(points, keyPrefix, durationSeconds);
  return limiterOf(
    new RateLimiterPostgres({
      ...options,
      storeClient: database.pool,
      storeType: "pool",
      tableName: TABLES.rateLimit,
      tableCreated: true,
      insuranceLimiter: new RateLimiterMemory(options),
    }),
    points,
  );
}
