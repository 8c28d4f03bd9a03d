// The purge client of the shared cache (SHARED_CACHE_PURGE_URL) against a local stand-in: tags as one
// PURGE with an xkey-purge header, retried with backoff on a failure, a refusal logged and counted and
// never retried, bounded waiting tags, and the metric.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

import { afterEach, describe, expect, it, vi } from "vitest";

import { OVERFLOW_TAG, SITE_TAG } from "~/content/cache-tags.server";
import { fileBacklog } from "~/content/purge-backlog.server";
import { renderMetrics } from "~/metrics/metrics.server";

import { SharedCachePurger, sharedCachePurger, tagBatches } from "../../server/shared-cache-purge";

interface Received {
  method: string;
  tags: string[];
}

async function standIn(answers: number[]) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    received.push({ method: req.method ?? "", tags: String(req.headers["xkey-purge"] ?? "").split(" ") });
    res.writeHead(answers.shift() ?? 200).end("answer");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { received, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
  vi.restoreAllMocks();
});

/** A port nobody listens on yet: the cache is down. */
async function downPort(): Promise<number> {
  const reserved = http.createServer();
  await new Promise<void>((resolve) => reserved.listen(0, "127.0.0.1", resolve));
  const port = (reserved.address() as AddressInfo).port;
  await new Promise<void>((resolve) => reserved.close(() => resolve()));
  return port;
}

/** The cache answering again on `port`: the tags of each purge it takes. */
async function cacheBackOn(port: number): Promise<string[][]> {
  const received: string[][] = [];
  const back = http.createServer((req, res) => {
    received.push(String(req.headers["xkey-purge"] ?? "").split(" "));
    res.writeHead(200).end("ok");
  });
  await new Promise<void>((resolve) => back.listen(port, "127.0.0.1", resolve));
  servers.push(back);
  return received;
}

function purger(url: string, counts: string[], extra = {}) {
  return new SharedCachePurger({
    url,
    baseDelayMs: 5,
    repeatAfterMs: 0,
    count: (result) => counts.push(result),
    ...extra,
  });
}

describe("shared cache purges", () => {
  it("sends the tags (and the overflow tag) as one PURGE with an xkey-purge header", async () => {
    const site = await standIn([200]);
    servers.push(site.server);
    const counts: string[] = [];
    const client = purger(site.url, counts);
    client.purge(["q:a", "q:b"]);
    await client.idle();
    expect(site.received).toEqual([{ method: "PURGE", tags: ["q:a", "q:b", OVERFLOW_TAG] }]);
    expect(counts).toEqual(["purged"]);
  });

  it("retries with backoff after a 5xx or a refused connection, until it gets through", async () => {
    const site = await standIn([503, 500, 200]);
    servers.push(site.server);
    const counts: string[] = [];
    const client = purger(site.url, counts);
    client.purge(["q:a"]);
    await client.idle();
    expect(site.received).toHaveLength(3);
    expect(counts).toEqual(["retried", "retried", "purged"]);
  });

  it("never gives up: a purge that fails past its attempts is counted once as failed and delivered when the cache is back", async () => {
    const port = await downPort();
    const counts: string[] = [];
    let backlog: () => number = () => 0;
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const client = purger(`http://127.0.0.1:${port}/`, counts, {
      attempts: 3,
      maxDelayMs: 20,
      watchBacklog: (source: () => number) => (backlog = source),
    });
    client.purge(["q:a"]);
    await vi.waitFor(() => expect(counts.filter((result) => result === "retried").length).toBeGreaterThan(3));
    expect(counts.filter((result) => result === "failed")).toEqual(["failed"]);
    expect(backlog()).toBeGreaterThan(0);
    // The cache answers again on the same address: the purge gets through, nothing is waiting.
    const received = await cacheBackOn(port);
    await client.idle();
    expect(received).toEqual([["q:a", OVERFLOW_TAG]]);
    expect(counts.at(-1)).toBe("purged");
    expect(backlog()).toBe(0);
    client.close();
  });

  it("keeps what is undelivered at shutdown for the next start, which sends it (a restart while the cache is away)", async () => {
    const port = await downPort();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "purges-")), "shared-cache", "undelivered.txt");
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const counts: string[] = [];
    const stopping = purger(`http://127.0.0.1:${port}/`, counts, { maxDelayMs: 20, backlog: fileBacklog(file) });
    stopping.purge(["q:a", "b:old"]);
    await vi.waitFor(() => expect(counts).toContain("retried"));
    stopping.purge(["d:links"]);
    await stopping.close();
    expect(await fileBacklog(file).read()).toEqual(expect.arrayContaining(["b:old", "d:links", "q:a", OVERFLOW_TAG]));
    // The next start, the cache back on the same address: sent at once, and the file is gone.
    const received = await cacheBackOn(port);
    const started = purger(`http://127.0.0.1:${port}/`, [], { backlog: fileBacklog(file) });
    await vi.waitFor(() => expect(received.flat()).toEqual(expect.arrayContaining(["b:old", "d:links", "q:a"])));
    await vi.waitFor(async () => {
      await started.idle();
      expect(fs.existsSync(file)).toBe(false);
    });
    // Nothing undelivered at its own shutdown: nothing kept.
    await started.close();
    expect(fs.existsSync(file)).toBe(false);
  });

  it("keeps a purge the moment it fails, with what is queued behind it: killed during the outage (no close), the next start sends it", async () => {
    // The killed process's cache never answers again (it is gone with it); its restart reaches the cache.
    const gone = await downPort();
    const port = await downPort();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "purges-")), "shared-cache", "undelivered.txt");
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const counts: string[] = [];
    const killed = purger(`http://127.0.0.1:${gone}/`, counts, { maxDelayMs: 20, backlog: fileBacklog(file) });
    killed.purge(["q:a"]);
    await vi.waitFor(() => expect(counts).toContain("retried"));
    killed.purge(["d:links"]);
    await vi.waitFor(async () =>
      expect(await fileBacklog(file).read()).toEqual(expect.arrayContaining(["q:a", "d:links"])),
    );
    const received = await cacheBackOn(port);
    // The restart: nothing of the change reaches it but what was kept.
    const restarted = purger(`http://127.0.0.1:${port}/`, [], { backlog: fileBacklog(file) });
    await vi.waitFor(() => expect(received.flat()).toEqual(expect.arrayContaining(["q:a", "d:links"])));
    await restarted.close();
    await killed.close();
  });

  it("logs and counts a refused purge (4xx) and does not retry it", async () => {
    const site = await standIn([403]);
    servers.push(site.server);
    const counts: string[] = [];
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const client = purger(site.url, counts);
    client.purge(["q:a"]);
    await client.idle();
    expect(site.received).toHaveLength(1);
    expect(counts).toEqual(["refused"]);
    expect(errors.mock.calls.flat().join("\n")).toMatch(/shared cache refused a purge.*403/);
  });

  it("merges the tags waiting while a purge is under way, and purges everything past the bound", async () => {
    const site = await standIn([]);
    servers.push(site.server);
    const counts: string[] = [];
    const client = purger(site.url, counts, { maxPendingTags: 3 });
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    client.purge(["q:1"]);
    client.purge(["q:2"]);
    client.purge(["q:3"]);
    await client.idle();
    expect(site.received.map((request) => request.tags)).toEqual([
      ["q:1", OVERFLOW_TAG],
      ["q:2", "q:3", OVERFLOW_TAG],
    ]);
    site.received.length = 0;
    client.purge(["q:a", "q:b", "q:c", "q:d"]);
    await client.idle();
    expect(site.received.map((request) => request.tags)).toEqual([[SITE_TAG]]);
    expect(counts).toContain("dropped");
  });

  it("sends the same tags again a moment later (a page rendered from the old content while the first one travelled)", async () => {
    const site = await standIn([]);
    servers.push(site.server);
    const client = purger(site.url, [], { repeatAfterMs: 20 });
    client.purge(["q:a"]);
    await vi.waitFor(() => expect(site.received).toHaveLength(2));
    client.close();
  });

  it("splits a long list into headers of at most 8 KB", () => {
    const tags = Array.from({ length: 1000 }, (_, index) => `s1:${String(index).padStart(20, "0")}`);
    const batches = tagBatches(tags);
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.flat()).toEqual(tags);
    for (const batch of batches) expect(Buffer.byteLength(batch.join(" "))).toBeLessThanOrEqual(8 * 1024);
  });

  it("exists only with an http(s) SHARED_CACHE_PURGE_URL, and counts into shared_cache_purges_total", async () => {
    expect(sharedCachePurger({})).toBeNull();
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(sharedCachePurger({ SHARED_CACHE_PURGE_URL: "ftp://cache" })).toBeNull();
    const site = await standIn([403]);
    servers.push(site.server);
    const client = sharedCachePurger({ SHARED_CACHE_PURGE_URL: site.url })!;
    client.close();
    const before = (await renderMetrics()).body;
    expect(before).toMatch(/shared_cache_purges_total\{result="refused"\} \d+/);
    const count = (body: string) => Number(/shared_cache_purges_total\{result="refused"\} (\d+)/.exec(body)![1]);
    const live = new SharedCachePurger({ url: site.url, repeatAfterMs: 0 });
    live.purge(["q:a"]);
    await live.idle();
    expect(count((await renderMetrics()).body)).toBe(count(before) + 1);
  });
});
