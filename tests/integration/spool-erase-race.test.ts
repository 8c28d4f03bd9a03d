// An erasure that lands while a delivery's result is being written: the write is paused between its
// "is the record still pending?" check and its rename, the erasure runs, then the write goes on. Nothing
// of the erased submission may be left, whether the erasure came from the same process or from another
// one sharing DATA_DIR (npm run leads -- erase), and the same for a retention run and a re-queue.
import { promises as fsPromises } from "node:fs";
import path from "node:path";

import { deliverySettings, retentionSettings } from "~/leads/config.server";
import { importSpool } from "~/leads/postgres/sweep.server";
import { Spool } from "~/leads/spool.server";
import { eraseFromSpool, purgeSpool } from "~/leads/spool-retention.server";
import { SpoolLeadStore } from "~/leads/spool-store.server";

import { createDestinations, dataDirText, freshLeadEnvironment, readSpoolRecord } from "../support/leads";

const EMAIL = "ana@example.com";
const payload = { nombre: "Ana", email: EMAIL, tipo: "Contacto Plan Mensual" };

/**
 * Holds the creation of the next temporary file for `target` (the write has passed its "still pending?"
 * check) until `release` is called; `reached` resolves once the write has got that far. That is the
 * window an erasure can fall into: the pending file is gone, the temporary file is not there yet.
 */
function pauseWriteOf(target: string) {
  const original = fsPromises.open.bind(fsPromises);
  const prefix = `.${path.basename(target)}.`;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let reached!: () => void;
  const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
  let paused = false;
  const spy = vi.spyOn(fsPromises, "open").mockImplementation((async (file: string, ...rest: unknown[]) => {
    if (
      !paused &&
      path.dirname(String(file)) === path.dirname(target) &&
      path.basename(String(file)).startsWith(prefix)
    ) {
      paused = true;
      reached();
      await released;
    }
    return (original as (...args: unknown[]) => Promise<unknown>)(file, ...rest);
  }) as typeof fsPromises.open);
  return { reached: reachedPromise, release, restore: () => spy.mockRestore() };
}

/** Once the next new record is written to the pending folder, holds the next write of that record. */
function pauseSecondWriteIn(pendingDir: string) {
  const original = fsPromises.rename.bind(fsPromises);
  const handle: { pause: ReturnType<typeof pauseWriteOf> | null } = { pause: null };
  const spy = vi.spyOn(fsPromises, "rename").mockImplementation(async (from, to) => {
    const result = await original(from, to);
    if (!handle.pause && path.dirname(String(to)) === pendingDir) {
      spy.mockRestore();
      handle.pause = pauseWriteOf(String(to));
    }
    return result;
  });
  return handle;
}

describe("an erasure racing a delivery's result on the spool", () => {
  const destinations = createDestinations();
  beforeAll(() => destinations.server.listen({ onUnhandledRequest: "error" }));
  afterAll(() => destinations.server.close());
  afterEach(() => vi.restoreAllMocks());

  /** How the record is removed while its result write is held; resolves the ids it removed. */
  const removals: [string, (server: SpoolLeadStore, spool: Spool) => Promise<string[]>][] = [
    ["an erasure in the same process", async (server) => (await server.erase(EMAIL)).ids],
    [
      "an erasure from another process of the same DATA_DIR",
      async () => (await new SpoolLeadStore(deliverySettings()).erase(EMAIL)).ids,
    ],
    [
      "a retention run",
      async (_server, spool) => {
        // Two days on, the record is past LEAD_MAX_AGE_DAYS; no attempt window keeps it.
        const later = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
        const removed = await purgeSpool(spool, retentionSettings(), later, { attemptWindowMs: 0 });
        return removed.map((entry) => entry.id);
      },
    ],
  ];

  for (const [removal, remove] of removals) {
    it(`${removal}: the paused write does not bring the removed submission back`, async () => {
      const dataDir = await freshLeadEnvironment({
        DELIVERY_RETRY_BASE_MS: "60000",
        DELIVERY_MAX_ATTEMPTS: "20",
        LEAD_MAX_AGE_DAYS: "1",
      });
      destinations.reset();
      destinations.answerAll("500");
      const server = new SpoolLeadStore(deliverySettings());
      const spool = new Spool(dataDir);
      try {
        await server.start();
        // The record's id is known only once stored: hold the first result write of any pending record.
        const held = pauseSecondWriteIn(spool.directory("pending"));
        const record = await server.store("plan-mensual", payload);
        expect(held.pause).not.toBeNull();
        // The first attempt fails (500): its result is the write held after its check.
        await held.pause!.reached;
        expect(await remove(server, spool)).toEqual([record.id]);
        held.pause!.release();
        await server.idle();
        expect(await server.findByEmail(EMAIL)).toEqual([]);
        expect(await new SpoolLeadStore(deliverySettings()).findByEmail(EMAIL)).toEqual([]);
        const text = dataDirText(dataDir);
        expect(text).not.toContain(EMAIL);
        expect(text).not.toContain(record.id);
        // And it is never sent again.
        destinations.answerAll("ok");
        server.kick();
        await server.idle();
        expect(destinations.deliveries).toEqual([]);
      } finally {
        await server.stop();
      }
    });
  }

  it("a re-queue that writes a failed record back while it is erased leaves nothing", async () => {
    const dataDir = await freshLeadEnvironment({ DELIVERY_RETRY_BASE_MS: "20", DELIVERY_MAX_ATTEMPTS: "1" });
    destinations.reset();
    destinations.answerAll("500");
    const server = new SpoolLeadStore(deliverySettings());
    try {
      await server.start();
      const record = await server.store("plan-mensual", payload);
      await vi.waitFor(() => expect(readSpoolRecord(dataDir, "failed", record.id).id).toBe(record.id), {
        timeout: 10_000,
        interval: 5,
      });
      await server.stop();
      const cli = new SpoolLeadStore(deliverySettings());
      const pause = pauseWriteOf(path.join(new Spool(dataDir).directory("pending"), `${record.id}.json`));
      const requeued = cli.requeueFailed([record.id]);
      await pause.reached;
      expect((await new SpoolLeadStore(deliverySettings()).erase(EMAIL)).ids).toEqual([record.id]);
      pause.release();
      await requeued;
      await cli.stop();
      expect(dataDirText(dataDir)).not.toContain(record.id);
    } finally {
      await server.stop();
    }
  });
});

describe("removal markers", () => {
  it("a removal cut short after its marker (a crash) is finished by the next start", async () => {
    const dataDir = await freshLeadEnvironment();
    const store = new SpoolLeadStore(deliverySettings());
    await store.open();
    const record = await store.store("plan-mensual", payload);
    await store.stop();
    // The marker is written, the process dies before the deletions.
    await fsPromises.mkdir(path.join(dataDir, "audit", "removed"), { recursive: true });
    await fsPromises.writeFile(path.join(dataDir, "audit", "removed", record.id), "");
    const restarted = new SpoolLeadStore(deliverySettings());
    await restarted.open();
    expect(await restarted.findByEmail(EMAIL)).toEqual([]);
    expect(dataDirText(dataDir)).not.toContain(EMAIL);
  });

  it("hold only an id, and the retention run forgets them after a day", async () => {
    const dataDir = await freshLeadEnvironment();
    const spool = new Spool(dataDir);
    await spool.init();
    await spool.discard("0b7c8a52-5a0e-4d0e-9a53-0c3f6c1b2d11");
    await spool.discard("5d0c1e9a-8f57-4a3e-b7f1-9e2a4c6d8b00");
    const markers = path.join(dataDir, "audit", "removed");
    expect((await fsPromises.readdir(markers)).sort()).toEqual([
      "0b7c8a52-5a0e-4d0e-9a53-0c3f6c1b2d11",
      "5d0c1e9a-8f57-4a3e-b7f1-9e2a4c6d8b00",
    ]);
    expect(await fsPromises.readFile(path.join(markers, "0b7c8a52-5a0e-4d0e-9a53-0c3f6c1b2d11"), "utf8")).toBe("");
    const dayAndMinuteAgo = new Date(Date.now() - 24 * 60 * 60 * 1000 - 60_000);
    await fsPromises.utimes(
      path.join(markers, "0b7c8a52-5a0e-4d0e-9a53-0c3f6c1b2d11"),
      dayAndMinuteAgo,
      dayAndMinuteAgo,
    );
    await purgeSpool(spool, retentionSettings(), new Date(), { attemptWindowMs: 0 });
    expect(await fsPromises.readdir(markers)).toEqual(["5d0c1e9a-8f57-4a3e-b7f1-9e2a4c6d8b00"]);
  });
});

describe("a spooled submission moved into the database while it is erased", () => {
  it("the copy that reached the database is removed again", async () => {
    const dataDir = await freshLeadEnvironment();
    const spool = new Spool(dataDir);
    await spool.init();
    const store = new SpoolLeadStore(deliverySettings());
    await store.open();
    const record = await store.store("plan-mensual", payload);
    await store.stop();
    // The database as importSpool sees it: the insert commits after an erasure read the database.
    const database = new Set<string>();
    const imported = await importSpool(
      spool,
      async (copy) => {
        await eraseFromSpool(spool, EMAIL);
        database.add(copy.id);
        return true;
      },
      async (id) => {
        database.delete(id);
      },
    );
    expect(imported).toBe(0);
    expect([...database]).toEqual([]);
    expect(dataDirText(dataDir)).not.toContain(record.id);
  });
});
