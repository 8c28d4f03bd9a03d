/**
 * Tag purges at the shared cache in front (SHARED_CACHE_PURGE_URL, CONTRACT §14): every content change
 * the instance applies to its own page cache goes to the shared cache too, as one HTTP `PURGE` to that
 * URL with the tags in an `xkey-purge` header (what deploy/varnish/leads-site.vcl reads; one request per
 * 8 KB of tags). A purge is idempotent, so it is retried on a network error or a 5xx until the cache
 * takes it, however long it stays away (the shared cache keeps pages a day: a purge given up would
 * leave them stale that long), the wait growing to maxDelayMs at most so a purge arrives within
 * seconds of the cache's return; every instance purging the same change is harmless. Past `attempts`
 * the failure is logged and counted (`failed`) once, and the age of the oldest undelivered purge is a
 * gauge an alert watches (docs/monitoring/alerts.yml). A 4xx is the cache refusing (the ACL, a wrong
 * URL): logged and counted, never retried. Tags waiting are bounded: past the bound they collapse into
 * SITE_TAG (everything), coarse but never stale. Each purge is sent again a moment later, which catches
 * a page an instance rendered from the old content while the first purge travelled. A purge the cache
 * did not take goes to the `backlog` at once (app/content/purge-backlog.server.ts: the database every
 * instance reads with DATABASE_URL, else DATA_DIR), and so does every purge queued while it keeps failing
 * and what is left at close: an instance killed during an outage loses nothing. The backlog is read at
 * start and every few seconds, so its next start, or any instance on the same database (a replacement
 * too), sends what another could not; a tag leaves it once a purge of it was delivered.
 */
import {
  countSharedCachePurge,
  log,
  OVERFLOW_TAG,
  type PurgeBacklog,
  type SharedCachePurgeResult,
  SITE_TAG,
  watchSharedCachePurgeBacklog,
} from "./app";

export const PURGE_HEADER = "xkey-purge";

export interface SharedCachePurgeOptions {
  url: string;
  /** Attempts after which a purge that keeps failing is logged and counted as `failed` (it is still retried). */
  attempts?: number;
  /** Backoff before the second attempt, doubled each time up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** How long one attempt may take. */
  timeoutMs?: number;
  /** Distinct tags waiting at most; past it the queue becomes one purge of everything. */
  maxPendingTags?: number;
  /** When the same tags are purged again (0: never). */
  repeatAfterMs?: number;
  /** Counts each result (shared_cache_purges_total by default). */
  count?: (result: SharedCachePurgeResult) => void;
  /** Tells how long the oldest undelivered purge has waited (shared_cache_purge_undelivered_seconds by default). */
  watchBacklog?: (source: () => number) => void;
  /** Where the purges not delivered yet are kept (read at start and every backlogPollMs). */
  backlog?: PurgeBacklog;
  /** How often the backlog is read for what another instance, or this one's last run, left (0: at start only). */
  backlogPollMs?: number;
}

const MAX_HEADER_BYTES = 8 * 1024;

/** Tags in groups whose space-separated list fits one header. */
export function tagBatches(tags: readonly string[], maxBytes = MAX_HEADER_BYTES): string[][] {
  const batches: string[][] = [];
  let current: string[] = [];
  let bytes = 0;
  for (const tag of tags) {
    const size = Buffer.byteLength(tag) + 1;
    if (current.length && bytes + size > maxBytes) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(tag);
    bytes += size;
  }
  if (current.length) batches.push(current);
  return batches;
}

export class SharedCachePurger {
  private readonly pending = new Set<string>();
  private running: Promise<void> | null = null;
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;
  /** When the purge being sent first failed (null: none is failing). */
  private failingSince: number | null = null;
  private readonly backlog: PurgeBacklog | undefined;
  /** Tags this process knows to be in the backlog (it wrote them, or read them there). */
  private readonly backlogged = new Set<string>();
  /** Writes to the backlog under way (close() waits for them). */
  private backlogWrites: Promise<void> = Promise.resolve();
  /** The batch being sent now (undelivered until it is). */
  private sending: string[] | null = null;
  private readonly options: Required<Omit<SharedCachePurgeOptions, "count" | "watchBacklog" | "backlog">> & {
    count: (result: SharedCachePurgeResult) => void;
  };

  constructor(options: SharedCachePurgeOptions) {
    this.backlog = options.backlog;
    this.options = {
      attempts: 6,
      baseDelayMs: 250,
      maxDelayMs: 4_000,
      timeoutMs: 5_000,
      maxPendingTags: 10_000,
      repeatAfterMs: 1_000,
      backlogPollMs: 5_000,
      count: countSharedCachePurge,
      ...options,
    };
    if (!options.count) countSharedCachePurge(null);
    (options.watchBacklog ?? (options.count ? () => undefined : watchSharedCachePurgeBacklog))(() =>
      this.failingSince === null ? 0 : (Date.now() - this.failingSince) / 1000,
    );
    if (this.backlog) {
      void this.readBacklog(true);
      const poll = this.options.backlogPollMs;
      if (poll > 0) {
        const timer = setInterval(() => void this.readBacklog(false), poll);
        timer.unref();
        this.timers.add(timer);
      }
    }
  }

  /** Queues what the backlog holds that is not already on its way (left by a run, or another instance). */
  private async readBacklog(atStart: boolean): Promise<void> {
    const tags = await this.backlog!.read();
    if (this.closed) return;
    const fresh = tags.filter((tag) => !this.pending.has(tag) && !this.sending?.includes(tag));
    for (const tag of tags) this.backlogged.add(tag);
    if (!fresh.length) return;
    log("info", "shared cache purge not delivered before: sending it", {
      tags: fresh.length,
      from: atStart ? "start" : "backlog",
    });
    this.enqueue(fresh);
  }

  /**
   * Keeps these tags in the backlog (a purge the cache did not take, or one queued while it fails),
   * written each time: another instance may have removed an older row of the same tag meanwhile.
   */
  private keep(tags: readonly string[]): void {
    const backlog = this.backlog;
    if (!backlog || !tags.length) return;
    for (const tag of tags) this.backlogged.add(tag);
    this.backlogWrites = this.backlogWrites.then(() => backlog.add(tags));
  }

  /** A purge of these tags was delivered, begun at `since`: the backlog forgets them. */
  private forget(tags: readonly string[], since: number): void {
    const backlog = this.backlog;
    if (!backlog) return;
    const everything = tags.includes(SITE_TAG);
    const known = [...this.backlogged].filter((tag) => everything || tags.includes(tag));
    if (!known.length) return;
    for (const tag of known) this.backlogged.delete(tag);
    this.backlogWrites = this.backlogWrites.then(() => backlog.delivered(known, since));
  }

  /** Seconds the oldest purge not yet delivered has waited (0: none). */
  get undeliveredSeconds(): number {
    return this.failingSince === null ? 0 : (Date.now() - this.failingSince) / 1000;
  }

  /** Queues a purge of these tags (sent at once unless one is under way; then right after it). */
  purge(tags: readonly string[]): void {
    if (this.closed || tags.length === 0) return;
    this.enqueue(tags);
    const repeat = this.options.repeatAfterMs;
    if (repeat > 0) {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        if (!this.closed) this.enqueue(tags);
      }, repeat);
      timer.unref();
      this.timers.add(timer);
    }
  }

  /** Resolves once nothing is waiting or being sent, and the backlog is written (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
    await this.backlogWrites;
  }

  /** Stops sending; what is still undelivered goes to the backlog (when set); resolves once it is written. */
  close(): Promise<void> {
    if (this.closed) return this.backlogWrites;
    this.closed = true;
    for (const timer of this.timers) {
      clearTimeout(timer);
      clearInterval(timer);
    }
    this.timers.clear();
    const left = [...new Set([...(this.sending ?? []), ...this.pending])];
    if (this.backlog && left.length) {
      log("warn", "shared cache purge not delivered before shutdown: kept for the next start", { tags: left.length });
      this.keep(left);
    }
    return this.backlogWrites;
  }

  private enqueue(tags: readonly string[]): void {
    if (this.pending.has(SITE_TAG)) return;
    // While the cache does not answer, a new purge is kept at once (it would fail the same way).
    if (this.failingSince !== null) this.keep(tags);
    for (const tag of tags) this.pending.add(tag);
    if (this.pending.size > this.options.maxPendingTags) {
      log("warn", "shared cache purge queue full: purging everything", { tags: this.pending.size });
      this.options.count("dropped");
      this.pending.clear();
    }
    if (this.pending.size === 0 || this.pending.has(SITE_TAG)) {
      this.pending.clear();
      this.pending.add(SITE_TAG);
    }
    this.running ??= this.drain().finally(() => (this.running = null));
  }

  private async drain(): Promise<void> {
    while (this.pending.size > 0 && !this.closed) {
      const tags = [...this.pending];
      this.pending.clear();
      // Whatever is purged, the pages that carried too many tags to name (OVERFLOW_TAG) go too.
      if (!tags.includes(SITE_TAG) && !tags.includes(OVERFLOW_TAG)) tags.push(OVERFLOW_TAG);
      for (const batch of tagBatches(tags)) await this.send(batch);
    }
  }

  private async send(tags: string[]): Promise<void> {
    this.sending = tags;
    try {
      await this.sendBatch(tags);
    } finally {
      this.sending = null;
    }
  }

  private async sendBatch(tags: string[]): Promise<void> {
    const { url, attempts, baseDelayMs, maxDelayMs, timeoutMs, count } = this.options;
    for (let attempt = 1; ; attempt += 1) {
      let problem: string;
      const began = Date.now();
      try {
        const response = await fetch(url, {
          method: "PURGE",
          headers: { [PURGE_HEADER]: tags.join(" ") },
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = (await response.text().catch(() => "")).slice(0, 200);
        if (response.ok) {
          count("purged");
          this.forget(tags, began);
          if (this.failingSince !== null)
            log("info", "shared cache purge delivered after failures", {
              attempts: attempt,
              waitedMs: Date.now() - this.failingSince,
            });
          this.failingSince = null;
          return;
        }
        if (response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429) {
          count("refused");
          // Never retried: the backlog does not keep it either.
          this.forget(tags, began);
          this.failingSince = null;
          log("error", "shared cache refused a purge", { status: response.status, answer: text, tags: tags.length });
          return;
        }
        problem = `HTTP ${response.status}`;
      } catch (error) {
        problem = String(error);
      }
      if (this.closed) {
        count("failed");
        log("error", "shared cache purge not delivered before shutdown", { problem, tags: tags.length });
        return;
      }
      this.failingSince ??= Date.now();
      // Kept at once, with what waits behind it: a kill now loses nothing.
      if (attempt === 1) this.keep([...tags, ...this.pending]);
      if (attempt === attempts) {
        // Pages may be stale there until it gets through: said once, then retried quietly.
        count("failed");
        log("error", "shared cache purge failed, still retrying", { problem, attempts: attempt, tags: tags.length });
      } else count("retried");
      const delay = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.min(attempt - 1, 30));
      await new Promise((resolve) => setTimeout(resolve, delay).unref());
      if (this.closed) return;
    }
  }
}

/** The purge client for SHARED_CACHE_PURGE_URL, or null when it is unset or not an http(s) URL (logged). */
export function sharedCachePurger(
  env: Record<string, string | undefined> = process.env,
  backlog?: () => PurgeBacklog,
): SharedCachePurger | null {
  const raw = env.SHARED_CACHE_PURGE_URL?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    url = new URL("invalid:");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    log("error", "SHARED_CACHE_PURGE_URL is not an http(s) URL: no shared cache purges", { value: raw.slice(0, 200) });
    return null;
  }
  return new SharedCachePurger({ url: url.href, backlog: backlog?.() });
}
