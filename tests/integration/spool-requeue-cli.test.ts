// `npm run leads` run from a shell while the server saves a lead's last failure, on the same DATA_DIR. The
// CLI is the shipped one (build/leads.js, which `npm run leads` runs; the tests' global setup builds it) in a
// child process; the server is a SpoolLeadStore in this process, its save held right after the
// failed copy appears in failed/: the window in which a re-queue from another process used to have its new
// pending file removed by the rest of that save (the lead then in no folder: never delivered, never listed).
import { execFile } from "node:child_process";
import { promises as fsPromises } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

import { deliverySettings } from "~/leads/config.server";
import { DESTINATIONS_BY_FORM } from "~/leads/destinations.server";
import { newLeadRecord, Spool } from "~/leads/spool.server";
import { SpoolLeadStore } from "~/leads/spool-store.server";

import { createDestinations, dataDirText, freshLeadEnvironment, spoolFiles } from "../support/leads";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..", "..");
const cliBundle = path.join(root, "build", "leads.js");

const EMAIL = "ana@example.com";
const payload = { nombre: "Ana", email: EMAIL, tipo: "Contacto Plan Mensual" };

/** `npm run leads -- <args>` in another process, on this test's DATA_DIR. */
async function leads(args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [cliBundle, ...args], {
      cwd: root,
      env: { ...process.env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}

/**
 * Holds the server's save right after a record file is renamed into failed/ (the failed copy is visible to
 * other processes) until `release`; `reached` resolves with that record's id once it gets there.
 */
function holdAfterFailedAppears(failedDir: string) {
  const original = fsPromises.rename.bind(fsPromises);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let reached!: (id: string) => void;
  const reachedPromise = new Promise<string>((resolve) => (reached = resolve));
  let held = false;
  const spy = vi.spyOn(fsPromises, "rename").mockImplementation(async (from, to) => {
    await original(from, to);
    const target = String(to);
    if (!held && path.dirname(target) === failedDir && !path.basename(target).startsWith(".")) {
      held = true;
      reached(path.basename(target, ".json"));
      await released;
    }
  });
  return { reached: reachedPromise, release, restore: () => spy.mockRestore() };
}

describe("npm run leads from another process while the server saves a lead's last failure", () => {
  const destinations = createDestinations();
  beforeAll(() => destinations.server.listen({ onUnhandledRequest: "error" }));
  afterAll(() => destinations.server.close());
  afterEach(() => vi.restoreAllMocks());

  async function serverHeldInTheWindow() {
    const dataDir = await freshLeadEnvironment({ DELIVERY_MAX_ATTEMPTS: "1" });
    destinations.reset();
    destinations.answerAll("500");
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const hold = holdAfterFailedAppears(new Spool(dataDir).directory("failed"));
    const server = new SpoolLeadStore(deliverySettings());
    await server.start();
    const record = await server.store("plan-mensual", payload);
    // The only attempt fails (500): its save is held with the record just visible in failed/.
    expect(await hold.reached).toBe(record.id);
    expect(spoolFiles(dataDir, "failed")).toEqual([`${record.id}.json`]);
    return { dataDir, server, record, hold };
  }

  it("`retry` re-queues the lead and the server delivers it: it is never left in no folder", async () => {
    const { dataDir, server, record, hold } = await serverHeldInTheWindow();
    try {
      const retried = await leads(["retry", record.id]);
      expect(retried.stdout).toContain(`Re-queued ${record.id}`);
      expect(retried.code).toBe(0);
      destinations.answerAll("ok");
      hold.release();
      await server.idle();
      // In exactly one folder once the save is done, whatever the order: pending, re-queued.
      expect([...spoolFiles(dataDir, "pending"), ...spoolFiles(dataDir, "failed")]).toEqual([`${record.id}.json`]);
      // The server reads the pending folder again at its next poll (5 s) and sends it.
      await vi.waitFor(
        () => expect(destinations.deliveries.map((delivery) => delivery.idempotencyKey)).toEqual([record.id]),
        { timeout: 20_000, interval: 20 },
      );
      await vi.waitFor(async () => expect((await server.health()).submissions).toEqual({ pending: 0, failed: 0 }), {
        timeout: 20_000,
        interval: 20,
      });
      expect(spoolFiles(dataDir, "delivered")).toEqual([`${record.id}.json`]);
    } finally {
      hold.release();
      await server.stop();
    }
  }, 60_000);

  it("`erase` in that window: the rest of the save does not bring the erased lead back", async () => {
    const { dataDir, server, record, hold } = await serverHeldInTheWindow();
    try {
      const erased = await leads(["erase", EMAIL]);
      expect(erased.code).toBe(0);
      expect(erased.stdout).toContain(record.id);
      destinations.answerAll("ok");
      hold.release();
      await server.idle();
      expect(dataDirText(dataDir)).not.toContain(record.id);
      expect(dataDirText(dataDir)).not.toContain(EMAIL);
      expect((await leads(["export", EMAIL, "--json"])).stdout).toContain('"submissions": []');
      server.kick();
      await server.idle();
      expect(destinations.deliveries).toEqual([]);
    } finally {
      hold.release();
      await server.stop();
    }
  }, 60_000);
});

describe("a move between spool folders cut short by a crash", () => {
  it("a pending file holding a settled record (between a move's two renames) is finished by the next start", async () => {
    const dataDir = await freshLeadEnvironment();
    const spool = new Spool(dataDir);
    await spool.init();
    const record = newLeadRecord("plan-mensual", payload, DESTINATIONS_BY_FORM["plan-mensual"], new Date());
    for (const delivery of Object.values(record.deliveries)) {
      if (delivery) Object.assign(delivery, { state: "failed", attempts: 1, lastError: "HTTP 500" });
    }
    // The save's first rename is done (the result replaced the pending file), the second one is not.
    await fsPromises.writeFile(
      path.join(spool.directory("pending"), `${record.id}.json`),
      JSON.stringify(record),
      "utf8",
    );
    const restarted = new SpoolLeadStore(deliverySettings());
    await restarted.open();
    expect(spoolFiles(dataDir, "pending")).toEqual([]);
    expect((await restarted.list(["pending", "failed"])).map((lead) => [lead.id, lead.state])).toEqual([
      [record.id, "failed"],
    ]);
    // And an operator's re-queue puts it back, once.
    expect((await restarted.requeueFailed([record.id])).requeued.map((lead) => lead.id)).toEqual([record.id]);
    expect(spoolFiles(dataDir, "pending")).toEqual([`${record.id}.json`]);
    expect(spoolFiles(dataDir, "failed")).toEqual([]);
    expect((await restarted.requeueFailed([record.id])).unknown).toEqual([record.id]);
  });
});
