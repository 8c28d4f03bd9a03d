/** FORM_RATE_LIMIT: form submissions per client IP in a sliding 10-minute window, kept in memory. */
export const RATE_LIMIT_WINDOW_MS = 10 * 60 * 1000;
const PRUNE_ABOVE_KEYS = 10_000;

export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  /** Counts one submission for `key`; false when the window already holds `limit` of them. */
  take(key: string, limit: number, now = Date.now()): boolean {
    const since = now - RATE_LIMIT_WINDOW_MS;
    const recent = (this.hits.get(key) ?? []).filter((time) => time > since);
    if (recent.length >= limit) {
      this.hits.set(key, recent);
      return false;
    }
    recent.push(now);
    this.hits.set(key, recent);
    if (this.hits.size > PRUNE_ABOVE_KEYS) this.prune(since);
    return true;
  }

  /** Seconds until `key` may submit again. */
  retryAfterSeconds(key: string, now = Date.now()): number {
    const oldest = this.hits.get(key)?.[0] ?? now;
    return Math.max(1, Math.ceil((oldest + RATE_LIMIT_WINDOW_MS - now) / 1000));
  }

  private prune(since: number): void {
    for (const [key, times] of this.hits) {
      if (!times.some((time) => time > since)) this.hits.delete(key);
    }
  }
}

const SINGLETON_KEY = Symbol.for("leads-b2b.form-rate-limiter");
type GlobalWithLimiter = typeof globalThis & { [SINGLETON_KEY]?: RateLimiter };

export function formRateLimiter(): RateLimiter {
  const scope = globalThis as GlobalWithLimiter;
  scope[SINGLETON_KEY] ??= new RateLimiter();
  return scope[SINGLETON_KEY];
}

/** Forgets every count (tests). */
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
