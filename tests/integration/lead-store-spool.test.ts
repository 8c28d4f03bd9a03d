// The embedded lead store (the spool in DATA_DIR) keeps the behaviour every lead store keeps.
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
