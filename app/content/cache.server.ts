/**
 * The one result cache in front of both content sources. Bounded in count and age (lru-cache): the
 * published perspective keeps an answer for PUBLISHED_TTL_MS and then serves it stale once while a fresh
 * one loads, so even a lost change event heals within a minute; drafts get their own small, short cache
 * so a draft can never be answered to a published request. invalidate() drops both.
 *
 * Each published answer carries its cache tags (./cache-tags.server.ts), recorded into the request that
 * reads it, so the page it renders knows what it showed. Every published query a page ran is also
 * remembered (its parameters and a digest of its result, bounded, longer than the answers themselves)
 * so that `refresh()` can run them again after a change and name exactly the tags whose results changed.
 */
import { LRUCache } from "lru-cache";

import { queryTag, recordContentTags, resultDigest, UNTAGGED_TAG } from "./cache-tags.server";
import { type Perspective, type QueryParams, type QueryRunner, SourceAnswer } from "./content-source.server";

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
type Boxed = { value: unknown; tags: readonly string[]; digest: string; reads: unknown };

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

/** An answer as the cache keeps it: the result, its tags (sync tags, else the query's own) and a digest. */
async function runBoxed(run: QueryRunner, request: Request, perspective: Perspective): Promise<Boxed> {
  const answer = await run(request.query, request.params, perspective);
  const full = answer instanceof SourceAnswer ? answer : null;
  const value = full ? full.result : answer;
  const own = queryTag(request.query, request.params);
  const syncTags = full?.syncTags ?? null;
  const tags = !syncTags ? [own] : syncTags.length ? syncTags : [own, UNTAGGED_TAG];
  return { value, tags, digest: perspective === "published" ? resultDigest(value) : "", reads: full?.reads ?? null };
}

function createPerspectiveCache(
  run: QueryRunner,
  perspective: Perspective,
  max: number,
  ttl: number,
  fetched: (key: Key, request: Request, boxed: Boxed, stale: Boxed | undefined) => void,
) {
  return new LRUCache<Key, Boxed, Request>({
    max,
    ttl,
    allowStale: perspective === "published",
    noDeleteOnStaleGet: perspective === "published",
    fetchMethod: async (key, stale, { context }) => {
      try {
        const boxed = await runBoxed(run, context, perspective);
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
}

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
   * `mayHaveChanged`, a query whose reads it rules out is not run again.
   */
  refresh(mayHaveChanged?: (reads: unknown) => boolean): Promise<Refreshed>;
}

export function createCachedRunner(run: QueryRunner, limits: CacheLimits = {}): CachedRunner {
  let forgotten = false;
  const known = new LRUCache<Key, Known>({
    max: limits.maxKnownQueries ?? MAX_KNOWN_QUERIES,
    // A forgotten null (a junk slug's 404) showed nothing a change could alter.
    dispose: (entry, _key, reason) => {
      if (reason === "evict" && entry.digest !== NULL_DIGEST) forgotten = true;
    },
  });
  const remember = (key: Key, request: Request, boxed: Boxed, stale: Boxed | undefined) => {
    const before = known.get(key);
    known.set(key, { ...request, tags: boxed.tags, digest: boxed.digest, reads: boxed.reads });
    const previous = stale ?? before;
    if (previous && previous.digest !== boxed.digest) limits.onUnannouncedChange?.(previous.tags);
  };
  const caches: Record<Perspective, LRUCache<Key, Boxed, Request>> = {
    published: createPerspectiveCache(
      run,
      "published",
      PUBLISHED_MAX_ENTRIES,
      limits.publishedTtlMs ?? PUBLISHED_TTL_MS,
      remember,
    ),
    drafts: createPerspectiveCache(run, "drafts", DRAFTS_MAX_ENTRIES, DRAFTS_TTL_MS, () => undefined),
  };
  const clearPublished = () => {
    caches.published.clear();
    known.clear();
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
      const wanted = new Set(tags);
      for (const [key, boxed] of caches.published.entries())
        if (boxed.tags.some((tag) => wanted.has(tag))) caches.published.delete(key);
      for (const [key, entry] of known.entries()) if (entry.tags.some((tag) => wanted.has(tag))) known.delete(key);
    },
    async refresh(mayHaveChanged): Promise<Refreshed> {
      if (forgotten) {
        clearPublished();
        return { all: true };
      }
      const changed = new Set<string>();
      const queue = [...known.entries()].filter(
        ([, entry]) => !mayHaveChanged || entry.reads === null || mayHaveChanged(entry.reads),
      );
      const worker = async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          const [key, entry] = next;
          const fresh = await runBoxed(run, entry, "published").catch(() => null);
          if (fresh && fresh.digest === entry.digest) continue;
          for (const tag of entry.tags) changed.add(tag);
          known.delete(key);
          caches.published.delete(key);
        }
      };
      await Promise.all(Array.from({ length: REFRESH_CONCURRENCY }, worker));
      return { all: false, tags: [...changed] };
    },
  };
}

const NULL_DIGEST = resultDigest(null);
