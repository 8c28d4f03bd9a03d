// A submission seen half-way through a move between spool folders: a delivery's result writes
// failed/ or delivered/ before it removes the pending copy, and a re-queue writes pending/ before it
// removes the failed copy. Whoever looks in between (/healthz, the metrics, `npm run leads`, the
// delivery worker) must see one submission, in its settled folder, never two.
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";

import { deliverySettings } from "~/leads/config.server";
import { DESTINATIONS_BY_FORM } from "~/leads/destinations.server";
import { type LeadRecord, newLeadRecord, Spool } from "~/leads/spool.server";
import { SpoolLeadStore } from "~/leads/spool-store.server";

async function spoolWithTwins(settledFolder: "failed" | "delivered") {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "spool-move-"));
  const spool = new Spool(dataDir);
  await spool.init();
  const record = newLeadRecord(
    "plan-mensual",
    { nombre: "Luis", tipo: "Contacto Plan Mensual" },
    DESTINATIONS_BY_FORM["plan-mensual"],
    new Date(),
  );
  await spool.save(record);
  const settled: LeadRecord = structuredClone(record);
  for (const delivery of Object.values(settled.deliveries)) {
    if (delivery) Object.assign(delivery, { state: settledFolder, attempts: 2 });
  }
  // The second copy, as the move leaves it before its old file is removed.
  await fs.writeFile(path.join(dataDir, "leads", settledFolder, `${record.id}.json`), JSON.stringify(settled), "utf8");
  return { dataDir, spool, record };
}

describe("a submission half-way between two spool folders", () => {
  it("pending and failed copies count once, as failed, in the counts, the listing and the backlog", async () => {
    const { dataDir, spool, record } = await spoolWithTwins("failed");
    expect(await spool.ids("pending")).toEqual([record.id]);
    expect(await spool.counts()).toEqual({ pending: 0, failed: 1 });
    expect(await spool.records("pending")).toEqual([]);

    const store = new SpoolLeadStore(deliverySettings({ ...process.env, DATA_DIR: dataDir }));
    expect((await store.health()).submissions).toEqual({ pending: 0, failed: 1 });
    expect((await store.list(["pending", "failed"])).map((lead) => [lead.id, lead.state])).toEqual([
      [record.id, "failed"],
    ]);
    expect((await store.backlog()).pending).toEqual({ formService: 0, automationWebhook: 0 });
  });

  it("pending and delivered copies count as delivered: nothing waits, nothing is sent again", async () => {
    const { dataDir, spool, record } = await spoolWithTwins("delivered");
    expect(await spool.counts()).toEqual({ pending: 0, failed: 0 });
    const sent: string[] = [];
    const store = new SpoolLeadStore({
      ...deliverySettings({
        ...process.env,
        DATA_DIR: dataDir,
        AUTOMATION_WEBHOOK_URL: "http://127.0.0.1:9/automation",
        FORM_SERVICE_URL: "http://127.0.0.1:9/forms",
      }),
      fetch: (async (input: string | URL | Request) => {
        sent.push(String(input));
        return new Response("ok");
      }) as typeof fetch,
    });
    await store.start();
    await store.idle();
    await store.stop();
    expect(sent).toEqual([]);
    expect((await store.list(["delivered"])).map((lead) => lead.id)).toEqual([record.id]);
  });
});
