/**
 * The page cache: rendered responses by key (server/cache-key.ts), in two bounded LRU budgets so junk
 * cannot push the site's own pages out. A page whose rendered canonical URL is the requested path goes
 * to the large budget; anything else that rendered a cacheable 200 (calculator prefills, a list's search)
 * goes to a small one of its own. Other spellings of a page's path never get here: the door sends them
 * to the page's own path (server/canonical-path.ts). Each budget is bounded by entry count and bytes
 * (`lru-cache`). A content change drops the entries holding its cache tags (app/content/cache-tags.server.ts),
 * or all of them. A generation counter keeps a render that started before a content change from being
 * stored after it (and from being kept by a shared cache in front: it answers `private, no-store`, so
 * the next request renders the new content), and the fills in flight let concurrent misses render once.
 */
import { LRUCache } from "lru-cache";

import { SITE_TAG } from "./app";
import type { CachedResponse } from "./cached-response";

/** The Cache-Control of a page whose render began before a content change. */
export const RENDERED_BEFORE_CHANGE = "private, no-store";

export interface PageCacheBounds {
  /** The site's own pages: entries and bytes (bodies in every encoding). */
  maxPages: number;
  maxPageBytes: number;
  /** Everything else: a small budget that never evicts a page. */
  maxVariants: number;
  maxVariantBytes: number;
}

const MIB = 1024 * 1024;
export const DEFAULT_PAGE_CACHE_BOUNDS: PageCacheBounds = {
  maxPages: 1000,
  maxPageBytes: 64 * MIB,
  maxVariants: 500,
  maxVariantBytes: 16 * MIB,
};

function positiveInteger(value: string | undefined, fallback: number): number {
  const number = Number(value?.trim() || Number.NaN);
  return Number.isSafeInteger(number) && number > 0 ? number : fallback;
}

/** Bounds from the environment (PAGE_CACHE_MAX_PAGES, PAGE_CACHE_MAX_MB, PAGE_CACHE_MAX_VARIANTS, PAGE_CACHE_VARIANTS_MAX_MB). */
export function pageCacheBounds(env: Record<string, string | undefined> = process.env): PageCacheBounds {
  const defaults = DEFAULT_PAGE_CACHE_BOUNDS;
  return {
    maxPages: positiveInteger(env.PAGE_CACHE_MAX_PAGES, defaults.maxPages),
    maxPageBytes: positiveInteger(env.PAGE_CACHE_MAX_MB, defaults.maxPageBytes / MIB) * MIB,
    maxVariants: positiveInteger(env.PAGE_CACHE_MAX_VARIANTS, defaults.maxVariants),
    maxVariantBytes: positiveInteger(env.PAGE_CACHE_VARIANTS_MAX_MB, defaults.maxVariantBytes / MIB) * MIB,
  };
}

const CANONICAL_LINK = /<link\b[^>]*\brel="canonical"[^>]*>/i;
const HREF = /\bhref="([^"]*)"/i;

/**
 * True when a rendered response is one of the site's own pages at its own address: an HTML page whose
 * canonical link names exactly the requested path, or a text resource at an all-lowercase path without
 * a query or trailing slash (robots.txt, sitemap.xml).
 */
export function isOwnPage(key: string, entry: Pick<CachedResponse, "headers" | "bodies">): boolean {
  if (key.includes("?")) return false;
  if (!/^text\/html\b/i.test(entry.headers["content-type"] ?? "")) {
    return key === key.toLowerCase() && (key === "/" || !key.endsWith("/"));
  }
  const head = entry.bodies.identity.subarray(0, 64 * 1024).toString("utf8");
  const href = CANONICAL_LINK.exec(head)?.[0].match(HREF)?.[1]?.replace(/&amp;/g, "&");
  if (!href) return false;
  try {
    return new URL(href, "http://localhost").pathname === key;
  } catch {
    return false;
  }
}

function budget(max: number, maxSize: number) {
  return new LRUCache<string, CachedResponse>({ max, maxSize, sizeCalculation: (entry) => Math.max(1, entry.size) });
}

export class PageCache {
  private readonly pages: LRUCache<string, CachedResponse>;
  private readonly variants: LRUCache<string, CachedResponse>;
  private readonly fills = new Map<string, Promise<CachedResponse | null>>();
  private currentGeneration = 0;

  constructor(bounds: Partial<PageCacheBounds> = {}) {
    const { maxPages, maxPageBytes, maxVariants, maxVariantBytes } = { ...DEFAULT_PAGE_CACHE_BOUNDS, ...bounds };
    this.pages = budget(maxPages, maxPageBytes);
    this.variants = budget(maxVariants, maxVariantBytes);
  }

  get(key: string): CachedResponse | undefined {
    return this.pages.get(key) ?? this.variants.get(key);
  }

  /** The fill in flight for a key, if another request is rendering it right now. */
  pendingFill(key: string): Promise<CachedResponse | null> | undefined {
    return this.fills.get(key);
  }

  /**
   * Runs a render for a key and stores its result (in the budget isOwnPage picks) when cacheable and
   * content did not change meanwhile. Concurrent callers may wait on pendingFill(key).
   */
  async fill(key: string, render: () => Promise<CachedResponse | null>): Promise<CachedResponse | null> {
    const generation = this.currentGeneration;
    const pending = render().then((entry) => {
      if (!entry) return entry;
      if (generation === this.currentGeneration) {
        (isOwnPage(key, entry) ? this.pages : this.variants).set(key, entry);
        return entry;
      }
      // It may show what the change replaced: whoever gets it must not keep it (a shared cache would
      // keep it a day, and the purge that covers it may already have gone by).
      return { ...entry, headers: { ...entry.headers, "cache-control": RENDERED_BEFORE_CHANGE } };
    });
    this.fills.set(key, pending);
    try {
      return await pending;
    } finally {
      if (this.fills.get(key) === pending) this.fills.delete(key);
    }
  }

  /** Drops every page (content changed). */
  clear(): void {
    this.currentGeneration += 1;
    this.pages.clear();
    this.variants.clear();
    this.fills.clear();
  }

  /**
   * Drops the entries holding any of these tags (SITE_TAG: every entry); answers how many went. Renders
   * in flight are not stored: they may have read what changed.
   */
  invalidateTags(tags: Iterable<string>): number {
    const wanted = new Set(tags);
    if (wanted.has(SITE_TAG)) {
      const count = this.size;
      this.clear();
      return count;
    }
    this.currentGeneration += 1;
    this.fills.clear();
    let count = 0;
    for (const budget of [this.pages, this.variants])
      for (const [key, entry] of budget.entries())
        if (entry.tags.some((tag) => wanted.has(tag))) {
          budget.delete(key);
          count += 1;
        }
    return count;
  }

  /** Entries and bytes held, per budget. */
  get stats() {
    return {
      pages: { entries: this.pages.size, bytes: this.pages.calculatedSize },
      variants: { entries: this.variants.size, bytes: this.variants.calculatedSize },
    };
  }

  get size(): number {
    return this.pages.size + this.variants.size;
  }
}
