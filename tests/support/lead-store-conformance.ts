// The behaviour every LeadStore keeps, whatever stores it (the spool, PostgreSQL): run by each store's test
// file with a factory for a fresh store and one that reopens the same storage (a restart). The destinations
// are msw stand-ins (tests/support/leads.ts); the settings come from freshLeadEnvironment.
import { randomUUID } from "node:crypto";

import type { LeadStore } from "~/leads/store.server";

import { AUTOMATION_WEBHOOK_URL, type createDestinations, freshLeadEnvironment, VALID_CONTACT } from "./leads";
import { metricValue } from "./metrics";

export interface LeadStoreFactory {
  /** An empty store over fresh storage, started, with the current environment's settings. */
  fresh(): Promise<LeadStore>;
  /** A new store over the storage `fresh` made last (a restart, or another instance), started. */
  reopen(): Promise<LeadStore>;
}

const waitUntil = (check: () => void | Promise<void>, timeout = 20_000) => vi.waitFor(check, { timeout, interval: 50 });

const contactPayload = { ...VALID_CONTACT, tipo: "Consulta General", tipoFormulario: "Contacto General" };

export function describeLeadStoreConformance(
  name: string,
  destinations: ReturnType<typeof createDestinations>,
  factory: () => LeadStoreFactory,
) {
  // PostgreSQL's queue retries in whole seconds: every case gets time for a few of them.
  describe(`lead store (${name})`, { timeout: 30_000 }, () => {
    const opened: LeadStore[] = [];
    let stores: LeadStoreFactory;
    const fresh = async () => {
      const store = await stores.fresh();
      opened.push(store);
      return store;
    };
    const reopen = async () => {
      const store = await stores.reopen();
      opened.push(store);
      return store;
    };

    beforeAll(() => destinations.server.listen({ onUnhandledRequest: "error" }));
    afterAll(() => destinations.server.close());
    beforeEach(async () => {
      await freshLeadEnvironment();
      destinations.reset();
      stores = factory();
    });
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((store) => store.stop()));
    });

    it("keeps a submission before any destination has it: listed pending, counted by health", async () => {
      destinations.answerAll("hang");
      const store = await fresh();
      const record = await store.store("contacto", contactPayload);
      expect(destinations.deliveries).toHaveLength(0);
      const listed = await store.list(["pending"]);
      expect(listed).toMatchObject([
        { id: record.id, form: "contacto", state: "pending", payload: { nombre: "Ana García" } },
      ]);
      expect(Object.keys(listed[0]!.deliveries).sort()).toEqual(["automationWebhook", "formService"]);
      expect((await store.health()).submissions).toEqual({ pending: 1, failed: 0 });
    });

    it("delivers to every destination of the form with the submission's id as Idempotency-Key", async () => {
      const store = await fresh();
      const record = await store.store("contacto", contactPayload);
      await waitUntil(() => expect(destinations.deliveries).toHaveLength(2));
      expect(destinations.deliveries.map((delivery) => delivery.destination).sort()).toEqual([
        "automationWebhook",
        "formService",
      ]);
      expect(destinations.deliveries.map((delivery) => delivery.idempotencyKey)).toEqual([record.id, record.id]);
      expect(destinations.deliveries[0]?.body).toMatchObject({ nombre: "Ana García", tipo: "Consulta General" });
      await waitUntil(async () =>
        expect(await store.list(["delivered"])).toMatchObject([{ id: record.id, state: "delivered" }]),
      );
      expect(await store.list(["pending", "failed"])).toEqual([]);
      expect((await store.health()).submissions).toEqual({ pending: 0, failed: 0 });
    });

    it("sends a failed attempt again with the same key, only to the destination that failed", async () => {
      destinations.queue("formService", "500");
      const store = await fresh();
      const record = await store.store("contacto", contactPayload);
      await waitUntil(() => expect(destinations.deliveries).toHaveLength(2));
      const to = (destination: string) => destinations.attempts.filter((item) => item.destination === destination);
      expect(to("formService").map((attempt) => attempt.idempotencyKey)).toEqual([record.id, record.id]);
      expect(to("automationWebhook")).toHaveLength(1);
      await waitUntil(async () =>
        expect((await store.list(["delivered"]))[0]?.deliveries.formService).toMatchObject({
          state: "delivered",
          attempts: 2,
        }),
      );
    });

    it("keeps a submission as failed after the last attempt; a re-queue delivers it with the same key", async () => {
      await freshLeadEnvironment({ DELIVERY_MAX_ATTEMPTS: "2" });
      destinations.answerAll("500");
      const store = await fresh();
      const record = await store.store("plan-mensual", { nombre: "Luis", tipo: "Contacto Plan Mensual" });
      await waitUntil(async () =>
        expect(await store.list(["failed"])).toMatchObject([
          {
            id: record.id,
            state: "failed",
            deliveries: { automationWebhook: { state: "failed", lastError: "HTTP 500" } },
          },
        ]),
      );
      expect(destinations.attempts).toHaveLength(2);
      expect((await store.health()).submissions).toEqual({ pending: 0, failed: 1 });

      destinations.answerAll("ok");
      const unknownId = randomUUID();
      const { requeued, unknown } = await store.requeueFailed([record.id, unknownId, "not-an-id"]);
      expect(requeued.map((item) => item.id)).toEqual([record.id]);
      expect(unknown).toEqual([unknownId, "not-an-id"]);
      await waitUntil(() => expect(destinations.deliveries).toHaveLength(1));
      expect(destinations.deliveries[0]?.idempotencyKey).toBe(record.id);
      await waitUntil(async () => expect((await store.health()).submissions).toEqual({ pending: 0, failed: 0 }));
    });

    it("counts each attempt by destination and result: delivered, failed (retried), gave_up", async () => {
      await freshLeadEnvironment({ DELIVERY_MAX_ATTEMPTS: "2" });
      const deliveries = async () => {
        const counts: Record<string, number> = {};
        for (const destination of ["form_service", "automation"]) {
          for (const result of ["delivered", "failed", "gave_up"]) {
            counts[`${destination} ${result}`] = await metricValue("lead_deliveries_total", { destination, result });
          }
          counts[`${destination} timed`] = await metricValue("lead_delivery_duration_seconds_count", { destination });
        }
        return counts;
      };
      const before = await deliveries();
      const grown = async () => {
        const now = await deliveries();
        return Object.fromEntries(Object.entries(now).map(([key, value]) => [key, value - before[key]!]));
      };
      destinations.queue("formService", "500");
      destinations.queue("automationWebhook", "500", "500");
      const store = await fresh();
      await store.store("contacto", contactPayload);
      await waitUntil(async () =>
        expect(await grown()).toMatchObject({
          "form_service failed": 1,
          "form_service delivered": 1,
          "form_service gave_up": 0,
          "automation failed": 1,
          "automation gave_up": 1,
          "automation delivered": 0,
        }),
      );
      // Every POST is timed, the last one included.
      expect((await grown())["form_service timed"]).toBe(2);
      expect((await grown())["automation timed"]).toBeGreaterThanOrEqual(1);
    });

    it("reports its backlog: deliveries not yet made per destination and the oldest one's age", async () => {
      await freshLeadEnvironment({ AUTOMATION_WEBHOOK_URL: undefined, FORM_SERVICE_URL: undefined });
      const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
      try {
        const store = await fresh();
        expect(await store.backlog()).toEqual({
          pending: { formService: 0, automationWebhook: 0 },
          oldestPendingSeconds: 0,
        });
        await store.store("contacto", contactPayload);
        await new Promise((resolve) => setTimeout(resolve, 1_100));
        await store.store("plan-cpl", { nombre: "Eva", tipo: "Contacto Plan CPL" });
        const backlog = await store.backlog();
        expect(backlog.pending).toEqual({ formService: 1, automationWebhook: 2 });
        expect(backlog.oldestPendingSeconds).toBeGreaterThanOrEqual(1);
        expect(backlog.oldestPendingSeconds).toBeLessThan(30);

        process.env.AUTOMATION_WEBHOOK_URL = AUTOMATION_WEBHOOK_URL;
        await store.stop();
        const second = await reopen();
        await waitUntil(() => expect(destinations.deliveries).toHaveLength(2));
        await waitUntil(async () =>
          expect((await second.backlog()).pending).toEqual({ formService: 1, automationWebhook: 0 }),
        );
      } finally {
        warn.mockRestore();
      }
    });

    it("a store reopened over the same storage delivers what was waiting, with the same key", async () => {
      await freshLeadEnvironment({ AUTOMATION_WEBHOOK_URL: undefined });
      const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
      try {
        const first = await fresh();
        const record = await first.store("plan-cpl", { nombre: "Eva", tipo: "Contacto Plan CPL" });
        await first.idle();
        await first.stop();
        expect(destinations.attempts).toHaveLength(0);
        expect(warn.mock.calls.flat().join("\n")).toContain("AUTOMATION_WEBHOOK_URL");

        process.env.AUTOMATION_WEBHOOK_URL = AUTOMATION_WEBHOOK_URL;
        const second = await reopen();
        await waitUntil(() => expect(destinations.deliveries).toHaveLength(1));
        expect(destinations.deliveries[0]?.idempotencyKey).toBe(record.id);
        expect(destinations.deliveries[0]?.body).toMatchObject({ nombre: "Eva", tipo: "Contacto Plan CPL" });
        await waitUntil(async () => expect(await second.list(["delivered"])).toHaveLength(1));
      } finally {
        warn.mockRestore();
      }
    });
  });
}
