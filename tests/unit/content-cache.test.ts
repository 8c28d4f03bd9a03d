// The one content result cache: bounded, drafts kept apart from published answers, a published answer
// refreshed after its maximum age (served stale once while the fresh one loads), failures not cached.
import { describe, expect, it, vi } from "vitest";

import { createCachedRunner, PUBLISHED_TTL_MS } from "~/content/cache.server";
import type { Perspective, QueryParams } from "~/content/content-source.server";

function countingRunner(
  answer: (query: string, perspective: Perspective) => unknown = (q, p) => `${p}:${q}`,
  publishedTtlMs = PUBLISHED_TTL_MS,
) {
  const calls: string[] = [];
  const run = async (query: string, _params: QueryParams, perspective: Perspective) => {
    calls.push(`${perspective}:${query}`);
    return answer(query, perspective);
  };
  return { calls, cache: createCachedRunner(run, { publishedTtlMs }) };
}

describe("content cache", () => {
  it("answers a repeated query from memory and keeps drafts apart from published answers", async () => {
    const { calls, cache } = countingRunner();
    expect(await cache.fetch("q", {}, "published")).toBe("published:q");
    expect(await cache.fetch("q", {}, "drafts")).toBe("drafts:q");
    expect(await cache.fetch("q", {}, "published")).toBe("published:q");
    expect(await cache.fetch("q", {}, "drafts")).toBe("drafts:q");
    expect(calls).toEqual(["published:q", "drafts:q"]);
  });

  it("caches null answers and keys by parameters", async () => {
    const { calls, cache } = countingRunner(() => null);
    await cache.fetch("q", { slug: "a" }, "published");
    await cache.fetch("q", { slug: "a" }, "published");
    await cache.fetch("q", { slug: "b" }, "published");
    expect(calls).toHaveLength(2);
  });

  it("drops everything on clear()", async () => {
    const { calls, cache } = countingRunner();
    await cache.fetch("q", {}, "published");
    await cache.fetch("q", {}, "drafts");
    cache.clear();
    await cache.fetch("q", {}, "published");
    await cache.fetch("q", {}, "drafts");
    expect(calls).toHaveLength(4);
  });

  it("stays bounded: thousands of distinct queries do not grow it past its limit", async () => {
    const { calls, cache } = countingRunner();
    for (let i = 0; i < 2000; i++) await cache.fetch("q", { slug: `junk-${i}` }, "published");
    calls.length = 0;
    await cache.fetch("q", { slug: "junk-0" }, "published");
    expect(calls).toHaveLength(1);
  });

  it("refreshes a published answer after its maximum age, serving the old one while the new one loads", async () => {
    let version = 1;
    const { calls, cache } = countingRunner(() => version, 30);
    expect(await cache.fetch("q", {}, "published")).toBe(1);
    version = 2;
    await new Promise((resolve) => setTimeout(resolve, 60)); // past the (shortened) maximum age
    expect(await cache.fetch("q", {}, "published")).toBe(1);
    await vi.waitFor(async () => expect(await cache.fetch("q", {}, "published")).toBe(2));
    expect(calls.length).toBeGreaterThanOrEqual(2);
  });

  it("keeps serving the last good answer when a refresh fails", async () => {
    let fail = false;
    const { cache } = countingRunner(() => {
      if (fail) throw new Error("down");
      return "good";
    }, 30);
    expect(await cache.fetch("q", {}, "published")).toBe("good");
    fail = true;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await cache.fetch("q", {}, "published")).toBe("good");
    expect(await cache.fetch("q", {}, "published")).toBe("good");
  });

  it("does not cache a failure", async () => {
    let fail = true;
    const { cache } = countingRunner(() => {
      if (fail) throw new Error("down");
      return "ok";
    });
    await expect(cache.fetch("q", {}, "published")).rejects.toThrow("down");
    fail = false;
    expect(await cache.fetch("q", {}, "published")).toBe("ok");
  });
});
