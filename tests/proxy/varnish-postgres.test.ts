// The shared cache's memory on PostgreSQL (CONTRACT §14, second bullet; docs/decisions/0017-…): Debian's
// Varnish with the shipped VCL in front of two instances on one database (DATABASE_URL), each with its own
// DATA_DIR, as on two machines. Pages rendered only through the first instance, which is then replaced by
// a brand-new one (an empty DATA_DIR): a body edit and a name change are each seen through Varnish within
// the bound and purge exactly what they purge on instances that rendered the pages. A purge that failed
// while Varnish could not take it survives both instances being SIGKILLed with their disks: the first
// instance started again sends it once Varnish answers.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { httpRequest, startVarnishStack } from "../../scripts/lib/varnish-stack.mjs";
import { createDatabase, startPostgres, type ThrowawayPostgres } from "../support/postgres";
import { varnishPages, type VarnishStack } from "./varnish-support";

/** An instance as scripts/lib/proxy-stack.mjs runs it (the stack's typed surface leaves these out). */
interface Process {
  name: string;
  env: Record<string, string>;
  start(): Promise<void>;
  stop(): Promise<unknown>;
  kill(): void;
  exited: Promise<unknown>;
}

let stack: VarnishStack;
let postgres: ThrowawayPostgres;
let databaseUrl = "";
const { request, cacheOf, edit, purgesSettled, warm, waitForText, purged, pagesLinkingTo } = varnishPages(() => stack);

const SECTOR = "construccion";
const LISTS = ["/", "/sectores", "/calculadora", "/sitemap.xml"];
let sectorPages: string[] = [];

const processOf = (index: number) => stack.instances[index] as unknown as Process;
const dataDirOf = (index: number) => path.join(stack.dir, `data-${stack.instances[index]!.name}`);

beforeAll(async () => {
  postgres = await startPostgres();
  databaseUrl = await createDatabase(postgres.url());
  stack = (await startVarnishStack({ instances: 2, env: { DATABASE_URL: databaseUrl } })) as unknown as VarnishStack;
  const sitemap = (await request("/sitemap.xml")).body;
  sectorPages = [...sitemap.matchAll(/<loc>[^<]*(\/sectores\/[^<]+)<\/loc>/g)].map((match) => match[1]!);
}, 180_000);
afterAll(async () => {
  stack?.resume();
  await stack?.stop();
  postgres?.remove();
});

/**
 * Every page rendered through the first instance only (the second stopped meanwhile, Varnish asking the
 * first), then the first replaced by a brand-new one: stopped, its DATA_DIR wiped, started again. Neither
 * running instance rendered a page, and neither has anything of them on its disk.
 */
async function renderedOnlyByAReplacedInstance(pages: string[]) {
  await purgesSettled();
  const [first, second] = [processOf(0), processOf(1)];
  await second.stop();
  for (const page of pages) await request(page);
  for (const page of pages) expect(await cacheOf(page), page).toBe("HIT");
  await second.start();
  await first.stop();
  fs.rmSync(dataDirOf(0), { recursive: true, force: true });
  await first.start();
  const before = stack.counters()["MAIN.backend_req"];
  for (const page of pages) expect(await cacheOf(page), page).toBe("HIT");
  expect(stack.counters()["MAIN.backend_req"]).toBe(before);
}

describe("pages rendered only by an instance that was then replaced by a brand-new one (PostgreSQL)", () => {
  it("a body edit is seen and purges that page and the sitemap only", async () => {
    const pages = [...LISTS, ...sectorPages];
    await renderedOnlyByAReplacedInstance(pages);
    edit(`sectorPage.${SECTOR}`, (page) => ({
      ...page,
      explanation: { ...(page.explanation as object), title: "Corregido tras el relevo" },
    }));
    await waitForText(`/sectores/${SECTOR}`, "Corregido tras el relevo");
    expect(await purged(pages.filter((page) => page !== `/sectores/${SECTOR}`))).toEqual(["/sitemap.xml"]);
  }, 600_000);

  it("a name change is seen and purges the lists and only the pages whose related links show it", async () => {
    const pages = [...LISTS, ...sectorPages];
    await warm(pages);
    const linking = await pagesLinkingTo(sectorPages, SECTOR);
    await renderedOnlyByAReplacedInstance(pages);
    edit(`sectorPage.${SECTOR}`, (page) => ({ ...page, sectorName: "Construcción tras el relevo" }));
    await waitForText("/sectores", "Construcción tras el relevo");
    const gone = await purged(pages.filter((page) => page !== "/sectores" && page !== `/sectores/${SECTOR}`));
    expect(gone.sort()).toEqual(["/calculadora", "/sitemap.xml", ...linking].sort());
    for (const page of linking) expect((await request(page)).body, page).toContain("Construcción tras el relevo");
  }, 600_000);
});

/**
 * The instances' way to Varnish's purges: relayed as they are while `up`, answered 503 (the cache not
 * taking them) otherwise. Freezing Varnish instead would keep the killed instances' purges in its
 * sockets, and it would take them when it wakes.
 */
async function purgeRelay(target: string) {
  const state = { up: true, url: "", firstRefusedAt: 0 };
  const server = http.createServer((req, res) => {
    if (!state.up) {
      state.firstRefusedAt ||= Date.now();
      res.writeHead(503).end("down");
      return;
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === "string" && name !== "host" && name !== "connection") headers[name] = value;
    httpRequest(target, { method: req.method, headers }).then(
      (answer) => res.writeHead(answer.status).end(answer.body),
      () => res.writeHead(502).end("relay failed"),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return {
    state,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

describe("a purge that failed while Varnish could not take it (PostgreSQL)", () => {
  it("is delivered after both instances were SIGKILLed with their disks, by the first one started again", async () => {
    const relay = await purgeRelay(`${stack.url}/`);
    const database = new pg.Client({ connectionString: databaseUrl });
    await database.connect();
    const pages = [...LISTS, `/sectores/${SECTOR}`];
    try {
      // Both instances purge through the relay from now on (restarted one at a time, Varnish keeping its pages).
      for (const index of [0, 1]) {
        processOf(index).env.SHARED_CACHE_PURGE_URL = relay.state.url;
        await stack.restart(stack.instances[index]!);
      }
      await warm(pages);
      relay.state.up = false;
      edit(`sectorPage.${SECTOR}`, (page) => ({
        ...page,
        explanation: { ...(page.explanation as object), title: "Editado antes del SIGKILL" },
      }));
      // An instance's purge failed; it is kept in the database within 5 s of that.
      const kept = async () =>
        (await database.query("SELECT tag FROM shared_cache_purge_backlog").catch(() => ({ rows: [] }))).rows.length;
      while (!relay.state.firstRefusedAt) await new Promise((resolve) => setTimeout(resolve, 50));
      while (!(await kept())) {
        if (Date.now() - relay.state.firstRefusedAt > 5_000) throw new Error("no failed purge kept within 5 s");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      for (const index of [0, 1]) {
        processOf(index).kill();
        await processOf(index).exited;
        fs.rmSync(dataDirOf(index), { recursive: true, force: true });
      }
      relay.state.up = true;
      // Varnish still holds the old page: nothing purged it.
      expect((await request(`/sectores/${SECTOR}`)).body).not.toContain("Editado antes del SIGKILL");
      // A start reads the dataset as it is and sees no change: only the kept purge can show the edit.
      await processOf(1).start();
      await waitForText(`/sectores/${SECTOR}`, "Editado antes del SIGKILL", 10_000);
      await processOf(0).start();
      // Exact still: the lists it does not change stay.
      expect(await purged(["/", "/sectores", "/calculadora"])).toEqual([]);
    } finally {
      await database.end();
      await relay.close();
    }
  }, 180_000);
});
