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
  /** Everything the storage `fresh` made last holds, as text (its files, and its database's rows). */
  storedText(): Promise<string>;
  /** The erasure audit lines of that storage. */
  erasureAudit(): Promise<{ submissions: number; ids: string[] }[]>;
}

const waitUntil = (check: () => void | Promise<void>, timeout = 20_000) => vi.waitFor(check, { timeout, interval: 50 });

const contactPayload = { ...VALID_CONTACT, tipo: "Consulta General", tipoFormulario: "Contacto General" };
const DAY_MS = 24 * 60 * 60 * 1000;
/** How many times the erasure cases run: 1 in npm test, many under npm run stress:erase. */
const ERASE_ROUNDS = Math.max(1, Number.parseInt(process.env.LEAD_STORE_ERASE_ROUNDS ?? "1", 10) || 1);
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS);
const personPayload = (email: string, nombre = "Ana García") => ({ ...contactPayload, nombre, email });

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

    /**
     * Waits until a control lead, stored now and refused by every destination, has been tried three times. A
     * retry that any lead refused before it has due (the same first delay, the same jitter range: at most
     * 1.25× on the spool, 2× on PostgreSQL, against the control's two retries of at least 0.75× + 1.5×, or
     * 1 s + 2 s) fires before that third try, so a check made after it sees what such a retry did, on a
     * host of any speed: a condition where a sleep used to guess.
     */
    const pastRetriesDueNow = async (store: LeadStore) => {
      const email = `control-${randomUUID()}@example.com`;
      destinations.answerFor(email, "500");
      const control = await store.store("plan-mensual", personPayload(email, "Control"));
      const tries = (destination: string) =>
        destinations.attempts.filter((item) => item.idempotencyKey === control.id && item.destination === destination)
          .length;
      await waitUntil(
        () => expect(Math.max(tries("formService"), tries("automationWebhook"))).toBeGreaterThanOrEqual(3),
        60_000,
      );
    };

    it("keeps a submission before any destination has it: listed pending, counted by health", async () => {
      // The destinations hang: a short time-out ends the attempts, so that stopping the store waits for none.
      await freshLeadEnvironment({ DELIVERY_TIMEOUT_MS: "300" });
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

    describe("personal data", () => {
      it("retention: a delivered one leaves LEAD_RETENTION_DAYS after delivery, a pending one stays", async () => {
        await freshLeadEnvironment({ DELIVERY_RETRY_BASE_MS: "60000", DELIVERY_MAX_ATTEMPTS: "20" });
        destinations.queue("automationWebhook", "ok", "500");
        const store = await fresh();
        const delivered = await store.store("plan-mensual", personPayload("luis@example.com", "Luis"));
        await waitUntil(async () => expect(await store.list(["delivered"])).toHaveLength(1));
        const pending = await store.store("plan-mensual", personPayload("eva@example.com", "Eva"));
        await waitUntil(async () =>
          expect((await store.list(["pending"]))[0]?.deliveries.automationWebhook?.attempts).toBe(1),
        );
        await store.idle();

        expect((await store.purge(daysFromNow(29))).removed).toEqual([]);
        const later = await store.purge(daysFromNow(31));
        expect(later.ran).toBe(true);
        expect(later.removed).toEqual([
          { id: delivered.id, form: "plan-mensual", reason: "delivered", state: "delivered" },
        ]);
        expect((await store.list(["pending", "failed", "delivered"])).map((lead) => lead.id)).toEqual([pending.id]);
        const text = await stores.storedText();
        expect(text).not.toContain("luis@example.com");
        expect(text).toContain("eva@example.com");
      });

      it("retention: past LEAD_MAX_AGE_DAYS anything leaves, an undelivered one with an error line", async () => {
        await freshLeadEnvironment({
          DELIVERY_RETRY_BASE_MS: "60000",
          DELIVERY_MAX_ATTEMPTS: "20",
          LEAD_MAX_AGE_DAYS: "365",
        });
        destinations.answerAll("500");
        const store = await fresh();
        const pending = await store.store("plan-cpl", personPayload("eva@example.com", "Eva"));
        await waitUntil(async () =>
          expect((await store.list(["pending"]))[0]?.deliveries.automationWebhook?.attempts).toBe(1),
        );
        await store.idle();
        const { runRetention } = await import("~/leads/backend.server");
        const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
        try {
          expect((await runRetention(store, daysFromNow(364))).removed).toEqual([]);
          const result = await runRetention(store, daysFromNow(366));
          expect(result.removed).toEqual([{ id: pending.id, form: "plan-cpl", reason: "max-age", state: "pending" }]);
          const logged = errors.mock.calls.flat().join("\n");
          expect(logged).toContain("lead removed at its maximum age without being delivered");
          expect(logged).toContain(pending.id);
          expect(logged).not.toContain("eva@example.com");
        } finally {
          errors.mockRestore();
        }
        expect(await store.list(["pending", "failed", "delivered"])).toEqual([]);
        expect(await stores.storedText()).not.toContain("eva@example.com");
      });

      it("two instances purging at once remove each submission once", async () => {
        const first = await fresh();
        const ids: string[] = [];
        for (let index = 0; index < 4; index += 1) {
          ids.push((await first.store("plan-mensual", personPayload(`p${index}@example.com`))).id);
        }
        await waitUntil(async () => expect(await first.list(["delivered"])).toHaveLength(4));
        const second = await reopen();
        const results = await Promise.all([first.purge(daysFromNow(31)), second.purge(daysFromNow(31))]);
        const removed = results.flatMap((result) => result.removed.map((entry) => entry.id));
        expect(removed.sort()).toEqual([...ids].sort());
        expect(await first.list(["pending", "failed", "delivered"])).toEqual([]);
      });

      it("export finds a person's submissions in every state, and only theirs", async () => {
        await freshLeadEnvironment({ DELIVERY_MAX_ATTEMPTS: "1" });
        destinations.queue("automationWebhook", "ok", "500");
        const store = await fresh();
        const delivered = await store.store("plan-mensual", personPayload("ana@example.com"));
        await waitUntil(async () => expect(await store.list(["delivered"])).toHaveLength(1));
        const failed = await store.store("plan-cpl", personPayload("  Ana@Example.COM "));
        await waitUntil(async () => expect(await store.list(["failed"])).toHaveLength(1));
        // Without the webhook's address the rest wait, pending.
        delete process.env.AUTOMATION_WEBHOOK_URL;
        const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
        const pending = await store.store("plan-mensual", personPayload("ANA@example.com"));
        for (const other of ["anna@example.com", "ana@example.co", "ana@example.com.es", "xana@example.com"]) {
          await store.store("plan-mensual", personPayload(other, "Otra"));
        }
        await store.idle();
        warn.mockRestore();
        const found = await store.findByEmail("ana@example.com");
        expect(found.map((lead) => [lead.id, lead.state])).toEqual([
          [delivered.id, "delivered"],
          [failed.id, "failed"],
          [pending.id, "pending"],
        ]);
        expect(found[0]).toMatchObject({
          form: "plan-mensual",
          payload: { nombre: "Ana García", email: "ana@example.com" },
          deliveries: { automationWebhook: { state: "delivered" } },
        });
        expect(await store.findByEmail("nadie@example.com")).toEqual([]);
      });

      for (const answer of ["500", "ok"] as const) {
        it(`an erasure while an attempt is under way (answered ${answer} after it) leaves nothing behind`, async () => {
          await freshLeadEnvironment({ DELIVERY_RETRY_BASE_MS: "300", DELIVERY_MAX_ATTEMPTS: "20" });
          const attempt = destinations.holdNext("automationWebhook");
          const store = await fresh();
          const erased = await store.store("plan-mensual", personPayload("ana@example.com"));
          await attempt.reached;
          expect((await store.erase("ana@example.com")).ids).toEqual([erased.id]);
          attempt.release(answer);
          // Its result is written (or not), then any retry it would have had is past.
          await pastRetriesDueNow(store);
          expect(await store.findByEmail("ana@example.com")).toEqual([]);
          const text = await stores.storedText();
          expect(text).not.toContain("ana@example.com");
          expect(text).not.toContain(erased.id);
          expect(destinations.attempts.filter((item) => item.idempotencyKey === erased.id)).toHaveLength(1);
        });
      }

      // npm run stress:erase runs the erasure cases many times over (scripts/stress-erase.mjs).
      for (let round = 1; round <= ERASE_ROUNDS; round += 1) {
        const suffix = ERASE_ROUNDS > 1 ? ` (round ${round})` : "";
        it(`erase removes every trace, cancels a delivery that is retrying, and keeps an audit line${suffix}`, async () => {
          await freshLeadEnvironment({ DELIVERY_RETRY_BASE_MS: "1000", DELIVERY_MAX_ATTEMPTS: "20" });
          destinations.answerAll("500");
          const store = await fresh();
          const retrying = await store.store("plan-mensual", personPayload("ana@example.com"));
          const kept = await store.store("plan-mensual", personPayload("otra@example.com", "Otra"));
          await waitUntil(() =>
            expect(destinations.attempts.filter((item) => item.idempotencyKey === retrying.id).length).toBeGreaterThan(
              0,
            ),
          );
          const result = await store.erase("ana@example.com");
          expect(result.ids).toEqual([retrying.id]);
          destinations.answerAll("ok");
          // The other submission is delivered on its next retry; the erased one never is.
          await waitUntil(() => expect(destinations.deliveries.map((item) => item.idempotencyKey)).toContain(kept.id));
          await pastRetriesDueNow(store);
          expect(destinations.deliveries.map((item) => item.idempotencyKey)).not.toContain(retrying.id);
          expect(await store.findByEmail("ana@example.com")).toEqual([]);
          const text = await stores.storedText();
          expect(text).not.toContain("ana@example.com");
          expect(text).not.toContain(retrying.id);
          expect(text).toContain("otra@example.com");
          const audit = await stores.erasureAudit();
          expect(audit).toEqual([{ submissions: 1, ids: [retrying.id] }]);
          expect(JSON.stringify(audit)).not.toContain("ana@example.com");
        });
      }
    });
  });
}
