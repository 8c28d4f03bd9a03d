// The shared cache's memory of tagged results in PostgreSQL (DATABASE_URL; app/content/durable-memory.server.ts,
// docs/decisions/0017-tags-that-survive-the-process.md) against a real server (tests/postgres-setup.ts): two
// instances' memories on one database see each other's writes when a change is handled, also what the other
// wrote after this one started; a brand-new instance names what the one that rendered every page names; the
// newest write of a key wins; the table keeps the newest `max` entries; a database that cannot be reached
// never throws, and a change then purges everything.
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";

import { inject } from "vitest";

import { createCachedRunner, type StoredQuery } from "~/content/cache.server";
import { queryTag } from "~/content/cache-tags.server";
import { type DurableMemory, postgresMemory } from "~/content/durable-memory.server";
import { absentTags, readSetCodec } from "~/content/local-source.server";
import { fileBacklog, postgresBacklog } from "~/content/purge-backlog.server";
import { sectorPageQuery, sectorsDirectoryQuery } from "~/content/queries";
import { type Database, openDatabase, TABLES } from "~/leads/database.server";

import { SharedCachePurger } from "../../server/shared-cache-purge";
import { createDatabase } from "../support/postgres";
import { dataset, EDITS, renderSite, SECTOR, seed } from "../support/tag-memory";

const postgresUrl = inject("postgresUrl");

/** A port nobody listens on. */
const downPort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const address = server.address() as net.AddressInfo;
      server.close(() => resolve(address.port));
    });
  });

describe.skipIf(!postgresUrl)("the shared cache's tag memory in PostgreSQL", () => {
  const pools: Database[] = [];
  /** A pool of its own, as each instance (process) opens one. */
  const instancePool = (url: string) => {
    const database = openDatabase(url);
    pools.push(database);
    return database;
  };
  afterAll(async () => {
    await written();
    await Promise.all(pools.map((database) => database.close()));
  });

  const memories: DurableMemory<StoredQuery>[] = [];
  const runnerOn = (source: ReturnType<typeof dataset>, database: Database) => {
    const memory = postgresMemory<StoredQuery>(database, "queries-local", { max: 20_000 });
    memories.push(memory);
    return createCachedRunner(source.run, { absentTags, durable: memory, readsCodec: readSetCodec });
  };
  /** Every write made so far has reached the database (a page rendered a moment before a change). */
  const written = () => Promise.all(memories.map((memory) => memory.flush()));

  for (const name of ["a body edit", "a name change"] as const)
    it(`${name}: an instance started before the other rendered anything names, at the change, what the other names`, async () => {
      const url = await createDatabase(postgresUrl!);
      // Both started; only A renders pages (Varnish sent every request there), after B started.
      const onA = dataset(seed);
      const onB = dataset(seed);
      const a = runnerOn(onA, instancePool(url));
      const b = runnerOn(onB, instancePool(url));
      await renderSite(a);
      await written();

      const changeOnA = onA.edit(EDITS[name]!());
      const changeOnB = onB.edit(EDITS[name]!());
      const [expected, found] = await Promise.all([
        a.refresh(changeOnA.affected, changeOnA.before),
        b.refresh(changeOnB.affected, changeOnB.before),
      ]);
      expect(expected.all).toBe(false);
      expect(found).toEqual(expected);
      if (!found.all) {
        expect(found.tags).toContain(queryTag(sectorPageQuery, { slug: SECTOR }));
        if (name === "a body edit") expect(found.tags).not.toContain(queryTag(sectorsDirectoryQuery, {}));
        else expect(found.tags).toContain(queryTag(sectorsDirectoryQuery, {}));
      }
    });

  it("a brand-new instance (nothing rendered, nothing on its disk) names what one that rendered every page names", async () => {
    const url = await createDatabase(postgresUrl!);
    // A rendered every page, then was replaced before the change (it never handles it).
    await renderSite(runnerOn(dataset(seed), instancePool(url)));
    await written();
    const replacement = dataset(seed);
    const c = runnerOn(replacement, instancePool(url));
    // What an instance that rendered every page itself names (its memory in the process only).
    const reference = dataset(seed);
    const kept = createCachedRunner(reference.run, { absentTags, readsCodec: readSetCodec });
    await renderSite(kept);

    const change = replacement.edit(EDITS["a body edit"]!());
    const referenceChange = reference.edit(EDITS["a body edit"]!());
    const expected = await kept.refresh(referenceChange.affected, referenceChange.before);
    const found = await c.refresh(change.affected, change.before);
    expect(expected.all).toBe(false);
    expect(found).toEqual(expected);
  });

  it("keeps the newest write of a key, whoever wrote last, and only the newest entries past its bound", async () => {
    const url = await createDatabase(postgresUrl!);
    const newer = postgresMemory<string>(instancePool(url), "test", { max: 10, now: () => 2_000 });
    const older = postgresMemory<string>(instancePool(url), "test", { max: 10, now: () => 1_000 });
    newer.set("key", "newer");
    await newer.flush();
    older.set("key", "older");
    await older.flush();
    expect((await older.load())?.get("key")).toBe("newer");

    let clock = 10_000;
    const writer = instancePool(url);
    const bounded = postgresMemory<number>(writer, "bounded", { max: 10, now: () => clock++ });
    for (let index = 0; index < 150; index++) bounded.set(`k${index}`, index);
    await bounded.flush();
    const loaded = await bounded.load();
    expect([...loaded!.keys()]).toEqual(Array.from({ length: 10 }, (_, index) => `k${140 + index}`));
    const { rows } = await writer.pool.query<{ count: string }>(
      `SELECT count(*) FROM ${TABLES.sharedCacheMemory} WHERE namespace = 'bounded'`,
    );
    expect(Number(rows[0]!.count)).toBe(10);
    // A forgotten key is not loaded.
    bounded.set("k149", null);
    expect((await bounded.load())?.has("k149")).toBe(false);
  });

  it("a database that cannot be reached never throws: loads answer null and a change purges everything", async () => {
    const port = await downPort();
    const database = instancePool(`postgres://nobody@127.0.0.1:${port}/nothing`);
    const memory = postgresMemory<StoredQuery>(database, "queries-local", { max: 100 });
    const source = dataset(seed);
    const cache = createCachedRunner(source.run, { absentTags, durable: memory, readsCodec: readSetCodec });
    await renderSite(cache);
    await expect(memory.flush()).resolves.toBeUndefined();
    await expect(memory.load()).resolves.toBeNull();
    const change = source.edit(EDITS["a body edit"]!());
    expect(await cache.refresh(change.affected, change.before)).toEqual({ all: true });
  });

  describe("undelivered purges", () => {
    const tempFile = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), "purges-")), "undelivered.txt");
    const quiet = () => {
      vi.spyOn(console, "error").mockImplementation(() => undefined);
      vi.spyOn(console, "log").mockImplementation(() => undefined);
    };
    afterEach(() => vi.restoreAllMocks());

    it("a purge that failed on an instance then killed is delivered by another instance (its own disk) once the cache answers, and leaves the database", async () => {
      quiet();
      const url = await createDatabase(postgresUrl!);
      const gone = await downPort();
      const counts: string[] = [];
      // A fails to purge (its cache is away) and is killed: its disk goes with it.
      const killed = new SharedCachePurger({
        url: `http://127.0.0.1:${gone}/`,
        baseDelayMs: 5,
        maxDelayMs: 20,
        repeatAfterMs: 0,
        count: (result) => counts.push(result),
        backlog: postgresBacklog(instancePool(url), fileBacklog(tempFile())),
      });
      killed.purge(["q:a", "d:links"]);
      const database = instancePool(url);
      const rows = async () =>
        (await database.pool.query<{ tag: string }>(`SELECT tag FROM ${TABLES.sharedCachePurgeBacklog}`)).rows
          .map((row) => row.tag)
          .sort();
      await vi.waitFor(async () => expect(await rows()).toEqual(expect.arrayContaining(["d:links", "q:a"])), {
        timeout: 10_000,
      });

      // B, which never saw the change, reaches the cache.
      const received: string[][] = [];
      const cache = http.createServer((req, res) => {
        received.push(String(req.headers["xkey-purge"] ?? "").split(" "));
        res.writeHead(200).end("ok");
      });
      await new Promise<void>((resolve) => cache.listen(0, "127.0.0.1", resolve));
      const other = new SharedCachePurger({
        url: `http://127.0.0.1:${(cache.address() as net.AddressInfo).port}/`,
        repeatAfterMs: 0,
        backlogPollMs: 100,
        count: () => undefined,
        backlog: postgresBacklog(instancePool(url), fileBacklog(tempFile())),
      });
      try {
        await vi.waitFor(() => expect(received.flat()).toEqual(expect.arrayContaining(["q:a", "d:links"])), {
          timeout: 10_000,
        });
        // Delivered: the rows go (those written within a second of the delivery after one more).
        await vi.waitFor(async () => expect(await rows()).toEqual([]), { timeout: 15_000 });
      } finally {
        await other.close();
        await killed.close();
        await new Promise((resolve) => cache.close(resolve));
      }
    });

    it("a database that cannot be reached keeps the purges in the file instead", async () => {
      quiet();
      const file = tempFile();
      const backlog = postgresBacklog(
        instancePool(`postgres://nobody@127.0.0.1:${await downPort()}/nothing`),
        fileBacklog(file),
      );
      await backlog.add(["q:a"]);
      expect(await fileBacklog(file).read()).toEqual(["q:a"]);
      expect(await backlog.read()).toEqual(["q:a"]);
    });
  });
});
