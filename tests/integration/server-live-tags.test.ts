// Sync tags on Sanity, through the built server and a Content Lake stand-in that answers with sync tags
// and sends the Live event a publication would: a page carries its queries' sync tags, and a Live event
// drops only the pages holding the tags it names (within 2 s), purging the same tags at the shared cache,
// and every query asked again after it names it (lastLiveEventId: no CDN answer from before it); a lost
// Live connection resumes from the last event (what it missed then arrives, nothing else is dropped), and
// one that cannot resume starts with a restart, which drops everything.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { SITE_TAG } from "~/content/cache-tags.server";

import { readDocuments, SEED_FILE, writeDocuments } from "../support/dataset";
import { seenWithin } from "../support/live-within";
import { type ProductionServer, request, startServer } from "../support/production-server";
import { type SanityHttpStandIn, startSanityHttpStandIn } from "../support/sanity-http-stand-in";

let server: ProductionServer;
let standIn: SanityHttpStandIn;
let datasetFile: string;
const purges: string[][] = [];
let purgeStandIn: http.Server;

beforeAll(async () => {
  purgeStandIn = http.createServer((req, res) => {
    if (req.method === "PURGE") purges.push(String(req.headers["xkey-purge"] ?? "").split(" "));
    res.writeHead(200).end();
  });
  await new Promise<void>((resolve) => purgeStandIn.listen(0, "127.0.0.1", resolve));
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "server-live-tags-"));
  datasetFile = path.join(directory, "production.ndjson");
  fs.copyFileSync(SEED_FILE, datasetFile);
  standIn = await startSanityHttpStandIn(datasetFile, { syncTags: true });
  server = await startServer({
    SANITY_PROJECT_ID: "live-tags",
    SANITY_API_HOST: standIn.url,
    SHARED_CACHE_PURGE_URL: `http://127.0.0.1:${(purgeStandIn.address() as AddressInfo).port}/`,
  });
  await standIn.waitForConnections(1);
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await standIn?.close();
  purgeStandIn?.close();
});

const get = (pathname: string) => request(`${server.baseUrl}${pathname}`);
const cacheOf = async (pathname: string) => (await get(pathname)).headers["x-cache"];
const PAGES = ["/", "/sectores", "/sectores/construccion", "/sectores/software-b2b", "/sitemap.xml"];

function edit(title: string) {
  writeDocuments(
    datasetFile,
    readDocuments(datasetFile).map((document) =>
      document._id === "sectorPage.construccion"
        ? { ...document, explanation: { ...(document.explanation as object), title } }
        : document,
    ),
  );
}

/** Waits until `pathname` shows `text`, 5 s at most from now. */
async function waitForText(pathname: string, text: string) {
  const deadline = Date.now() + 5_000;
  while (!(await get(pathname)).body.toString("utf8").includes(text) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
  expect((await get(pathname)).body.toString("utf8"), pathname).toContain(text);
}

async function warm() {
  for (const page of PAGES) await get(page);
  for (const page of PAGES) expect(await cacheOf(page), page).toBe("HIT");
}

describe("sync tags on Sanity", () => {
  it("tags each page with the sync tags of its queries", async () => {
    const tags = String((await get("/sectores/construccion")).headers["surrogate-key"]).split(" ");
    expect(tags[0]).toBe(SITE_TAG);
    expect(tags.filter((tag) => tag.startsWith("s1:")).length).toBeGreaterThanOrEqual(2);
  });

  it("drops only the pages holding the tags a Live event names, within 2 s, and purges them at the shared cache", async () => {
    await warm();
    purges.length = 0;
    writeDocuments(
      datasetFile,
      readDocuments(datasetFile).map((document) =>
        document._id === "sectorPage.construccion"
          ? { ...document, explanation: { ...(document.explanation as object), title: "Corregido en el Studio" } }
          : document,
      ),
    );
    const changed = await standIn.publish();
    expect(changed.length).toBeGreaterThan(0);
    const published = Date.now();
    const seen = await seenWithin(
      async () => (await get("/sectores/construccion")).body.toString("utf8").includes("Corregido en el Studio"),
      published,
      2_000,
    );
    expect(seen).toBe(true);
    for (const page of ["/", "/sectores", "/sectores/software-b2b", "/sitemap.xml"])
      expect(await cacheOf(page), page).toBe("HIT");
    // The purges go out after the pages are dropped: waited for, not given a fixed 200 ms.
    await vi.waitFor(() => expect(purges.flat()).toEqual(expect.arrayContaining(changed)), {
      timeout: 10_000,
      interval: 50,
    });
    expect(purges.flat()).not.toContain(SITE_TAG);
    // The refetch asked for an answer at least as fresh as the event (what Sanity's CDN needs).
    expect(standIn.staleRefetches()).toEqual([]);
  }, 30_000);

  it("resumes a lost Live connection from its last event: what was published meanwhile arrives, nothing else is dropped", async () => {
    // An event the server has applied: it knows a position in the stream.
    edit("Antes del corte");
    await standIn.publish();
    await waitForText("/sectores/construccion", "Antes del corte");
    await warm();
    const resumedBefore = standIn.resumedConnections();
    const opened = standIn.connections().total;
    standIn.cut();
    edit("Publicado sin conexión");
    expect((await standIn.publish()).length).toBeGreaterThan(0);
    await standIn.waitForConnections(opened + 1);
    await waitForText("/sectores/construccion", "Publicado sin conexión");
    expect(standIn.resumedConnections()).toBeGreaterThan(resumedBefore);
    for (const page of ["/", "/sectores", "/sectores/software-b2b"]) expect(await cacheOf(page), page).toBe("HIT");
    expect(standIn.staleRefetches()).toEqual([]);
  }, 45_000);

  it("drops everything when a lost connection cannot resume (the stream starts with a restart)", async () => {
    await warm();
    const opened = standIn.connections().total;
    standIn.forgetEvents();
    standIn.cut();
    await standIn.waitForConnections(opened + 1);
    // No time is promised here: the deadline only ends a wait for a drop that never comes.
    const deadline = Date.now() + 30_000;
    while ((await cacheOf("/sectores/software-b2b")) === "HIT" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const page of ["/sectores", "/sectores/construccion"]) expect(await cacheOf(page), page).toBe("MISS");
  }, 60_000);
});
