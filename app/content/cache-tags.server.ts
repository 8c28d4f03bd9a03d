/**
 * Cache tags: what a page showed, so a content change drops exactly the answers that showed it, here
 * (server/page-cache.ts) and at a shared cache in front (SHARED_CACHE_PURGE_URL, server/shared-cache-purge.ts).
 * docs/decisions/0015-tag-based-invalidation.md.
 *
 * A tag names one query result: on Sanity the result's sync tags (the Content Lake's own), on the
 * embedded dataset `q:` and a digest of the query and its parameters. A page carries the tags of every
 * query it ran, plus SITE_TAG; a change names the tags whose results changed. One header carries them,
 * space-separated (Fastly's `Surrogate-Key`; the shipped Varnish copies it into `xkey`; Cloudflare's
 * `Cache-Tag` is the same list, comma-separated).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";

import { singleton } from "~/lib/singleton.server";

import type { QueryParams } from "./content-source.server";

/** The response header that carries a page's tags. */
export const CACHE_TAG_HEADER = "Surrogate-Key";

/** On every tagged answer: purging it purges everything (site settings, a lost Live connection). */
export const SITE_TAG = "site";

/**
 * What a page carries instead of its own tags when they do not fit the header's bounds; every purge
 * names it too, so such a page is dropped at any change (coarse, never stale).
 */
export const OVERFLOW_TAG = "site:overflow";

/**
 * On a Content Lake answer that came without sync tags (an older API, a stand-in): nothing a Live event
 * names can be matched to it, so every Live event drops it (as before sync tags).
 */
export const UNTAGGED_TAG = "s:untagged";

/**
 * Bounds that fit every CDN: Fastly takes 16 KB of Surrogate-Key (each key ≤ 1 KB), Cloudflare 16 KB
 * of Cache-Tag in all; Varnish's xkey has no limit. A page runs a handful of queries, so this is far.
 */
export const MAX_TAGS = 128;
export const MAX_TAG_HEADER_BYTES = 8 * 1024;
const MAX_TAG_LENGTH = 256;
const TAG = /^[\x21-\x7e]+$/;

// One per process, also if the module is evaluated again (app/lib/singleton.server.ts).
const collector = singleton("contentTagCollector", () => new AsyncLocalStorage<Set<string>>());

/** Runs `run`, collecting into `tags` the cache tags of the content it reads (a page render, a derived value). */
export function collectContentTags<T>(tags: Set<string>, run: () => T): T {
  return collector.run(tags, run);
}

/** Notes that the running render showed content carrying these tags (nothing outside collectContentTags). */
export function recordContentTags(tags: Iterable<string>): void {
  const into = collector.getStore();
  if (into) for (const tag of tags) into.add(tag);
}

/** The tag of a query result on the embedded dataset: the same on every instance. */
export function queryTag(query: string, params: QueryParams): string {
  const digest = createHash("sha256").update(query).update("\u0000").update(JSON.stringify(params)).digest("base64url");
  return `q:${digest.slice(0, 16)}`;
}

/** A short digest of a query's result, to tell whether it changed. */
export function resultDigest(result: unknown): string {
  return createHash("sha256")
    .update(JSON.stringify(result) ?? "undefined")
    .digest("base64url")
    .slice(0, 22);
}

/** The header value for a page's tags: SITE_TAG first, then the tags sorted; OVERFLOW_TAG past the bounds. */
export function cacheTagHeader(tags: Iterable<string>): string {
  const own = [...new Set(tags)].filter((tag) => tag !== SITE_TAG && tag.length <= MAX_TAG_LENGTH && TAG.test(tag));
  own.sort();
  const value = [SITE_TAG, ...own].join(" ");
  if (own.length > MAX_TAGS || Buffer.byteLength(value) > MAX_TAG_HEADER_BYTES) return `${SITE_TAG} ${OVERFLOW_TAG}`;
  return value;
}

/** The tags of a header value (space- or comma-separated). */
export function parseCacheTags(header: string | null | undefined): string[] {
  return header ? header.split(/[\s,]+/).filter(Boolean) : [];
}

/** A change of published content: everything, or the answers holding any of `tags`. */
export type ContentChange = { all: true; reason: string } | { all: false; tags: string[]; reason: string };

/** The tags a shared cache must purge for a change (OVERFLOW_TAG with every partial one); null: nothing. */
export function purgeTagsOf(change: ContentChange): string[] | null {
  if (change.all) return [SITE_TAG];
  return change.tags.length ? [...new Set([...change.tags, OVERFLOW_TAG])] : null;
}
