/**
 * Values a page computes from a whole list (the related sectors at a sector page's end, from the whole
 * directory) get a cache tag of their own, so a change of the list drops only the pages whose value
 * changed: a new sector page, or a renamed one, moves the related links of a few pages, not of all
 * (docs/decisions/0015-tag-based-invalidation.md). The page carries the value's tag instead of the
 * list's; after a change that touches the list, every remembered value is computed again and its tag
 * counts as changed when its result did.
 */
import { LRUCache } from "lru-cache";

import { singleton } from "~/lib/singleton.server";

import { collectContentTags, queryTag, recordContentTags, resultDigest } from "./cache-tags.server";
import { currentPerspective } from "./perspective.server";

interface Derived {
  compute: () => Promise<unknown>;
  /** The tags of the content it read. */
  reads: Set<string>;
  digest: string;
}

/** Values remembered at most (a grown site: one per sector page). Past it the oldest value is forgotten. */
const MAX_DERIVED = 5_000;

const registry = singleton("derivedContent", () => ({
  values: new LRUCache<string, Derived>({ max: MAX_DERIVED }),
  forgotten: false,
}));

/**
 * `compute()`'s result, the page that asks carrying the tag of (`name`, `key`) instead of the tags of
 * what it read. `compute` must depend on content only (it runs again, outside any request).
 */
export async function derivedContent<T>(name: string, key: string, compute: () => Promise<T>): Promise<T> {
  const reads = new Set<string>();
  const value = await collectContentTags(reads, compute);
  const tag = queryTag(`derived:${name}`, { key }).replace(/^q:/, "d:");
  // A draft value is never cached anywhere: only the published one is remembered.
  if ((await currentPerspective()) === "published") {
    if (!registry.values.has(tag) && registry.values.size >= MAX_DERIVED) registry.forgotten = true;
    registry.values.set(tag, { compute, reads, digest: resultDigest(value) });
  }
  recordContentTags([tag]);
  return value;
}

/**
 * After the content holding `changed` changed: the tags of the remembered values whose result changed
 * (computed again now), or null when a value was forgotten (then every page must go).
 */
export async function changedDerivedTags(changed: ReadonlySet<string>): Promise<string[] | null> {
  if (registry.forgotten) {
    registry.forgotten = false;
    registry.values.clear();
    return null;
  }
  const tags: string[] = [];
  for (const [tag, entry] of [...registry.values.entries()]) {
    if (![...entry.reads].some((read) => changed.has(read))) continue;
    const reads = new Set<string>();
    const value = await collectContentTags(reads, entry.compute).then(
      (result) => ({ result }),
      () => null,
    );
    if (value && resultDigest(value.result) === entry.digest) {
      entry.reads = reads;
      continue;
    }
    tags.push(tag);
    registry.values.delete(tag);
  }
  return tags;
}

/** Forgets every value (everything changed). */
export function forgetDerivedContent(): void {
  registry.values.clear();
  registry.forgotten = false;
}
