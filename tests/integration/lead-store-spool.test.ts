// The embedded lead store (the spool in DATA_DIR) keeps the behaviour every lead store keeps.
import { promises } from "node:fs";
import path from "node:path";

import { deliverySettings } from "~/leads/config.server";
import { SpoolLeadStore } from "~/leads/spool-store.server";

import { describeLeadStoreConformance } from "../support/lead-store-conformance";
import {
  createDestinations,
  dataDirErasureAudit,
  dataDirText,
  freshLeadEnvironment,
  readSpoolRecord,
} from "../support/leads";

let dataDir = "";

describeLeadStoreConformance("spool", createDestinations(), () => ({
  async fresh() {
    const settings = deliverySettings();
    dataDir = settings.dataDir;
    const store = new SpoolLeadStore(settings);
    await store.start();
    return store;
  },
  async reopen() {
    const store = new SpoolLeadStore({ ...deliverySettings(), dataDir });
    await store.start();
    return store;
  },
  storedText: async () => dataDirText(dataDir),
  erasureAudit: async () => dataDirErasureAudit(dataDir),
}));

describe("another process of the same DATA_DIR (npm run leads)", () => {
  const destinations = createDestinations();
  beforeAll(() => destinations.server.listen({ onUnhandledRequest: "error" }));
  afterAll(() => destinations.server.close());

  it("erases a submission the server keeps retrying: the server never sends it again", async () => {
    // The second attempt comes 225–375 ms after the first: well inside the 5 s between re-reads of the folder.
    const dataDir = await freshLeadEnvironment({ DELIVERY_RETRY_BASE_MS: "300", DELIVERY_MAX_ATTEMPTS: "50" });
    destinations.reset();
    destinations.answerAll("500");
    const server = new SpoolLeadStore(deliverySettings());
    await server.start();
    try {
      const payload = { nombre: "Ana", email: "ana@example.com", tipo: "Contacto Plan Mensual" };
      const record = await server.store("plan-mensual", payload);
      // The first attempt failed and its result is saved: the record waits for its retry.
      await vi.waitFor(
        () => expect(readSpoolRecord(dataDir, "pending", record.id).deliveries.automationWebhook.attempts).toBe(1),
        { timeout: 10_000, interval: 5 },
      );
      const { nextAttemptAt } = readSpoolRecord(dataDir, "pending", record.id).deliveries.automationWebhook;
      const cli = new SpoolLeadStore(deliverySettings());
      expect((await cli.erase("ana@example.com")).ids).toEqual([record.id]);
      const atErasure = destinations.attempts.length;
      destinations.answerAll("ok");
      // Once the retry is due, the worker looks at the spool and finishes what it finds: an erased record
      // it still knew of would be attempted now (a condition, whatever the host's speed).
      await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(Date.parse(nextAttemptAt)), { timeout: 30_000 });
      server.kick();
      await server.idle();
      expect(destinations.attempts.length).toBe(atErasure);
      expect(destinations.deliveries).toEqual([]);
      await server.idle();
      expect(dataDirText(dataDir)).not.toContain(record.id);
    } finally {
      await server.stop();
    }
  });
});

describe("a re-queue while the last attempt's result is being saved", () => {
  const destinations = createDestinations();
  beforeAll(() => destinations.server.listen({ onUnhandledRequest: "error" }));
  afterAll(() => destinations.server.close());

  it("keeps the re-queued lead: the save of the failure does not remove its new pending copy", async () => {
    await freshLeadEnvironment({ DELIVERY_MAX_ATTEMPTS: "1" });
    destinations.reset();
    destinations.answerAll("500");
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    // The save of the failed attempt is held right after the record appears in failed/ (its last rename,
    // app/leads/spool.server.ts; earlier versions removed the pending copy after that), until the re-queue
    // moves the failed file: the order in which a re-queue landing in that window runs. A store that lets
    // the re-queue wait for the attempt never gets there; the hold then ends a moment later (a slow host
    // can only make this pass wrongly).
    const original = promises.rename.bind(promises);
    let releaseSave!: () => void;
    const saveHeld = new Promise<void>((resolve) => (releaseSave = resolve));
    const failedFile = (file: string) =>
      file.includes(`${path.sep}failed${path.sep}`) && !path.basename(file).startsWith(".") && file.endsWith(".json");
    const rename = vi.spyOn(promises, "rename").mockImplementation(async (from, to) => {
      if (failedFile(String(from))) releaseSave();
      await original(from, to);
      if (failedFile(String(to))) await saveHeld;
    });
    const store = new SpoolLeadStore(deliverySettings());
    await store.start();
    try {
      const record = await store.store("plan-mensual", { nombre: "Luis", tipo: "Contacto Plan Mensual" });
      await vi.waitFor(async () => expect((await store.list(["failed"])).map((item) => item.id)).toEqual([record.id]), {
        timeout: 20_000,
        interval: 20,
      });
      destinations.answerAll("ok");
      const requeue = store.requeueFailed([record.id]);
      setTimeout(releaseSave, 500);
      expect((await requeue).requeued.map((item) => item.id)).toEqual([record.id]);
      await vi.waitFor(
        () => expect(destinations.deliveries.map((delivery) => delivery.idempotencyKey)).toEqual([record.id]),
        { timeout: 20_000, interval: 20 },
      );
      await vi.waitFor(async () => expect((await store.health()).submissions).toEqual({ pending: 0, failed: 0 }), {
        timeout: 20_000,
        interval: 20,
      });
    } finally {
      rename.mockRestore();
      error.mockRestore();
      await store.stop();
    }
  });
});
