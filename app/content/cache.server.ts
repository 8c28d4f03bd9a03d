/**
 * The one result cache in front of both content sources. Bounded in count and age (lru-cache): the
 * published perspective keeps an answer for PUBLISHED_TTL_MS and then serves it stale once while a fresh
 * one loads, so even a lost change event heals within a minute; drafts get their own small, short cache
 * so a draft can never be answered to a published request. invalidate() drops both.
 *
 * Each published answer carries its cache tags (./cache-tags.server.ts), recorded into the request that
 * reads it, so the page it renders knows what it showed. Every published query a page ran whose result
 * showed something is also remembered (its parameters and a digest of its result, bounded, longer than
 * the answers themselves, and durably with `durable`: an instance that never ran it purges it too) so
 * that `refresh()` can run them again after a change and name exactly the tags whose results changed.
 * An empty result (an unknown slug) is not remembered: on the embedded dataset it carries tags derived
 * from what it read (`absentTags`), which a change of those documents names
 * (docs/decisions/0017-tags-that-survive-the-process.md).
 */
import { LRUCache } from "lru-cache";

import { watchRememberedQueries } from "~/metrics/metrics.server";

import { queryTag, recordContentTags, resultDigest, UNTAGGED_TAG } from "./cache-tags.server";
import { type Perspective, type QueryParams, type QueryRunner, SourceAnswer } from "./content-source.server";
import type { DurableMemory } from "./durable-memory.server";

export const PUBLISHED_TTL_MS = 60_000;
const PUBLISHED_MAX_ENTRIES = 500;
const DRAFTS_TTL_MS = 2_000;
const DRAFTS_MAX_ENTRIES = 100;

type Key = string;
interface Request {
  query: string;
  params: QueryParams;
}

// lru-cache refuses undefined values; GROQ answers null for "nothing", so undefined never appears.
type Boxed = { value: unknown; tags: readonly string[]; digest: string; reads: unknown; empty: boolean };

/** A result that showed nothing: an unknown slug's null, an empty list. */
const isEmptyResult = (value: unknown) => value === null || (Array.isArray(value) && value.length === 0);

/** A published query some page ran: enough to run it again and tell whether its result changed. */
interface Known extends Request {
  tags: readonly string[];
  digest: string;
  /** What the query read, when the source tells (SourceAnswer). */
  reads: unknown;
}

/**
 * How many published queries are remembered for refresh(): every page of a large site runs a few
 * (a grown dataset of 700 pages: ~1,000). Past it the oldest is forgotten, and the next change drops
 * everything, since a page may still show what nobody remembers.
 */
export const MAX_KNOWN_QUERIES = 20_000;
const REFRESH_CONCURRENCY = 8;

/**
 * An answer as the cache keeps it: the result, its tags (sync tags, else the query's own; for an empty
 * result with `absentTags`, the tags of what it read) and a digest.
 */
async function runBoxed(
  run: QueryRunner,
  request: Request,
  perspective: Perspective,
  absentTags?: (reads: unknown) => string[],
): Promise<Boxed> {
  const answer = await run(request.query, request.params, perspective);
  const full = answer instanceof SourceAnswer ? answer : null;
  const value = full ? full.result : answer;
  const own = queryTag(request.query, request.params);
  const syncTags = full?.syncTags ?? null;
  const empty = isEmptyResult(value);
  const reads = full?.reads ?? null;
  const tags =
    empty && absentTags && reads !== null
      ? absentTags(reads)
      : !syncTags
        ? [own]
        : syncTags.length
          ? syncTags
          : [own, UNTAGGED_TAG];
  return { value, tags, digest: perspective === "published" ? resultDigest(value) : "", reads, empty };
}

/** Counts invalidations, so a fetch that was under way at one is not kept (lru-cache's entries() skips it). */
interface Generation {
  value: number;
}

/** Runs of one fetch at most: an answer that began before an invalidation is asked for again. */
const MAX_RUNS = 3;

function createPerspectiveCache(
  run: QueryRunner,
  perspective: Perspective,
  max: number,
  ttl: number,
  fetched: (key: Key, request: Request, boxed: Boxed, stale: Boxed | undefined) => void,
  generation: Generation,
  absentTags?: (reads: unknown) => string[],
) {
  return new LRUCache<Key, Boxed, Request>({
    max,
    ttl,
    allowStale: perspective === "published",
    noDeleteOnStaleGet: perspective === "published",
    fetchMethod: async (key, stale, { context }) => {
      try {
        let boxed: Boxed;
        for (let runs = 1; ; runs += 1) {
          const began = generation.value;
          boxed = await runBoxed(run, context, perspective, absentTags);
          // Begun before an invalidation: it may be the answer the invalidation was about.
          if (began === generation.value || runs >= MAX_RUNS) break;
        }
        fetched(key, context, boxed, stale);
        return boxed;
      } catch (error) {
        // A failed refresh keeps serving the last good answer; with none, the page sees the failure.
        if (stale) return stale;
        throw error;
      }
    },
  });
}

export interface CacheLimits {
  publishedTtlMs?: number;
  maxKnownQueries?: number;
  /**
   * A published answer refreshed after its maximum age came back different, though no change named it
   * (a lost Live event): the tags of the old answer, so the pages that showed it can go too.
   */
  onUnannouncedChange?: (tags: readonly string[]) => void;
  /**
   * The tags of an empty result from what it read (the embedded dataset: its ids, types and slugs), so
   * it needs no memory of its own: a change of those documents names them.
   */
  absentTags?: (reads: unknown) => string[];
  /** Where remembered queries outlive the process (DATA_DIR; null: in memory only). */
  durable?: DurableMemory<StoredQuery> | null;
  /** What a SourceAnswer's `reads` is in JSON, and back (the durable memory). */
  readsCodec?: { encode(reads: unknown): unknown; decode(json: unknown): unknown };
}

/** A remembered query as the durable memory keeps it; the query's text is stored once under `text:<h>`. */
export type StoredQuery = string | { h: string; p: QueryParams; t: readonly string[]; d: string; r: unknown };

/** What refresh() found: everything may have changed, or the tags of the results that did. */
export type Refreshed = { all: true } | { all: false; tags: string[] };

export interface CachedRunner {
  fetch<T>(query: string, params: QueryParams, perspective: Perspective): Promise<T>;
  /** Drops one perspective's answers, or every answer. */
  clear(perspective?: Perspective): void;
  /** Drops the published answers holding any of these tags. */
  invalidateTags(tags: Iterable<string>): void;
  /**
   * Runs every remembered published query again (uncached) and drops the answers whose results changed;
   * answers their tags (or `all` when some query was forgotten, see MAX_KNOWN_QUERIES). With
   * `mayHaveChanged`, a query whose reads it rules out is not run again. With `before`, a query's old
   * result is its answer there (the content before the change) rather than the remembered digest, so every
   * instance names the same tags whoever ran the query last. Cached empty answers go too.
   */
  refresh(mayHaveChanged?: (reads: unknown) => boolean, before?: QueryRunner): Promise<Refreshed>;
}

export function createCachedRunner(run: QueryRunner, limits: CacheLimits = {}): CachedRunner {
  let forgotten = false;
  const max = limits.maxKnownQueries ?? MAX_KNOWN_QUERIES;
  const durable = limits.durable ?? null;
  const codec = limits.readsCodec ?? { encode: (reads: unknown) => reads, decode: (json: unknown) => json };
  const known = new LRUCache<Key, Known>({
    max,
    // Only results that showed something are remembered, so junk never gets here and never evicts them.
    // The durable memory keeps its own bound (the newest entries); this process's eviction leaves it.
    dispose: (_entry, _key, reason) => {
      if (reason === "evict") forgotten = true;
    },
  });
  watchRememberedQueries(() => known.size);
  const storedTexts = new Set<string>();
  const store = (key: Key, entry: Known) => {
    if (!durable) return;
    const h = queryTag(entry.query, {}).slice(2);
    if (!storedTexts.has(h)) {
      storedTexts.add(h);
      durable.set(`text:${h}`, entry.query);
    }
    durable.set(key, { h, p: entry.params, t: entry.tags, d: entry.digest, r: codec.encode(entry.reads) });
  };
  const unstore = (key: Key) => durable?.set(key, null);
  /** A remembered query as the durable memory keeps it, or null when it cannot be read back. */
  const fromStore = (stored: Map<string, StoredQuery>, value: StoredQuery): Known | null => {
    if (typeof value === "string") return null;
    const query = stored.get(`text:${value.h}`);
    if (typeof query !== "string") return null;
    return { query, params: value.p, tags: value.t, digest: value.d, reads: codec.decode(value.r) };
  };
  const remember = (key: Key, request: Request, boxed: Boxed, stale: Boxed | undefined) => {
    const before = known.get(key);
    if (boxed.empty) {
      if (before) {
        known.delete(key);
        unstore(key);
      }
    } else {
      const entry = { ...request, tags: boxed.tags, digest: boxed.digest, reads: boxed.reads };
      known.set(key, entry);
      if (!before || before.digest !== entry.digest || before.tags.join(" ") !== entry.tags.join(" "))
        store(key, entry);
    }
    const previous = stale ?? before;
    if (previous && previous.digest !== boxed.digest) limits.onUnannouncedChange?.(previous.tags);
  };
  const generation: Generation = { value: 0 };
  const caches: Record<Perspective, LRUCache<Key, Boxed, Request>> = {
    published: createPerspectiveCache(
      run,
      "published",
      PUBLISHED_MAX_ENTRIES,
      limits.publishedTtlMs ?? PUBLISHED_TTL_MS,
      remember,
      generation,
      limits.absentTags,
    ),
    drafts: createPerspectiveCache(run, "drafts", DRAFTS_MAX_ENTRIES, DRAFTS_TTL_MS, () => undefined, generation),
  };
  const clearPublished = () => {
    generation.value += 1;
    caches.published.clear();
    // Everything was dropped: what the durable memory holds stays true of the pages (their tags), so a
    // later change still names them; only this process's answers go.
    if (!durable) known.clear();
    forgotten = false;
  };
  return {
    async fetch<T>(query: string, params: QueryParams, perspective: Perspective): Promise<T> {
      const key = `${query}\u0000${JSON.stringify(params)}`;
      const boxed = (await caches[perspective].fetch(key, { context: { query, params } }))!;
      if (perspective === "published") recordContentTags(boxed.tags);
      return boxed.value as T;
    },
    clear(perspective?: Perspective) {
      if (perspective !== "drafts") clearPublished();
      if (perspective !== "published") caches.drafts.clear();
    },
    invalidateTags(tags) {
      generation.value += 1;
      const wanted = new Set(tags);
      for (const [key, boxed] of caches.published.entries())
        if (boxed.tags.some((tag) => wanted.has(tag))) caches.published.delete(key);
      for (const [key, entry] of known.entries())
        if (entry.tags.some((tag) => wanted.has(tag))) {
          known.delete(key);
          unstore(key);
        }
    },
    async refresh(mayHaveChanged, before): Promise<Refreshed> {
      generation.value += 1;
      for (const [key, boxed] of caches.published.entries()) if (boxed.empty) caches.published.delete(key);
      if (forgotten) {
        caches.published.clear();
        known.clear();
        forgotten = false;
        return { all: true };
      }
      // What every process remembered, read now: the other instances' results too, written after this
      // one started. A memory that cannot be read cannot name the pages others rendered: everything goes.
      const stored = durable ? await durable.load() : new Map<string, StoredQuery>();
      if (!stored) {
        caches.published.clear();
        return { all: true };
      }
      const candidates = new Map(known.entries());
      for (const [key, value] of stored) {
        if (key.startsWith("text:") || candidates.has(key)) continue;
        const entry = fromStore(stored, value);
        if (entry) candidates.set(key, entry);
      }
      const changed = new Set<string>();
      const queue = [...candidates.entries()].filter(
        ([, entry]) => !mayHaveChanged || entry.reads === null || mayHaveChanged(entry.reads),
      );
      const worker = async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          const [key, entry] = next;
          const fresh = await runBoxed(run, entry, "published").catch(() => null);
          const old = before ? await runBoxed(before, entry, "published").catch(() => null) : entry;
          if (fresh && old && fresh.digest === old.digest) {
            // Still the result the page showed: its digest follows the content the page now shows.
            if (fresh.digest !== entry.digest && known.has(key)) known.set(key, { ...entry, digest: fresh.digest });
            continue;
          }
          for (const tag of entry.tags) changed.add(tag);
          caches.published.delete(key);
          if (fresh && !fresh.empty) {
            // Remembered with what it shows now rather than forgotten: an instance handling the same
            // change a moment later (its memory read after this write) still tells the result changed,
            // and the page rendered again carries the same tags.
            const now = { ...entry, digest: fresh.digest, reads: fresh.reads ?? entry.reads };
            if (known.has(key)) known.set(key, now);
            store(key, now);
          } else {
            known.delete(key);
            unstore(key);
          }
        }
      };
      await Promise.all(Array.from({ length: REFRESH_CONCURRENCY }, worker));
      return { all: false, tags: [...changed] };
    },
  };
}
