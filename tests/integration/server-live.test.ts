// Live content on a running production server with Sanity: an event from the Live Content API drops
// the content caches and cached pages within 2 seconds, and a cut connection is opened again.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { readDocuments, SEED_FILE, writeDocuments } from "../support/dataset";
import { seenWithin } from "../support/live-within";
import { type ProductionServer, type RawResponse, request, startServer } from "../support/production-server";
import { type SanityHttpStandIn, startSanityHttpStandIn } from "../support/sanity-http-stand-in";

const PAGE = "/servicios/google-ads";
let standIn: SanityHttpStandIn;
let server: ProductionServer;
let datasetFile: string;

beforeAll(async () => {
  datasetFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "server-live-")), "production.ndjson");
  fs.copyFileSync(SEED_FILE, datasetFile);
  standIn = await startSanityHttpStandIn(datasetFile);
  server = await startServer({ SANITY_PROJECT_ID: "liveproject", SANITY_API_HOST: standIn.url });
  await standIn.waitForConnections(1);
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await standIn?.close();
});

function html(response: RawResponse): string {
  const encoding = response.headers["content-encoding"];
  if (encoding === "br") return zlib.brotliDecompressSync(response.body).toString("utf8");
  if (encoding === "gzip") return zlib.gunzipSync(response.body).toString("utf8");
  return response.body.toString("utf8");
}

/** Publishes a new hero title for the Google Ads page in the stand-in's dataset (no event yet). */
function publishTitle(title: string) {
  const documents = readDocuments(datasetFile).map((document) =>
    document._id === "googleAdsPage"
      ? { ...document, hero: { ...(document.hero as Record<string, unknown>), title } }
      : document,
  );
  writeDocuments(datasetFile, documents);
}

/** Whether the page shows `text` to a request started within 2 s of the event sent at `sentAt`. */
const shownWithin2s = (text: string, sentAt: number) =>
  seenWithin(async () => html(await request(`${server.baseUrl}${PAGE}`)).includes(text), sentAt, 2_000);

async function cachedPage(): Promise<string> {
  await request(`${server.baseUrl}${PAGE}`);
  const response = await request(`${server.baseUrl}${PAGE}`);
  expect(response.headers["x-cache"]).toBe("HIT");
  return html(response);
}

describe("live content", () => {
  it("a message event drops the cached content and pages within 2 s", async () => {
    await cachedPage();
    publishTitle("Titular publicado en vivo");
    expect(html(await request(`${server.baseUrl}${PAGE}`))).not.toContain("Titular publicado en vivo");
    standIn.send("message", { tags: ["s1:abc"] });
    expect(await shownWithin2s("Titular publicado en vivo", Date.now())).toBe(true);
  });

  it("a restart event drops everything too", async () => {
    await cachedPage();
    publishTitle("Titular tras restart");
    standIn.send("restart");
    expect(await shownWithin2s("Titular tras restart", Date.now())).toBe(true);
  });

  it("opens the connection again after it is cut, and events work on the new one", async () => {
    const before = standIn.connections().total;
    standIn.cut();
    await vi.waitFor(() => expect(standIn.connections().open).toBe(1), { timeout: 20_000, interval: 100 });
    expect(standIn.connections().total).toBeGreaterThan(before);
    await cachedPage();
    publishTitle("Titular tras reconectar");
    standIn.send("message", { tags: ["s1:def"] });
    expect(await shownWithin2s("Titular tras reconectar", Date.now())).toBe(true);
  }, 30_000);
});
