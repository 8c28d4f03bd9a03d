/**
 * FORM_RATE_LIMIT: form submissions accepted per client IP per 10 minutes, with rate-limiter-flexible.
 * Embedded: counted in this process's memory. With DATABASE_URL: counted in the database
 * (`form_rate_limit`, created by the migrations), so every instance shares one count; while the database
 * cannot be reached, each instance counts in memory instead (its insurance limiter): a visitor is never
 * refused because the database is down.
 */
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";

import { log } from "~/lib/log.server";

import { databaseUrl, formRateLimit } from "./config.server";
import { sharedDatabase, TABLES } from "./database.server";

export const RATE_LIMIT_WINDOW_SECONDS = 10 * 60;

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface FormRateLimiter {
  /** Counts one submission for `key`; refused once the window already holds FORM_RATE_LIMIT of them. Never throws. */
  consume(key: string): Promise<RateLimitDecision>;
}

type Limiter = RateLimiterMemory | RateLimiterPostgres;

function createLimiter(points: number, url: string | null): Limiter {
  const options = { points, duration: RATE_LIMIT_WINDOW_SECONDS, keyPrefix: "form" };
  if (!url) return new RateLimiterMemory(options);
  return new RateLimiterPostgres({
    ...options,
    storeClient: sharedDatabase(url).pool,
    storeType: "pool",
    tableName: TABLES.rateLimit,
    tableCreated: true,
    insuranceLimiter: new RateLimiterMemory(options),
  });
}

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

const SINGLETON_KEY = Symbol.for("leads-b2b.form-rate-limiter");
type GlobalWithLimiter = typeof globalThis & {
  [SINGLETON_KEY]?: { points: number; url: string | null; limiter: FormRateLimiter };
};

/** The process's limiter for the current FORM_RATE_LIMIT and DATABASE_URL. */
export function formRateLimiter(): FormRateLimiter {
  const scope = globalThis as GlobalWithLimiter;
  const points = formRateLimit();
  const url = databaseUrl();
  const current = scope[SINGLETON_KEY];
  if (current && current.points === points && current.url === url) return current.limiter;
  const limiter = limiterOf(createLimiter(points, url));
  scope[SINGLETON_KEY] = { points, url, limiter };
  return limiter;
}

/** Forgets every count kept in memory (tests). */
export function resetFormRateLimiter(): void {
  delete (globalThis as GlobalWithLimiter)[SINGLETON_KEY];
}

/**
 * The visitor's address: the production server puts it in the load context as `clientIp`
 * (server/client-address.ts decides how far X-Forwarded-For is trusted); without one, one shared bucket.
 */
export function clientIp(context: unknown): string {
  const fromContext = (context as { clientIp?: unknown } | null | undefined)?.clientIp;
  return typeof fromContext === "string" && fromContext ? fromContext : "unknown";
}
