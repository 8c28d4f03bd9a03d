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
import { type QueryParams, SourceAnswer } from "~/content/content-source.server";
import {
  changedDerivedTags,
  defineDerivedContent,
  forgetDerivedContent,
  useDerivedMemory,
} from "~/content/derived.server";
import { durableMemory } from "~/content/durable-memory.server";
import {
  absentTags,
  datasetFor,
  diffDatasets,
  mayHaveChanged,
  newReadSet,
  parseNdjsonRaw,
  type ReadSet,
  readSetCodec,
  runGroq,
  type SanityDocument,
  touchedBy,
  touchedTags,
} from "~/content/local-source.server";
import { sectorPageQuery, sectorsDirectoryQuery, sectorSlugsQuery, siteSettingsQuery } from "~/content/queries";

import { newSectorPage, SEED_FILE } from "../support/dataset";

const seed = parseNdjsonRaw(fs.readFileSync(SEED_FILE, "utf8"));
const slugs = seed
  .filter((document) => document._type === "sectorPage" && !document._id.startsWith("drafts."))
  .map((document) => (document.slug as { current: string }).current);
const SECTOR = slugs[0]!;

/** The embedded source's runner over a dataset that a test replaces (as a file edit would). */
function dataset(initial: SanityDocument[]) {
  let raw = initial;
  let published = datasetFor(raw, "published");
  return {
    run: async (query: string, params: QueryParams) => {
      const reads = newReadSet();
      return new SourceAnswer(await runGroq(published, query, params, reads), null, reads);
    },
    /** Replaces the content; answers the runner of the content before, what changed, and its tags. */
    edit(next: SanityDocument[]) {
      const before = raw;
      const beforePublished = published;
      raw = next;
      published = datasetFor(raw, "published");
      const touched = touchedBy(diffDatasets(before, next), before, next);
      return {
        before: async (query: string, params: QueryParams) => runGroq(beforePublished, query, params),
        affected: (reads: unknown) => mayHaveChanged(reads as ReadSet, touched),
        tags: touchedTags(touched),
      };
    },
  };
}

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

/** What the site's pages run: every sector page, the directory, the sitemap's list, the settings. */
async function renderSite(cache: ReturnType<typeof runnerOn>) {
  for (const slug of slugs) await cache.fetch(sectorPageQuery, { slug }, "published");
  for (const query of [sectorsDirectoryQuery, sectorSlugsQuery, siteSettingsQuery])
    await cache.fetch(query, {}, "published");
}

const edited = (id: string, change: (document: SanityDocument) => SanityDocument) =>
  seed.map((document) =>
    document._id === id ? { ...change(document), _rev: "edited", _updatedAt: "2030-01-01T00:00:00Z" } : document,
  );

const EDITS: Record<string, () => SanityDocument[]> = {
  "a body edit": () =>
    edited(`sectorPage.${SECTOR}`, (page) => ({ ...page, explanation: { title: "Texto corregido" } })),
  "a name change": () => edited(`sectorPage.${SECTOR}`, (page) => ({ ...page, sectorName: "Nombre nuevo" })),
  "a new page": () => [
    ...seed,
    {
      ...newSectorPage(
        seed.find((document) => document._id === `sectorPage.${SECTOR}`)!,
        "sector-nuevo",
        "Sector Nuevo",
      ),
      _type: "sectorPage",
    },
  ],
  "a settings change": () => edited("siteSettings", (settings) => ({ ...settings, siteName: "Otro nombre" })),
};

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

  it("20,000 unknown slugs are not remembered: the memory stays the site's size and the next edit names only its results", async () => {
    const dir = tempDir();
    const source = dataset(seed);
    const memory = memoryIn(dir);
    const cache = runnerOn(source, memory);
    await renderSite(cache);
    for (let i = 0; i < 20_000; i++) await cache.fetch(sectorPageQuery, { slug: `junk-${i}` }, "published");
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
  }, 60_000);

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
