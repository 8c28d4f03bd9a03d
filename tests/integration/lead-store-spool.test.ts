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
    // The save of the failed attempt is held where it removes the pending copy (after failed/ has the
    // record), until the re-queue removes the failed copy, i.e. has written its pending one: the order in
    // which a re-queue landing in that window runs. A store that lets the re-queue wait for the attempt
    // never gets there; the hold then ends a moment later (a slow host can only make this pass wrongly).
    const original = promises.rm.bind(promises);
    let releaseSave!: () => void;
    const saveHeld = new Promise<void>((resolve) => (releaseSave = resolve));
    const rm = vi.spyOn(promises, "rm").mockImplementation(async (target, options) => {
      const file = String(target);
      if (file.includes(`${path.sep}pending${path.sep}`) && file.endsWith(".json")) await saveHeld;
      if (file.includes(`${path.sep}failed${path.sep}`) && file.endsWith(".json")) releaseSave();
      return original(target, options);
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
      rm.mockRestore();
      error.mockRestore();
      await store.stop();
    }
  });
});
