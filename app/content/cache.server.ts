/**
 * The one result cache in front of both content sources. Bounded in count and age (lru-cache): the
 * published perspective keeps an answer for PUBLISHED_TTL_MS and then serves it stale once while a fresh
 * one loads, so even a lost change event heals within a minute; drafts get their own small, short cache
 * so a draft can never be answered to a published request. invalidate() drops both.
 */
import { LRUCache } from "lru-cache";

import type { Perspective, QueryParams, QueryRunner } from "./content-source.server";

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
type Boxed = { value: unknown };

function createPerspectiveCache(run: QueryRunner, perspective: Perspective, max: number, ttl: number) {
  return new LRUCache<Key, Boxed, Request>({
    max,
    ttl,
    allowStale: perspective === "published",
    noDeleteOnStaleGet: perspective === "published",
    fetchMethod: async (_key, stale, { context }) => {
      try {
        return { value: await run(context.query, context.params, perspective) };
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
}

export interface CachedRunner {
  fetch<T>(query: string, params: QueryParams, perspective: Perspective): Promise<T>;
  /** Drops one perspective's answers, or every answer. */
  clear(perspective?: Perspective): void;
}

export function createCachedRunner(run: QueryRunner, limits: CacheLimits = {}): CachedRunner {
  const caches: Record<Perspective, LRUCache<Key, Boxed, Request>> = {
    published: createPerspectiveCache(
      run,
      "published",
      PUBLISHED_MAX_ENTRIES,
      limits.publishedTtlMs ?? PUBLISHED_TTL_MS,
    ),
    drafts: createPerspectiveCache(run, "drafts", DRAFTS_MAX_ENTRIES, DRAFTS_TTL_MS),
  };
  return {
    async fetch<T>(query: string, params: QueryParams, perspective: Perspective): Promise<T> {
      const key = `${query}\u0000${JSON.stringify(params)}`;
      const boxed = await caches[perspective].fetch(key, { context: { query, params } });
      return boxed!.value as T;
    },
    clear(perspective?: Perspective) {
      if (perspective !== "drafts") caches.published.clear();
      if (perspective !== "published") caches.drafts.clear();
    },
  };
}
