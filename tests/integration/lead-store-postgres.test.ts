// The PostgreSQL lead store (DATABASE_URL) against a real server (tests/postgres-setup.ts): the same cases
// as the spool, the experiment counts' own suite, migrations run by instances starting together, the
// rate limit shared by instances, and the spool of DATA_DIR moved into the database with its ids.
import fs from "node:fs";
import path from "node:path";

import { inject } from "vitest";

import { formRateLimiter, resetFormRateLimiter } from "~/leads/backend.server";
import { deliverySettings } from "~/leads/config.server";
import {
  closeSharedDatabase,
  type Database,
  migrate,
  MIGRATIONS,
  openDatabase,
  sharedDatabase,
} from "~/leads/database.server";
import { PostgresExperimentCounter } from "~/leads/experiment-counts.server";
import { deliveryJobId } from "~/leads/postgres/queue.server";
import { PostgresLeadStore } from "~/leads/postgres/store.server";
import { SpoolLeadStore } from "~/leads/spool-store.server";

import {
  BROWSER_ANA,
  BROWSER_LUIS,
  describeExperimentCounterConformance,
} from "../support/experiment-counter-conformance";
import { describeLeadStoreConformance } from "../support/lead-store-conformance";
import { AUTOMATION_WEBHOOK_URL, createDestinations, dataDirText, freshLeadEnvironment } from "../support/leads";
import { createDatabase, databaseErasureAudit, databaseText } from "../support/postgres";

const postgresUrl = inject("postgresUrl");
const waitUntil = (check: () => void | Promise<void>, timeout = 20_000) => vi.waitFor(check, { timeout, interval: 50 });

describe.skipIf(!postgresUrl)("PostgreSQL", () => {
  const adminUrl = postgresUrl ?? "";
  const ownPools: Database[] = [];
  afterAll(async () => {
    await closeSharedDatabase();
    await Promise.all(ownPools.map((database) => database.close()));
  });

  let databaseUrl = "";
  let dataDir = "";
  const started = async (url: string) => {
    const store = new PostgresLeadStore(url, deliverySettings());
    await store.connected();
    return store;
  };
  describeLeadStoreConformance("PostgreSQL", createDestinations(), () => ({
    async fresh() {
      databaseUrl = await createDatabase(adminUrl);
      dataDir = deliverySettings().dataDir;
      return started(databaseUrl);
    },
    reopen() {
      process.env.DATA_DIR = dataDir;
      return started(databaseUrl);
    },
    storedText: async () => `${dataDirText(dataDir)}\n${await databaseText(databaseUrl)}`,
    erasureAudit: () => databaseErasureAudit(databaseUrl),
  }));

  let countsUrl = "";
  describeExperimentCounterConformance("PostgreSQL", () => ({
    async fresh() {
      countsUrl = await createDatabase(adminUrl);
      const database = sharedDatabase(countsUrl);
      await database.ready();
      return new PostgresExperimentCounter(database);
    },
    async reopen() {
      // A new pool, as another process would open.
      const database = openDatabase(countsUrl);
      ownPools.push(database);
      await database.ready();
      return new PostgresExperimentCounter(database);
    },
  }));

  it("applies each migration once when instances start together", async () => {
    const url = await createDatabase(adminUrl);
    const instances = Array.from({ length: 4 }, () => openDatabase(url));
    const applied = await Promise.all(instances.map((instance) => migrate(instance.pool)));
    expect(applied.flat()).toEqual(MIGRATIONS.map((migration) => migration.version));
    const { rows } = await instances[0]!.pool.query("SELECT version FROM app_migration ORDER BY version");
    expect(rows.map((row) => row.version)).toEqual(MIGRATIONS.map((migration) => migration.version));
    await Promise.all(instances.map((instance) => instance.close()));
  });

  it("upgrades a database of the first version: its counts stay, with no conversions, and dedupe starts", async () => {
    const url = await createDatabase(adminUrl);
    const database = openDatabase(url);
    ownPools.push(database);
    // As an instance of the first version left it.
    await database.pool.query(
      "CREATE TABLE app_migration (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())",
    );
    await database.pool.query(MIGRATIONS[0]!.sql);
    await database.pool.query("INSERT INTO app_migration (version, name) VALUES (1, 'first')");
    await database.pool.query(
      "INSERT INTO experiment_count (experiment, variant, visitors, leads) VALUES ('titular-reformas', 'a', 40, 5)",
    );
    await database.ready();
    const counter = new PostgresExperimentCounter(database);
    counter.countVisitor("titular-reformas", "a", BROWSER_ANA);
    counter.countLead("titular-reformas", "a", BROWSER_ANA);
    counter.countLead("titular-reformas", "a", BROWSER_ANA);
    expect(await counter.readCounts()).toEqual([
      { experiment: "titular-reformas", variant: "a", visitors: 41, conversions: 1, leads: 7 },
    ]);
  });

  it("upgrades a database of the third version: counts and converted browsers stay, and only assigned browsers convert from then on", async () => {
    const url = await createDatabase(adminUrl);
    const database = openDatabase(url);
    ownPools.push(database);
    // As an instance of the third version left it: 40 visitors (no assignment recorded), Ana converted.
    await database.pool.query(
      "CREATE TABLE app_migration (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())",
    );
    for (const migration of MIGRATIONS.filter((item) => item.version <= 3)) {
      await database.pool.query(migration.sql);
      await database.pool.query("INSERT INTO app_migration (version, name) VALUES ($1, $2)", [
        migration.version,
        migration.name,
      ]);
    }
    await database.pool.query(
      "INSERT INTO experiment_count (experiment, variant, visitors, leads, conversions) VALUES ('titular-reformas', 'b', 40, 5, 3)",
    );
    await database.pool.query(
      "INSERT INTO experiment_conversion (experiment, browser) VALUES ('titular-reformas', $1)",
      [BROWSER_ANA],
    );
    await database.ready();
    const counter = new PostgresExperimentCounter(database);
    // Ana converted before: not again. Luis was assigned before the upgrade (no record): converts nobody.
    counter.countLead("titular-reformas", "b", BROWSER_ANA);
    counter.countLead("titular-reformas", "b", BROWSER_LUIS);
    expect(await counter.readCounts()).toEqual([
      { experiment: "titular-reformas", variant: "b", visitors: 40, conversions: 3, leads: 7 },
    ]);
    // A browser assigned now converts.
    counter.countVisitor("titular-reformas", "b", BROWSER_LUIS);
    counter.countLead("titular-reformas", "b", BROWSER_LUIS);
    expect(await counter.readCounts()).toEqual([
      { experiment: "titular-reformas", variant: "b", visitors: 41, conversions: 4, leads: 8 },
    ]);
  });

  it("converts a lead taken before another instance's assignment landed, once it lands; a minted id never", async () => {
    const url = await createDatabase(adminUrl);
    const [taking, drawing] = [openDatabase(url), openDatabase(url)];
    ownPools.push(taking, drawing);
    await Promise.all([taking.ready(), drawing.ready()]);
    const leads = new PostgresExperimentCounter(taking);
    const views = new PostgresExperimentCounter(drawing);
    // The lead reaches its instance's database write before the page view's instance wrote the assignment.
    leads.countLead("titular-reformas", "b", BROWSER_LUIS);
    leads.countLead("titular-reformas", "b", BROWSER_ANA);
    await leads.flush();
    views.countVisitor("titular-reformas", "b", BROWSER_LUIS);
    await views.flush();
    await leads.flush();
    expect(await leads.readCounts()).toEqual([
      { experiment: "titular-reformas", variant: "b", visitors: 1, conversions: 1, leads: 2 },
    ]);
    // Ana's id was never assigned: past the wait it is no longer looked for, even if it were assigned later.
    const later = Date.now() + 11_000;
    vi.spyOn(Date, "now").mockReturnValue(later);
    try {
      await leads.flush();
      views.countVisitor("titular-reformas", "b", BROWSER_ANA);
      await views.flush();
      await leads.flush();
    } finally {
      vi.mocked(Date.now).mockRestore();
    }
    expect(await leads.readCounts()).toEqual([
      { experiment: "titular-reformas", variant: "b", visitors: 2, conversions: 1, leads: 2 },
    ]);
  });

  it("derives one job id per (submission, destination), the same every time", () => {
    const id = "8b6c99c2-7d78-4ade-b7cb-6c6a7f98192b";
    expect(deliveryJobId(id, "formService")).toBe(deliveryJobId(id, "formService"));
    expect(deliveryJobId(id, "formService")).not.toBe(deliveryJobId(id, "automationWebhook"));
    expect(deliveryJobId(id, "formService")).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  describe("rate limit", () => {
    afterEach(() => {
      delete process.env.DATABASE_URL;
      resetFormRateLimiter();
    });

    it("counts FORM_RATE_LIMIT across instances sharing the database", async () => {
      const url = await createDatabase(adminUrl);
      await sharedDatabase(url).ready();
      await freshLeadEnvironment({ DATABASE_URL: url, FORM_RATE_LIMIT: "3" });
      const first = formRateLimiter();
      expect(await first.consume("198.51.100.9")).toEqual({ allowed: true });
      expect(await first.consume("198.51.100.9")).toEqual({ allowed: true });
      // Another instance: its own limiter (its memory is empty), the same table.
      resetFormRateLimiter();
      const second = formRateLimiter();
      expect(second).not.toBe(first);
      expect(await second.consume("198.51.100.9")).toEqual({ allowed: true });
      const refused = await second.consume("198.51.100.9");
      expect(refused.allowed).toBe(false);
      expect(refused.allowed === false && refused.retryAfterSeconds).toBeGreaterThan(500);
      expect(await second.consume("198.51.100.10")).toEqual({ allowed: true });
      // The check before a body is read sees the shared count and adds nothing to it.
      expect((await first.check("198.51.100.9")).allowed).toBe(false);
      expect(await first.check("198.51.100.12")).toEqual({ allowed: true });
      expect(await first.check("198.51.100.12")).toEqual({ allowed: true });
      expect(await first.consume("198.51.100.12")).toEqual({ allowed: true });
    });

    it("never refuses a visitor because the database cannot be reached: memory counts instead", async () => {
      await freshLeadEnvironment({ DATABASE_URL: "postgres://nobody@127.0.0.1:9/none", FORM_RATE_LIMIT: "2" });
      const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
      const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
      try {
        const limiter = formRateLimiter();
        expect(await limiter.consume("198.51.100.11")).toEqual({ allowed: true });
        expect(await limiter.consume("198.51.100.11")).toEqual({ allowed: true });
        expect((await limiter.consume("198.51.100.11")).allowed).toBe(false);
      } finally {
        error.mockRestore();
        warn.mockRestore();
      }
    });
  });

  describe("stopping", () => {
    const destinations = createDestinations();
    beforeAll(() => destinations.server.listen({ onUnhandledRequest: "error" }));
    afterAll(() => destinations.server.close());
    beforeEach(() => destinations.reset());
    const jobOf = async (url: string, id: string, destination: "formService" | "automationWebhook") => {
      const database = openDatabase(url);
      try {
        const { rows } = await database.pool.query<{ state: string; seconds_due: number }>(
          "SELECT state, EXTRACT(epoch FROM start_after - now())::float8 AS seconds_due FROM pgboss.job WHERE id = $1",
          [deliveryJobId(id, destination)],
        );
        return rows[0];
      } finally {
        await database.close();
      }
    };

    it("starts no attempt once stopping: a job fetched meanwhile goes back to the queue with its attempts, and the next start sends it", async () => {
      // Two attempts in all: the job handed back unsent must still have both.
      await freshLeadEnvironment({ DELIVERY_CONCURRENCY: "1", DELIVERY_MAX_ATTEMPTS: "2" });
      const url = await createDatabase(adminUrl);
      const store = await started(url);
      // The one form-service slot is taken by the first lead's attempt; the second lead's job waits for it.
      const first = destinations.holdNext("formService");
      const leading = await store.store("contacto", { nombre: "Ana", tipo: "Consulta General" });
      await first.reached;
      const waiting = await store.store("contacto", { nombre: "Luis", tipo: "Consulta General" });
      await waitUntil(async () => expect((await jobOf(url, waiting.id, "formService"))?.state).toBe("active"));

      const stopped = store.stop();
      first.release("ok");
      await stopped;
      const sentTo = (id: string) =>
        destinations.attempts.filter((item) => item.destination === "formService" && item.idempotencyKey === id);
      expect(sentTo(leading.id)).toHaveLength(1);
      expect(sentTo(waiting.id)).toEqual([]);
      expect((await jobOf(url, waiting.id, "formService"))?.state).toBe("retry");

      // Its first attempt fails: the second, which the hand-back did not use up, delivers it.
      destinations.queue("formService", "500");
      const next = await started(url);
      await waitUntil(() => expect(sentTo(waiting.id)).toHaveLength(2));
      await waitUntil(async () =>
        expect((await next.list(["delivered"])).map((lead) => lead.id).sort()).toEqual([leading.id, waiting.id].sort()),
      );
      await next.stop();
    }, 60_000);

    it("hands an attempt under way back due within seconds, however often it failed before", async () => {
      await freshLeadEnvironment({ DELIVERY_MAX_ATTEMPTS: "30" });
      const url = await createDatabase(adminUrl);
      const store = await started(url);
      const held = destinations.holdNext("formService");
      const lead = await store.store("contacto", { nombre: "Ana", tipo: "Consulta General" });
      await held.reached;
      // As a job that had failed twelve times before this attempt (pg-boss's own backoff would wait
      // 2^13 s or more to run it again).
      const database = openDatabase(url);
      await database.pool.query("UPDATE pgboss.job SET retry_count = 12 WHERE id = $1", [
        deliveryJobId(lead.id, "formService"),
      ]);
      await database.close();

      // A shutdown whose grace ends before the destination answers: the attempt is handed back.
      await store.stop(0);
      const job = await jobOf(url, lead.id, "formService");
      expect(job?.state).toBe("retry");
      expect(job?.seconds_due).toBeLessThan(5);
      held.release("500");

      const next = await started(url);
      await waitUntil(
        () =>
          expect(
            destinations.deliveries
              .filter((item) => item.destination === "formService")
              .map((item) => item.idempotencyKey),
          ).toEqual([lead.id]),
        15_000,
      );
      await next.stop();
    }, 60_000);
  });

  describe("moving from the spool", () => {
    const destinations = createDestinations();
    beforeAll(() => destinations.server.listen({ onUnhandledRequest: "error" }));
    afterAll(() => destinations.server.close());
    beforeEach(() => destinations.reset());

    it("imports pending and failed spool records once, with their ids, and delivers the pending ones", async () => {
      // The embedded store first: one lead that fails for good, then one that waits for an unset address.
      const spoolDir = await freshLeadEnvironment({ DELIVERY_MAX_ATTEMPTS: "1", FORM_SERVICE_URL: undefined });
      const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
      const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
      destinations.answerAll("500");
      const embedded = new SpoolLeadStore(deliverySettings());
      await embedded.start();
      const failed = await embedded.store("plan-cpl", { nombre: "Eva", tipo: "Contacto Plan CPL" });
      await waitUntil(async () => expect(await embedded.list(["failed"])).toHaveLength(1));
      delete process.env.AUTOMATION_WEBHOOK_URL;
      const waiting = await embedded.store("iniciar-servicio", { nombre: "Marta", tipo: "Iniciar Servicio Web" });
      await embedded.idle();
      await embedded.stop();
      warn.mockRestore();
      error.mockRestore();
      destinations.reset();

      // Then DATABASE_URL, same DATA_DIR, the webhook now set.
      process.env.AUTOMATION_WEBHOOK_URL = AUTOMATION_WEBHOOK_URL;
      const url = await createDatabase(adminUrl);
      const store = await started(url);
      await waitUntil(() => expect(destinations.deliveries).toHaveLength(1));
      expect(destinations.deliveries[0]).toMatchObject({
        destination: "automationWebhook",
        idempotencyKey: waiting.id,
      });
      await waitUntil(async () =>
        expect((await store.list(["pending", "failed", "delivered"])).map((lead) => [lead.id, lead.state])).toEqual([
          [failed.id, "failed"],
          [waiting.id, "delivered"],
        ]),
      );
      expect(fs.readdirSync(path.join(spoolDir, "leads", "pending"))).toEqual([]);
      expect(fs.readdirSync(path.join(spoolDir, "leads", "failed"))).toEqual([]);
      expect(fs.readdirSync(path.join(spoolDir, "leads", "imported")).sort()).toEqual(
        [`${failed.id}.json`, `${waiting.id}.json`].sort(),
      );
      await store.stop();

      // A second start imports nothing again; the failed one is re-queued by id and delivered with its key.
      const again = await started(url);
      expect(await again.importSpool()).toBe(0);
      destinations.reset();
      expect((await again.requeueFailed([failed.id])).requeued.map((lead) => lead.id)).toEqual([failed.id]);
      await waitUntil(() => expect(destinations.deliveries).toHaveLength(1));
      expect(destinations.deliveries[0]).toMatchObject({ destination: "automationWebhook", idempotencyKey: failed.id });
      await again.stop();
    }, 60_000);
  });
});
