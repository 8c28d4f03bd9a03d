// Personal data through the built server and `npm run leads`, on the embedded store and on PostgreSQL:
// a lead posted and delivered is exported, erased, and then found nowhere; with LEAD_RETENTION_DAYS=0 a
// purge removes a delivered lead and keeps one still pending; wrong calls change nothing.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import { inject } from "vitest";

import { startDestinationServer } from "../support/destination-server";
import { dataDirText, VALID_CONTACT } from "../support/leads";
import { createDatabase, databaseText } from "../support/postgres";
import { type ProductionServer, request, startServer } from "../support/production-server";

const postgresUrl = inject("postgresUrl");
const run = promisify(execFile);

async function leads(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, [path.resolve("scripts/leads.mjs"), ...args], {
      env: { ...process.env, ...env },
      encoding: "utf8",
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function postContact(server: ProductionServer, email: string, visitor: string) {
  const response = await request(`${server.baseUrl}/?index&_data=routes%2F_index`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": visitor },
    body: new URLSearchParams({ ...VALID_CONTACT, email }).toString(),
  });
  expect(response.status).toBe(200);
  return (JSON.parse(response.body.toString("utf8")) as { id: string }).id;
}

const stores = [
  { name: "the embedded store", database: async () => ({}) as Record<string, string> },
  {
    name: "PostgreSQL",
    skip: !postgresUrl,
    database: async () => ({ DATABASE_URL: await createDatabase(postgresUrl!) }),
  },
];

describe.each(stores)("personal data on $name, through the server and npm run leads", ({ skip, database }) => {
  const running: { stop(): Promise<unknown> }[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((item) => item.stop()));
  });

  it.skipIf(Boolean(skip))(
    "a delivered lead is exported, erased, and then found nowhere",
    async () => {
      const destinations = await startDestinationServer();
      running.push({ stop: destinations.close });
      const databaseEnv = await database();
      const server = await startServer({ ...destinations.env, ...databaseEnv, TRUST_PROXY_HOPS: "1" });
      running.push(server);
      const cli = { ...databaseEnv, DATA_DIR: server.dataDir };

      const id = await postContact(server, "Lucia.Perez@Example.com", "203.0.113.10");
      const other = await postContact(server, "lucia.perez@example.es", "203.0.113.11");
      await vi.waitFor(() => expect(destinations.deliveredToBoth(id)).toBe(true), { timeout: 30_000 });

      const exported = await leads(["export", "  lucia.perez@EXAMPLE.com ", "--json"], cli);
      expect(exported.code).toBe(0);
      const body = JSON.parse(exported.stdout) as {
        email: string;
        submissions: {
          id: string;
          form: string;
          createdAt: string;
          payload: Record<string, unknown>;
          deliveries: object;
        }[];
      };
      expect(body.email).toBe("lucia.perez@example.com");
      expect(body.submissions.map((item) => item.id)).toEqual([id]);
      expect(body.submissions[0]).toMatchObject({
        form: "contacto",
        payload: { email: "Lucia.Perez@Example.com", tipoFormulario: "Contacto General" },
        deliveries: { formService: { state: "delivered" }, automationWebhook: { state: "delivered" } },
      });
      expect(Date.parse(body.submissions[0]!.createdAt)).not.toBeNaN();

      const erased = await leads(["erase", "lucia.perez@example.com"], cli);
      expect(erased.code).toBe(0);
      expect(erased.stdout).toContain("Erased 1 submission(s)");
      expect(erased.stdout).toContain(id);
      expect(erased.stdout).not.toContain("lucia.perez@example.com");

      const after = await leads(["export", "lucia.perez@example.com", "--json"], cli);
      expect(JSON.parse(after.stdout)).toEqual({ email: "lucia.perez@example.com", submissions: [] });
      const kept = `${dataDirText(server.dataDir)}\n${databaseEnv.DATABASE_URL ? await databaseText(databaseEnv.DATABASE_URL) : ""}`;
      expect(kept.toLowerCase()).not.toContain("lucia.perez@example.com");
      expect(kept).toContain("lucia.perez@example.es");
      expect(other).not.toBe(id);
      // The server logs ids, never the address.
      expect(server.output()).toContain(id);
      expect(server.output().toLowerCase()).not.toContain("lucia.perez@example");
    },
    120_000,
  );

  it.skipIf(Boolean(skip))(
    "with LEAD_RETENTION_DAYS=0, purge removes a delivered lead and keeps a pending one",
    async () => {
      const destinations = await startDestinationServer();
      running.push({ stop: destinations.close });
      const databaseEnv = await database();
      const server = await startServer({
        ...destinations.env,
        ...databaseEnv,
        TRUST_PROXY_HOPS: "1",
        DELIVERY_RETRY_BASE_MS: "600000",
      });
      running.push(server);
      const cli = { ...databaseEnv, DATA_DIR: server.dataDir, LEAD_RETENTION_DAYS: "0" };

      const delivered = await postContact(server, "delivered@example.com", "203.0.113.20");
      await vi.waitFor(() => expect(destinations.deliveredToBoth(delivered)).toBe(true), { timeout: 30_000 });
      destinations.fail(true);
      const pending = await postContact(server, "pending@example.com", "203.0.113.21");
      await vi.waitFor(
        () => expect(destinations.received.filter((item) => item.key === pending).length).toBeGreaterThanOrEqual(2),
        { timeout: 30_000 },
      );
      // Its failed attempts are recorded before the purge looks at it.
      await vi.waitFor(
        async () => {
          const listed = JSON.parse((await leads(["list", "--json"], cli)).stdout) as {
            id: string;
            deliveries: Record<string, { attempts: number }>;
          }[];
          expect(listed.find((item) => item.id === pending)?.deliveries.automationWebhook?.attempts).toBe(1);
        },
        { timeout: 30_000 },
      );

      const purged = await leads(["purge"], cli);
      expect(purged.code).toBe(0);
      expect(purged.stdout).toContain("1 submission(s) removed");
      expect(purged.stdout).toContain(delivered);
      expect(purged.stdout).not.toContain(pending);
      const all = JSON.parse((await leads(["list", "--all", "--json"], cli)).stdout) as { id: string }[];
      expect(all.map((item) => item.id)).toEqual([pending]);
    },
    120_000,
  );
});

describe("npm run leads over one spool per instance (the shipped unit's layout, no DATABASE_URL)", () => {
  const running: { stop(): Promise<unknown> }[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((item) => item.stop()));
  });

  it("erase names every instance's DATA_DIR: both copies go, export finds none, no file of either holds the address", async () => {
    const destinations = await startDestinationServer();
    running.push({ stop: destinations.close });
    const first = await startServer({ ...destinations.env, TRUST_PROXY_HOPS: "1" });
    running.push(first);
    const second = await startServer({ ...destinations.env, TRUST_PROXY_HOPS: "1" });
    running.push(second);
    expect(first.dataDir).not.toBe(second.dataDir);
    const ids = [
      await postContact(first, "Marta.Gil@Example.com", "203.0.113.30"),
      await postContact(second, "marta.gil@example.com", "203.0.113.31"),
    ];
    await vi.waitFor(() => expect(ids.every((id) => destinations.deliveredToBoth(id))).toBe(true), {
      timeout: 30_000,
    });

    // One DATA_DIR alone finds only its own copy: the reason to name them all.
    const one = await leads(["export", "marta.gil@example.com", "--json"], { DATA_DIR: first.dataDir });
    expect((JSON.parse(one.stdout) as { submissions: unknown[] }).submissions).toHaveLength(1);

    const typo = await leads(["erase", "marta.gil@example.com", "--data-dir", `${second.dataDir}-typo`], {
      DATA_DIR: first.dataDir,
    });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain("No such spool folder");

    const erased = await leads(["erase", "marta.gil@example.com", "--data-dir", second.dataDir], {
      DATA_DIR: first.dataDir,
    });
    expect(erased.code).toBe(0);
    expect(erased.stdout).toContain("Erased 2 submission(s)");
    for (const id of ids) expect(erased.stdout).toContain(id);

    const after = await leads(["export", "marta.gil@example.com", "--json"], {
      DATA_DIRS: `${first.dataDir},${second.dataDir}`,
    });
    expect(after.code).toBe(0);
    expect(JSON.parse(after.stdout)).toEqual({ email: "marta.gil@example.com", submissions: [] });
    for (const server of [first, second]) expect(dataDirText(server.dataDir).toLowerCase()).not.toContain("marta.gil");
  }, 120_000);
});

describe("npm run leads: help and wrong calls", () => {
  it("lists every command with a line each, and refuses a wrong email or command with exit code 2", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "leads-cli-"));
    const help = await leads([], { DATA_DIR: dataDir });
    expect(help.code).toBe(0);
    for (const command of ["list", "retry", "export", "erase", "purge"]) {
      expect(help.stdout).toMatch(new RegExp(`^  ${command} .+\\S`, "m"));
    }
    const wrongEmail = await leads(["erase", "not-an-address"], { DATA_DIR: dataDir });
    expect(wrongEmail.code).toBe(2);
    expect(wrongEmail.stderr).toContain("Not an email address");
    const noEmail = await leads(["export"], { DATA_DIR: dataDir });
    expect(noEmail.code).toBe(2);
    const unknown = await leads(["delete-everything"], { DATA_DIR: dataDir });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Unknown command: delete-everything");
    // Nothing was opened, so nothing was made in DATA_DIR.
    expect(fs.readdirSync(dataDir)).toEqual([]);
  }, 60_000);
});
