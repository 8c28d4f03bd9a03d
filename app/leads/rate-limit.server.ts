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
}

type Limiter = RateLimiterMemory | RateLimiterPostgres;

const limiterOptions = (points: number) => ({ points, duration: RATE_LIMIT_WINDOW_SECONDS, keyPrefix: "form" });

function limiterOf(limiter: Limiter): FormRateLimiter {
  return {
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
export function memoryRateLimiter(points: number): FormRateLimiter {
  return limiterOf(new RateLimiterMemory(limiterOptions(points)));
}

/** Counted in the database, shared by every instance; in memory while the database cannot be reached. */
export function postgresRateLimiter(database: Database, points: number): FormRateLimiter {
  return limiterOf(
    new RateLimiterPostgres({
      ...limiterOptions(points),
      storeClient: database.pool,
      storeType: "pool",
      tableName: TABLES.rateLimit,
      tableCreated: true,
      insuranceLimiter: new RateLimiterMemory(limiterOptions(points)),
    }),
  );
}

/**
 * The visitor's address: the production server puts it in the load context as `clientIp`
 * (server/client-address.ts decides how far X-Forwarded-For is trusted); without one, one shared bucket.
 */
export function clientIp(context: unknown): string {
  const fromContext = (context as { clientIp?: unknown } | null | undefined)?.clientIp;
  return typeof fromContext === "string" && fromContext ? fromContext : "unknown";
}
