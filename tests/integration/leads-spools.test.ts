// `npm run leads` over several spools (one DATA_DIR per instance, as the shipped unit keeps them): the
// folders a call names (DATA_DIR, DATA_DIRS, each --data-dir), and erase / export / list / retry / purge
// reaching every one of them: the same person in two spools is erased from both and found in neither.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { runLeadsCommand } from "~/leads/cli.server";
import { deliverySettings } from "~/leads/config.server";
import { DESTINATIONS_BY_FORM } from "~/leads/destinations.server";
import { newLeadRecord, Spool } from "~/leads/spool.server";
import { SpoolLeadStore } from "~/leads/spool-store.server";
import { combineStores, namedSpools } from "~/leads/spools.server";
import type { LeadStore } from "~/leads/store.server";

import { dataDirErasureAudit, dataDirText } from "../support/leads";

const folder = (tag: string) => fs.mkdtempSync(path.join(os.tmpdir(), `leads-spool-${tag}-`));

/** A submission of `email` written into a spool as the server writes it (pending, or failed). */
async function keep(dataDir: string, email: string, { failed = false, createdAt = new Date() } = {}) {
  const spool = new Spool(dataDir);
  await spool.init();
  const record = newLeadRecord(
    "contacto",
    { nombre: "Lucía Pérez", email, telefono: "600 111 222", mensaje: "Hola" },
    DESTINATIONS_BY_FORM.contacto,
    createdAt,
  );
  if (failed) {
    for (const delivery of Object.values(record.deliveries)) {
      if (delivery) Object.assign(delivery, { state: "failed", attempts: 12 });
    }
  }
  await spool.save(record);
  return record.id;
}

async function command(store: LeadStore, argv: string[]) {
  const out: string[] = [];
  const error: string[] = [];
  const code = await runLeadsCommand(
    argv,
    store,
    { out: (line) => out.push(line), error: (line) => error.push(line) },
    "spools",
  );
  return { code, out: out.join("\n"), error: error.join("\n") };
}

const storesOf = (...dataDirs: string[]) =>
  combineStores(dataDirs.map((dataDir) => new SpoolLeadStore(deliverySettings({ ...process.env, DATA_DIR: dataDir }))));

describe("the spools a call names", () => {
  it("DATA_DIR, each folder of DATA_DIRS and each --data-dir, once each; the options leave the arguments", () => {
    const [a, b, c] = [folder("a"), folder("b"), folder("c")];
    const named = namedSpools(["erase", "--data-dir", b, "ana@example.com", `--data-dir=${c}`, "--data-dir", a], {
      DATA_DIR: a,
      DATA_DIRS: ` ${b} ,, ${c}`,
    });
    expect(named).toEqual({ ok: true, argv: ["erase", "ana@example.com"], dataDirs: [a, b, c] });
  });

  it("none named: DATA_DIR's default (./data)", () => {
    expect(namedSpools(["list"], {})).toEqual({ ok: true, argv: ["list"], dataDirs: [path.resolve("data")] });
  });

  it("a named folder that does not exist, or --data-dir without one, is a wrong call (nothing is created)", () => {
    const missing = path.join(folder("parent"), "3002");
    expect(namedSpools(["erase", "a@b.es", "--data-dir", missing], {})).toEqual({
      ok: false,
      error: `No such spool folder: ${missing}. Nothing was changed.`,
    });
    expect(namedSpools(["list"], { DATA_DIRS: missing }).ok).toBe(false);
    expect(namedSpools(["list", "--data-dir"], {}).ok).toBe(false);
    expect(namedSpools(["list", "--data-dir", "--json"], {}).ok).toBe(false);
    expect(namedSpools(["list", "--data-dir="], {}).ok).toBe(false);
    expect(fs.existsSync(missing)).toBe(false);
  });
});

describe("commands over two spools holding the same person", () => {
  it("erase removes the submissions of both; export then finds none; no file in either holds the address", async () => {
    const [first, second] = [folder("3001"), folder("3002")];
    const ids = [await keep(first, "Lucia.Perez@Example.com"), await keep(second, " lucia.perez@example.com ")];
    const other = await keep(second, "otra@example.com");
    const store = storesOf(first, second);
    await store.open();
    try {
      const exported = await command(store, ["export", "lucia.perez@example.com", "--json"]);
      expect(
        (JSON.parse(exported.out) as { submissions: { id: string }[] }).submissions.map((item) => item.id).sort(),
      ).toEqual([...ids].sort());

      const erased = await command(store, ["erase", "lucia.perez@example.com"]);
      expect(erased.code).toBe(0);
      expect(erased.out).toContain("Erased 2 submission(s)");
      for (const id of ids) expect(erased.out).toContain(id);

      const after = await command(store, ["export", "lucia.perez@example.com", "--json"]);
      expect(JSON.parse(after.out)).toEqual({ email: "lucia.perez@example.com", submissions: [] });
      for (const dataDir of [first, second]) expect(dataDirText(dataDir).toLowerCase()).not.toContain("lucia.perez");
      // Each spool keeps its own audit line, without the address.
      expect(dataDirErasureAudit(first)).toEqual([{ submissions: 1, ids: [ids[0]] }]);
      expect(dataDirErasureAudit(second)).toEqual([{ submissions: 1, ids: [ids[1]] }]);
      expect(dataDirText(second)).toContain(other);
    } finally {
      await store.stop();
    }
  });

  it("list shows both spools' submissions; retry re-queues failed ones wherever they are", async () => {
    const [first, second] = [folder("3001"), folder("3002")];
    const failedHere = await keep(first, "a@example.com", { failed: true });
    const failedThere = await keep(second, "b@example.com", { failed: true });
    const store = storesOf(first, second);
    await store.open();
    try {
      const listed = JSON.parse((await command(store, ["list", "--json"])).out) as { id: string; state: string }[];
      expect(listed.map((item) => [item.id, item.state]).sort()).toEqual(
        [
          [failedHere, "failed"],
          [failedThere, "failed"],
        ].sort(),
      );
      const retried = await command(store, ["retry", failedThere, "no-such-id"]);
      expect(retried.code).toBe(1);
      expect(retried.out).toContain(`Re-queued ${failedThere}`);
      expect(retried.error).toContain("No failed submission with id no-such-id");
      expect(retried.error).not.toContain(failedThere);
      expect(fs.existsSync(path.join(second, "leads", "pending", `${failedThere}.json`))).toBe(true);
    } finally {
      await store.stop();
    }
  });

  it("purge applies the retention rules in every spool", async () => {
    const [first, second] = [folder("3001"), folder("3002")];
    const old = new Date(Date.now() - 400 * 24 * 60 * 60 * 1000);
    const ids = [
      await keep(first, "a@example.com", { createdAt: old, failed: true }),
      await keep(second, "b@example.com", { createdAt: old, failed: true }),
    ];
    const store = storesOf(first, second);
    await store.open();
    try {
      const purged = await command(store, ["purge"]);
      expect(purged.code).toBe(0);
      expect(purged.out).toContain("2 submission(s) removed");
      for (const id of ids) expect(purged.out).toContain(id);
    } finally {
      await store.stop();
    }
  });
});
