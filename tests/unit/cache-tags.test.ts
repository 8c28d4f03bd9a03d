// Cache tags: the header a page carries (bounded for real CDNs), the diff of a dataset file change, and the
// content cache naming exactly the tags whose results changed.
import { describe, expect, it } from "vitest";

import { createCachedRunner } from "~/content/cache.server";
import {
  cacheTagHeader,
  collectContentTags,
  MAX_TAG_HEADER_BYTES,
  MAX_TAGS,
  OVERFLOW_TAG,
  parseCacheTags,
  purgeTagsOf,
  queryTag,
  SITE_TAG,
} from "~/content/cache-tags.server";
import type { QueryParams } from "~/content/content-source.server";
import {
  diffDatasets,
  mayHaveChanged,
  newReadSet,
  runGroq,
  type SanityDocument,
  touchedBy,
  touchesPublished,
} from "~/content/local-source.server";

describe("the tag header", () => {
  it("starts with the site tag, then the page's tags sorted and once each", () => {
    expect(cacheTagHeader(["q:b", "q:a", "q:b", SITE_TAG])).toBe(`${SITE_TAG} q:a q:b`);
    expect(parseCacheTags(`${SITE_TAG} q:a  q:b`)).toEqual([SITE_TAG, "q:a", "q:b"]);
    expect(parseCacheTags("a,b")).toEqual(["a", "b"]);
  });

  it("falls back to the coarse overflow tag past the tag count or the header size a CDN takes", () => {
    const many = Array.from({ length: MAX_TAGS + 1 }, (_, index) => `q:${index}`);
    expect(cacheTagHeader(many)).toBe(`${SITE_TAG} ${OVERFLOW_TAG}`);
    const long = Array.from({ length: 60 }, (_, index) => `s1:${String(index).padStart(200, "x")}`);
    expect(cacheTagHeader(long)).toBe(`${SITE_TAG} ${OVERFLOW_TAG}`);
    expect(Buffer.byteLength(cacheTagHeader(many.slice(0, MAX_TAGS)))).toBeLessThanOrEqual(MAX_TAG_HEADER_BYTES);
  });

  it("leaves out tags no header can carry (spaces, control characters)", () => {
    expect(cacheTagHeader(["q:a", "bad tag", "bad\ntag"])).toBe(`${SITE_TAG} q:a`);
  });

  it("is the same for the same query and parameters on every instance, and differs otherwise", () => {
    expect(queryTag("*[_id == $id]", { id: "a" })).toBe(queryTag("*[_id == $id]", { id: "a" }));
    expect(queryTag("*[_id == $id]", { id: "a" })).not.toBe(queryTag("*[_id == $id]", { id: "b" }));
  });

  it("purges the overflow tag with every partial change, everything with SITE_TAG, nothing for no tag", () => {
    expect(purgeTagsOf({ all: false, tags: ["q:a"], reason: "" })).toEqual(["q:a", OVERFLOW_TAG]);
    expect(purgeTagsOf({ all: true, reason: "" })).toEqual([SITE_TAG]);
    expect(purgeTagsOf({ all: false, tags: [], reason: "" })).toBeNull();
  });
});

describe("the diff of a dataset file change", () => {
  const doc = (id: string, rev: string, extra: Record<string, unknown> = {}): SanityDocument => ({
    _id: id,
    _type: "sectorPage",
    _rev: rev,
    ...extra,
  });

  it("names the documents changed (by _rev, or by content when _rev stayed), added and removed", () => {
    const before = [doc("a", "1"), doc("b", "1", { text: "old" }), doc("c", "1"), doc("d", "1")];
    const after = [doc("a", "2"), doc("b", "1", { text: "new" }), doc("d", "1"), doc("e", "1")];
    expect(diffDatasets(before, after)).toEqual({ changed: ["a", "b"], added: ["e"], removed: ["c"] });
    expect(diffDatasets(before, before)).toEqual({ changed: [], added: [], removed: [] });
  });

  it("tells a change of drafts only from one of published documents", () => {
    const before = [doc("a", "1"), doc("drafts.a", "1")];
    expect(touchesPublished(diffDatasets(before, [doc("a", "1"), doc("drafts.a", "2")]))).toBe(false);
    expect(touchesPublished(diffDatasets(before, [doc("a", "2"), doc("drafts.a", "1")]))).toBe(true);
    expect(touchesPublished(diffDatasets(before, [doc("drafts.a", "1")]))).toBe(true);
  });
});

describe("the content cache's tags", () => {
  function source(initial: Record<string, unknown>) {
    const data = { ...initial };
    const calls: string[] = [];
    const run = async (query: string, params: QueryParams) => {
      calls.push(query);
      return data[`${query}${params.slug ?? ""}`] ?? null;
    };
    return { data, calls, cache: createCachedRunner(run) };
  }

  it("records into the render the tags of every published result it reads, hit or miss", async () => {
    const { cache } = source({ settings: 1, pagea: 2 });
    const first = new Set<string>();
    await collectContentTags(first, async () => {
      await cache.fetch("settings", {}, "published");
      await cache.fetch("page", { slug: "a" }, "published");
    });
    expect([...first].sort()).toEqual([queryTag("settings", {}), queryTag("page", { slug: "a" })].sort());
    const second = new Set<string>();
    await collectContentTags(second, () => cache.fetch("settings", {}, "published"));
    expect([...second]).toEqual([queryTag("settings", {})]);
  });

  it("refresh() runs the remembered queries again and names only those whose result changed", async () => {
    const { data, cache } = source({ settings: 1, pagea: "a", pageb: "b" });
    for (const slug of ["a", "b"]) await cache.fetch("page", { slug }, "published");
    await cache.fetch("settings", {}, "published");
    data.pagea = "a, edited";
    expect(await cache.refresh()).toEqual({ all: false, tags: [queryTag("page", { slug: "a" })] });
    expect(await cache.fetch("page", { slug: "a" }, "published")).toBe("a, edited");
    expect(await cache.refresh()).toEqual({ all: false, tags: [] });
  });

  it("refresh() answers everything once a remembered query was forgotten (bounded memory)", async () => {
    const data: Record<string, unknown> = { pagea: 1, pageb: 2, pagec: 3 };
    const cache = createCachedRunner(async (query, params) => data[`${query}${params.slug}`] ?? null, {
      maxKnownQueries: 2,
    });
    for (const slug of ["a", "b", "c"]) await cache.fetch("page", { slug }, "published");
    expect(await cache.refresh()).toEqual({ all: true });
    expect(await cache.refresh()).toEqual({ all: false, tags: [] });
  });

  it("invalidateTags() drops the answers holding a tag and keeps the others", async () => {
    const { calls, cache } = source({ pagea: 1, pageb: 2 });
    for (const slug of ["a", "b"]) await cache.fetch("page", { slug }, "published");
    cache.invalidateTags([queryTag("page", { slug: "a" })]);
    calls.length = 0;
    for (const slug of ["a", "b"]) await cache.fetch("page", { slug }, "published");
    expect(calls).toEqual(["page"]);
  });
});

describe("what a query read (embedded dataset)", () => {
  const dataset: SanityDocument[] = [
    { _id: "a", _type: "sectorPage", slug: { current: "a" }, related: [{ _ref: "b" }] },
    { _id: "b", _type: "sectorPage", slug: { current: "b" }, name: "B" },
    { _id: "settings", _type: "siteSettings" },
  ];

  it("notes the slugs, types and ids its filters and references read, or everything", async () => {
    const bySlug = newReadSet();
    await runGroq(
      dataset,
      `*[_type == "sectorPage" && slug.current == $slug][0]{ "related": related[]->name }`,
      { slug: "a" },
      bySlug,
    );
    expect([...bySlug.slugs]).toEqual(["a"]);
    expect([...bySlug.ids]).toEqual(["b"]);
    expect(bySlug.everything).toBe(false);

    const scan = newReadSet();
    await runGroq(dataset, `*[defined(name)]{name}`, {}, scan);
    expect(scan.everything).toBe(true);
  });

  it("tells which remembered queries a change can have touched", () => {
    const before = dataset;
    const after = dataset.map((document) => (document._id === "b" ? { ...document, name: "B2" } : document));
    const touched = touchedBy(diffDatasets(before, after), before, after);
    const reads = (patch: Partial<ReturnType<typeof newReadSet>>) => ({ ...newReadSet(), ...patch });
    expect(mayHaveChanged(reads({ ids: new Set(["b"]) }), touched)).toBe(true);
    expect(mayHaveChanged(reads({ slugs: new Set(["b"]) }), touched)).toBe(true);
    expect(mayHaveChanged(reads({ types: new Set(["sectorPage"]) }), touched)).toBe(true);
    expect(mayHaveChanged(reads({ everything: true }), touched)).toBe(true);
    expect(mayHaveChanged(reads({ slugs: new Set(["a"]), ids: new Set(["settings"]) }), touched)).toBe(false);
  });
});
