// The memory of what pages were tagged with (docs/decisions/0017-tags-that-survive-the-process.md): on the
// embedded dataset, a process that never ran a query (restarted, with only the durable memory in DATA_DIR)
// names after a change exactly the tags a process that ran them all names; an unknown slug's empty
// result is never remembered (it carries tags derived from what it read), so 20,000 of them neither grow
// the memory nor turn the next edit into a purge of everything; derived values are told apart the same way.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterEach, describe, expect, it } from "vitest";

import { createCachedRunner, MAX_KNOWN_QUERIES, type StoredQuery } from "~/content/cache.server";
import { collectContentTags, queryTag, recordContentTags } from "~/content/cache-tags.server";
import {
  changedDerivedTags,
  defineDerivedContent,
  forgetDerivedContent,
  useDerivedMemory,
} from "~/content/derived.server";
import { durableMemory } from "~/content/durable-memory.server";
import { absentTags, readSetCodec } from "~/content/local-source.server";
import { sectorPageQuery, sectorsDirectoryQuery, siteSettingsQuery } from "~/content/queries";

import { dataset, EDITS, renderSite, SECTOR, seed, slugs } from "../support/tag-memory";

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tag-memory-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  useDerivedMemory(null);
  forgetDerivedContent();
});

const memoryIn = (dir: string, owner = "instance-1") =>
  durableMemory<StoredQuery>(dir, "queries-local", { max: MAX_KNOWN_QUERIES, owner });

function runnerOn(source: ReturnType<typeof dataset>, memory: ReturnType<typeof memoryIn> | null) {
  return createCachedRunner(source.run, { absentTags, durable: memory, readsCodec: readSetCodec });
}

describe("tags that survive the process (embedded dataset)", () => {
  for (const [name, next] of Object.entries(EDITS))
    it(`${name}: a process that never ran a query names what the one that ran them all names`, async () => {
      const dir = tempDir();
      // The process that rendered every page, and kept running.
      const rendered = dataset(seed);
      const memory = memoryIn(dir);
      const first = runnerOn(rendered, memory);
      await renderSite(first);
      await memory.flush();
      // Its restart: the same DATA_DIR, nothing run yet.
      const restarted = dataset(seed);
      const second = runnerOn(restarted, memoryIn(dir));

      const change = rendered.edit(next());
      const expected = await first.refresh(change.affected, change.before);
      const changeAfterRestart = restarted.edit(next());
      const found = await second.refresh(changeAfterRestart.affected, changeAfterRestart.before);

      expect(expected.all).toBe(false);
      expect(found).toEqual(expected);
      if (!found.all) {
        expect(found.tags.length).toBeGreaterThan(0);
        if (name === "a body edit") {
          expect(found.tags).toContain(queryTag(sectorPageQuery, { slug: SECTOR }));
          expect(found.tags).not.toContain(queryTag(sectorsDirectoryQuery, {}));
        }
        if (name === "a name change") expect(found.tags).toContain(queryTag(sectorsDirectoryQuery, {}));
        if (name === "a settings change") expect(found.tags).toContain(queryTag(siteSettingsQuery, {}));
      }
    });

  it("what another instance remembered after this one started is read when a change is handled", async () => {
    const dir = tempDir();
    // B started first and rendered nothing; A (same DATA_DIR) rendered every page afterwards.
    const onB = dataset(seed);
    const b = runnerOn(onB, memoryIn(dir, "instance-2"));
    const onA = dataset(seed);
    const memoryOfA = memoryIn(dir, "instance-1");
    await renderSite(runnerOn(onA, memoryOfA));
    await memoryOfA.flush();
    const change = onB.edit(EDITS["a body edit"]!());
    const found = await b.refresh(change.affected, change.before);
    expect(found.all).toBe(false);
    if (!found.all) expect(found.tags).toContain(queryTag(sectorPageQuery, { slug: SECTOR }));
  });

  it("a memory that cannot be read (the database down) makes a change purge everything, never nothing", async () => {
    const unreadable = { load: async () => null, set: () => undefined, flush: async () => undefined };
    const source = dataset(seed);
    const cache = runnerOn(source, unreadable);
    await renderSite(cache);
    const change = source.edit(EDITS["a body edit"]!());
    expect(await cache.refresh(change.affected, change.before)).toEqual({ all: true });
    useDerivedMemory(unreadable);
    expect(await changedDerivedTags(new Set(["q:any"]))).toBeNull();
  });

  // Twice the memory's bound, lowered to 1,000 here: the same proof as 20,000 against the shipped bound (which
  // the proxy test sends through Varnish, tests/proxy/varnish-lifecycle.test.ts), at a tenth of the work.
  it("unknown slugs, twice the memory's bound, are not remembered: the memory stays the site's size and the next edit names only its results", async () => {
    const dir = tempDir();
    const source = dataset(seed);
    const bound = 1_000;
    const memory = durableMemory<StoredQuery>(dir, "queries-local", { max: bound, owner: "instance-1" });
    const cache = createCachedRunner(source.run, {
      absentTags,
      durable: memory,
      readsCodec: readSetCodec,
      maxKnownQueries: bound,
    });
    await renderSite(cache);
    for (let i = 0; i < 2 * bound; i++) await cache.fetch(sectorPageQuery, { slug: `junk-${i}` }, "published");
    await memory.flush();
    // The durable memory: one line per query text, one per result that showed something.
    expect((await memoryIn(dir).load())!.size).toBeLessThanOrEqual(slugs.length + 3 + 4);

    const change = source.edit(EDITS["a body edit"]!());
    const found = await cache.refresh(change.affected, change.before);
    expect(found.all).toBe(false);
    if (!found.all) {
      expect(found.tags).toContain(queryTag(sectorPageQuery, { slug: SECTOR }));
      for (const other of slugs.slice(1)) expect(found.tags).not.toContain(queryTag(sectorPageQuery, { slug: other }));
      expect(found.tags).not.toContain(queryTag(sectorsDirectoryQuery, {}));
    }
  });

  it("an unknown slug's empty result carries tags derived from what it read, which a page with that slug names", async () => {
    const source = dataset(seed);
    const tags = new Set<string>();
    await collectContentTags(tags, () =>
      runnerOn(source, null).fetch(sectorPageQuery, { slug: "sector-nuevo" }, "published"),
    );
    expect([...tags].every((tag) => tag.startsWith("r:"))).toBe(true);
    const change = source.edit(EDITS["a new page"]!());
    expect(change.tags.some((tag) => tags.has(tag))).toBe(true);
    // Another unknown slug is not named by it.
    const other = new Set<string>();
    await collectContentTags(other, () => runnerOn(source, null).fetch(sectorPageQuery, { slug: "otro" }, "published"));
    expect(change.tags.some((tag) => other.has(tag))).toBe(false);
  });
});

describe("derived values that survive the process", () => {
  it("a process that never computed a value still names it when the list it came from changed, and only then", async () => {
    const dir = tempDir();
    let names: Record<string, string> = { a: "Alfa", b: "Beta", c: "Gamma" };
    const readTag = "q:directory";
    const links = defineDerivedContent("test-links", async (key: string) => {
      // What a page computes from a whole list (here the names of the others), having read the list.
      recordContentTags([readTag]);
      return Object.entries(names)
        .filter(([slug]) => slug !== key)
        .map(([, name]) => name);
    });
    const derivedMemory = () => durableMemory<never>(dir, "derived", { max: 100, owner: "instance-1" });
    const memory = derivedMemory();
    useDerivedMemory(memory);
    const pageTags: Record<string, Set<string>> = {};
    for (const key of Object.keys(names)) {
      pageTags[key] = new Set();
      await collectContentTags(pageTags[key]!, () => links(key));
    }
    await memory.flush();
    // The restart: this process forgets what it computed; the durable memory stays.
    forgetDerivedContent();
    useDerivedMemory(derivedMemory());
    names = { ...names, c: "Gamma renombrado" };
    const changed = await changedDerivedTags(new Set([readTag]));
    const tagOf = (key: string) => [...pageTags[key]!].find((tag) => tag.startsWith("d:"))!;
    // a and b show c's name; c's own links did not change.
    expect(changed).toEqual(expect.arrayContaining([tagOf("a"), tagOf("b")]));
    expect(changed).not.toContain(tagOf("c"));
    // A change the values did not read names none of them.
    expect(await changedDerivedTags(new Set(["q:other"]))).toEqual([]);
  });
});
