/**
 * Values a page computes from a whole list (the related sectors at a sector page's end, from the whole
 * directory) get a cache tag of their own, so a change of the list drops only the pages whose value
 * changed: a new sector page, or a renamed one, moves the related links of a few pages, not of all
 * (docs/decisions/0015-tag-based-invalidation.md). The page carries the value's tag instead of the
 * list's; after a change that touches the list, every remembered value is computed again and its tag
 * counts as changed when its result did.
 *
 * A value is defined once by name (`defineDerivedContent`), so it can be computed again from its name
 * and key alone: with a shared cache in front, what was remembered also goes to the durable memory
 * (./durable-memory.server.ts), and an instance that never computed a value (restarted, new, the other
 * one) still tells whether it changed (docs/decisions/0017-tags-that-survive-the-process.md).
 */
import { LRUCache } from "lru-cache";

import { singleton } from "~/lib/singleton.server";

import { collectContentTags, queryTag, recordContentTags, resultDigest } from "./cache-tags.server";
import { type DurableMemory, sharedCacheMemory } from "./durable-memory.server";
import { currentPerspective } from "./perspective.server";

interface Derived {
  name: string;
  key: string;
  /** The tags of the content it read. */
  reads: Set<string>;
  digest: string;
}

/** A remembered value as the durable memory keeps it. */
interface StoredDerived {
  n: string;
  k: string;
  r: string[];
  d: string;
}

/** Values remembered at most (a grown site: one per sector page). Past it the oldest value is forgotten. */
export const MAX_DERIVED = 5_000;

const registry = singleton("derivedContent", () => ({
  values: new LRUCache<string, Derived>({ max: MAX_DERIVED }),
  definitions: new Map<string, (key: string) => Promise<unknown>>(),
  forgotten: false,
  durable: undefined as DurableMemory<StoredDerived> | null | undefined,
}));

function durable(): DurableMemory<StoredDerived> | null {
  registry.durable ??= sharedCacheMemory<StoredDerived>("derived", { max: MAX_DERIVED });
  return registry.durable;
}

/** Uses this durable memory (tests); null: in memory only. */
export function useDerivedMemory(memory: DurableMemory<StoredDerived> | null): void {
  registry.durable = memory;
}

const tagOf = (name: string, key: string) => queryTag(`derived:${name}`, { key }).replace(/^q:/, "d:");

/**
 * A value computed from content by `compute(key)`, defined once under `name` (a module's top level):
 * the page that asks for it carries the tag of (`name`, `key`) instead of the tags of what it read.
 * `compute` must depend on content only (it runs again, outside any request).
 */
export function defineDerivedContent<T>(name: string, compute: (key: string) => Promise<T>) {
  registry.definitions.set(name, compute);
  return async (key: string): Promise<T> => {
    const reads = new Set<string>();
    const value = await collectContentTags(reads, () => compute(key));
    const tag = tagOf(name, key);
    // A draft value is never cached anywhere: only the published one is remembered.
    if ((await currentPerspective()) === "published") {
      if (!registry.values.has(tag) && registry.values.size >= MAX_DERIVED) registry.forgotten = true;
      const digest = resultDigest(value);
      const before = registry.values.get(tag);
      registry.values.set(tag, { name, key, reads, digest });
      if (!before || before.digest !== digest || [...before.reads].join(" ") !== [...reads].join(" "))
        durable()?.set(tag, { n: name, k: key, r: [...reads], d: digest });
    }
    recordContentTags([tag]);
    return value;
  };
}

/**
 * After the content holding `changed` changed: the tags of the remembered values (here or in the
 * durable memory) whose result changed (computed again now), or null when a value was forgotten or the
 * durable memory could not be read (then every page must go).
 */
export async function changedDerivedTags(changed: ReadonlySet<string>): Promise<string[] | null> {
  if (registry.forgotten) {
    registry.forgotten = false;
    registry.values.clear();
    return null;
  }
  const memory = durable();
  // What every process remembered, read now; unreadable, the pages others rendered cannot be named.
  const stored = memory ? await memory.load() : new Map<string, StoredDerived>();
  if (!stored) return null;
  const candidates = new Map<string, { name: string; key: string; digests: string[] }>();
  const consider = (tag: string, name: string, key: string, reads: Iterable<string>, digest: string) => {
    if (![...reads].some((read) => changed.has(read))) return;
    const candidate = candidates.get(tag) ?? { name, key, digests: [] };
    candidate.digests.push(digest);
    candidates.set(tag, candidate);
  };
  for (const [tag, entry] of [...registry.values.entries()])
    consider(tag, entry.name, entry.key, entry.reads, entry.digest);
  for (const [tag, entry] of stored)
    if (entry && Array.isArray(entry.r)) consider(tag, entry.n, entry.k, entry.r, entry.d);
  const tags: string[] = [];
  for (const [tag, { name, key, digests }] of candidates) {
    const compute = registry.definitions.get(name);
    const reads = new Set<string>();
    // A value whose definition this build no longer has cannot be told: its pages go.
    const value = compute
      ? await collectContentTags(reads, () => compute(key)).then(
          (result) => ({ result }),
          () => null,
        )
      : null;
    const digest = value ? resultDigest(value.result) : null;
    if (digest !== null && digests.every((old) => old === digest)) {
      const entry = registry.values.get(tag);
      if (entry) entry.reads = reads;
      continue;
    }
    tags.push(tag);
    registry.values.delete(tag);
    // Remembered with its new result (an instance handling this change later still tells it changed).
    memory?.set(tag, digest === null ? null : { n: name, k: key, r: [...reads], d: digest });
  }
  return tags;
}

/** Forgets every value this process remembers (everything changed and was purged). */
export function forgetDerivedContent(): void {
  registry.values.clear();
  registry.forgotten = false;
}
