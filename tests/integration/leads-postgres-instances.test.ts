// Several instances on one database, through the built production server: two instances take 300 leads
// while the destinations fail 30 % of the time, one of them is killed (SIGKILL) mid-delivery and left
// down, and every submission still reaches every destination within 90 s of the posting's end, with one
// Idempotency-Key per submission; FORM_RATE_LIMIT
// counts across both; `npm run leads` reads the database; a post the proxy resends to the other instance (the
// same X-Request-Id) is one lead. Then a database that stops mid-run: leads are
// accepted into DATA_DIR and moved into the database once it is back.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

import { inject } from "vitest";

import { startDestinationServer } from "../support/destination-server";
import { VALID_CONTACT } from "../support/leads";
import { createDatabase, startPostgres, type ThrowawayPostgres } from "../support/postgres";
import { type ProductionServer, request, startServer } from "../support/production-server";

const postgresUrl = inject("postgresUrl");

async function postContact(
  server: ProductionServer,
  visitor: string,
  fields: Record<string, string> = VALID_CONTACT,
  headers: Record<string, string> = {},
) {
  const response = await request(`${server.baseUrl}/?index&_data=routes%2F_index`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": visitor, ...headers },
    body: new URLSearchParams(fields).toString(),
  });
  const body = JSON.parse(response.body.toString("utf8")) as { ok: boolean; id?: string };
  return { status: response.status, body };
}

async function health(server: ProductionServer) {
  return JSON.parse((await request(`${server.baseUrl}/healthz`)).body.toString("utf8")) as {
    submissions: { pending: number; failed: number };
    database?: { reachable: boolean; pending: number | null; failed: number | null };
  };
}

const TIGHT_DELIVERY = {
  DELIVERY_RETRY_BASE_MS: "200",
  DELIVERY_TIMEOUT_MS: "2000",
  DELIVERY_MAX_ATTEMPTS: "30",
  TRUST_PROXY_HOPS: "1",
};

describe.skipIf(!postgresUrl)("several instances on one PostgreSQL database", () => {
  const running: ProductionServer[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => server.stop()));
  });

  it("loses nothing when one instance is killed mid-delivery, and counts the rate limit across both", async () => {
    // Destinations that fail 30 % of attempts, never more than 4 times running for one delivery: the
    // 90 s bound is then about losing nothing, not about a random streak (tests/support/destination-server.ts).
    const destinations = await startDestinationServer({
      failureRate: 0.3,
      delayMs: [100, 400],
      maxRandomFailuresInARow: 4,
    });
    try {
      const env = {
        ...TIGHT_DELIVERY,
        ...destinations.env,
        DATABASE_URL: await createDatabase(postgresUrl!),
        FORM_RATE_LIMIT: "3",
      };
      const [first, second] = await Promise.all([startServer(env), startServer(env)]);
      running.push(first!, second!);

      // FORM_RATE_LIMIT=3 per visitor, whichever instance answers.
      const visitor = "198.51.100.77";
      const ids: string[] = [];
      for (const server of [first!, second!, first!]) {
        const { status, body } = await postContact(server, visitor);
        expect(status).toBe(200);
        ids.push(body.id!);
      }
      expect((await postContact(second!, visitor)).status).toBe(429);

      // 297 more from other visitors, eight at a time, to both instances: 300 leads in all.
      const visitors = Array.from(
        { length: 297 },
        (_, index) => `10.1.${Math.floor(index / 200)}.${(index % 200) + 1}`,
      );
      for (let start = 0; start < visitors.length; start += 8) {
        const answers = await Promise.all(
          visitors
            .slice(start, start + 8)
            .map((visitor, offset) => postContact((start + offset) % 2 ? second! : first!, visitor)),
        );
        for (const { status, body } of answers) {
          expect(status).toBe(200);
          ids.push(body.id!);
        }
      }
      const postingEnded = Date.now();
      // The first instance dies while its deliveries are under way (destinations answer in 100–400 ms),
      // and stays down.
      await first!.kill("SIGKILL");

      // npm run leads reads the database: every accepted submission is there, whoever accepted it.
      const allIds = (await listDelivered(env.DATABASE_URL)).map((lead) => lead.id);
      expect(allIds.sort()).toEqual([...new Set(ids)].sort());
      expect(allIds).toHaveLength(300);
      const expected = allIds.flatMap((id) => [`${id} /form-service`, `${id} /automation`]);
      const missing = () => expected.filter((pair) => !destinations.delivered().has(pair));
      // Every lead reaches both destinations within 90 s of the posting's end, by the surviving instance.
      await vi.waitFor(() => expect(missing()).toEqual([]), {
        timeout: Math.max(0, postingEnded + 90_000 - Date.now()),
        interval: 500,
      });
      expect(Date.now() - postingEnded).toBeLessThan(90_000);
      // Every request of a (submission, destination) carried that submission's one key.
      for (const item of destinations.received) expect(allIds).toContain(item.key);
      await vi.waitFor(
        async () => expect((await health(second!)).database).toEqual({ reachable: true, pending: 0, failed: 0 }),
        // A delivery the killed instance sent but could not record is sent again once its job expires.
        { timeout: 90_000, interval: 500 },
      );
      expect((await listDelivered(env.DATABASE_URL)).every((lead) => lead.state === "delivered")).toBe(true);
    } finally {
      await destinations.close();
    }
  }, 300_000);

  it("a post the proxy sends again to the other instance, with its X-Request-Id, is one lead, delivered once", async () => {
    const destinations = await startDestinationServer({ delayMs: [10, 50] });
    try {
      const env = { ...TIGHT_DELIVERY, ...destinations.env, DATABASE_URL: await createDatabase(postgresUrl!) };
      const [first, second] = await Promise.all([startServer(env), startServer(env)]);
      running.push(first!, second!);
      // nginx's $request_id: the same on every copy of one request (deploy/nginx/leads-site.conf).
      const resent = { "X-Request-Id": "5f1c0de2a7b94e0c8d3e6a1b2c4d5e6f" };
      const once = await postContact(first!, "203.0.113.91", VALID_CONTACT, resent);
      const again = await postContact(second!, "203.0.113.91", VALID_CONTACT, resent);
      // Another request (its own id), and a post whose id is no proxy's (too short): two leads of their own.
      const other = await postContact(second!, "203.0.113.92", VALID_CONTACT, {
        "X-Request-Id": "0a1b2c3d4e5f60718293a4b5c6d7e8f9",
      });
      const unkeyed = await postContact(first!, "203.0.113.93", VALID_CONTACT, { "X-Request-Id": "short" });
      for (const answer of [once, again, other, unkeyed])
        expect(answer).toMatchObject({ status: 200, body: { ok: true } });
      // The visitor is told the same lead both times.
      expect(again.body.id).toBe(once.body.id);
      expect(new Set([once.body.id, other.body.id, unkeyed.body.id]).size).toBe(3);

      await vi.waitFor(
        async () => expect((await health(second!)).database).toEqual({ reachable: true, pending: 0, failed: 0 }),
        { timeout: 60_000, interval: 200 },
      );
      expect((await listDelivered(env.DATABASE_URL)).map((lead) => lead.id).sort()).toEqual(
        [once.body.id, other.body.id, unkeyed.body.id].sort(),
      );
      // Everything delivered: one request per lead and destination, none for a second copy.
      expect(destinations.received.map((item) => `${item.key} ${item.destination}`).sort()).toEqual(
        [once.body.id, other.body.id, unkeyed.body.id]
          .flatMap((id) => [`${id} /automation`, `${id} /form-service`])
          .sort(),
      );
    } finally {
      await destinations.close();
    }
  });

  it("on SIGTERM an instance hands an attempt still under way back, and another one sends it", async () => {
    const destinations = await startDestinationServer({ hang: 1, delayMs: [100, 400] });
    try {
      // A long time-out: without the hand-back, the other instance would wait for the job to expire.
      const env = {
        ...TIGHT_DELIVERY,
        ...destinations.env,
        DELIVERY_TIMEOUT_MS: "60000",
        DATABASE_URL: await createDatabase(postgresUrl!),
      };
      const leaving = await startServer(env);
      running.push(leaving);
      const { body } = await postContact(leaving, "203.0.113.90");
      await vi.waitFor(() => expect(destinations.received.filter((item) => item.status === 0)).toHaveLength(1), {
        timeout: 60_000,
      });
      const staying = await startServer(env);
      running.push(staying);

      const stoppedAt = Date.now();
      const exitCode = await leaving.kill("SIGTERM");
      expect(exitCode).toBe(0);
      expect(Date.now() - stoppedAt).toBeLessThan(20_000);
      expect(leaving.output()).toContain("shutting down");
      await vi.waitFor(
        () => expect(destinations.delivered()).toEqual(new Set([`${body.id} /form-service`, `${body.id} /automation`])),
        { timeout: 60_000, interval: 200 },
      );
      const hung = destinations.received.find((item) => item.status === 0)!;
      const toHung = destinations.received.filter((item) => item.destination === hung.destination);
      expect(toHung.map((item) => [item.key, item.status])).toEqual([
        [body.id, 0],
        [body.id, 200],
      ]);
    } finally {
      await destinations.close();
    }
  }, 150_000);

  describe("a database that stops mid-run", () => {
    let own: ThrowawayPostgres | undefined;
    afterAll(() => own?.remove());

    it("accepts leads into DATA_DIR while it is down and moves them into the database when it is back", async () => {
      const destinations = await startDestinationServer({ delayMs: [100, 400] });
      try {
        own = await startPostgres();
        const env = { ...TIGHT_DELIVERY, ...destinations.env, DATABASE_URL: own.url(), FORM_RATE_LIMIT: "100" };
        const server = await startServer(env);
        running.push(server);
        const before = await postContact(server, "203.0.113.50");
        expect(before.status).toBe(200);

        own.pause();
        const during = await Promise.all([postContact(server, "203.0.113.51"), postContact(server, "203.0.113.52")]);
        expect(during.map((answer) => answer.status)).toEqual([200, 200]);
        const spooled = fs.readdirSync(path.join(server.dataDir, "leads", "pending")).sort();
        expect(spooled).toEqual(during.map((answer) => `${answer.body.id}.json`).sort());
        expect((await health(server)).database).toEqual({ reachable: false, pending: null, failed: null });
        expect((await health(server)).submissions.pending).toBe(2);

        own.resume();
        const ids = [before, ...during].map((answer) => answer.body.id!);
        const expected = ids.flatMap((id) => [`${id} /form-service`, `${id} /automation`]);
        await vi.waitFor(() => expect([...destinations.delivered()]).toEqual(expect.arrayContaining(expected)), {
          timeout: 120_000,
          interval: 500,
        });
        expect(fs.readdirSync(path.join(server.dataDir, "leads", "pending"))).toEqual([]);
        expect(fs.readdirSync(path.join(server.dataDir, "leads", "imported")).sort()).toEqual(spooled);
        await vi.waitFor(
          async () => expect((await health(server)).database).toEqual({ reachable: true, pending: 0, failed: 0 }),
          {
            timeout: 60_000,
          },
        );
      } finally {
        await destinations.close();
      }
    }, 240_000);
  });
});

/** `npm run leads -- list --all --json` against the database. */
async function listDelivered(databaseUrl: string): Promise<{ id: string; state: string }[]> {
  const output = execFileSync(process.execPath, [path.resolve("scripts/leads.mjs"), "list", "--all", "--json"], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: "utf8",
  });
  return JSON.parse(output) as { id: string; state: string }[];
}
