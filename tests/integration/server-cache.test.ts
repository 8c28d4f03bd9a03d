// The production server's page cache, as a browser or CDN sees it: hit after the first request, dropped
// when content changes, never for POST or personalised requests; ETag/304; brotli and gzip negotiation.
import { createHmac } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { readDocuments, SEED_FILE, writeDocuments } from "../support/dataset";
import { type ProductionServer, request, startServer } from "../support/production-server";

const PAGE = "/servicios/google-ads";
const WEBHOOK_SECRET = "cache-test-secret";
let server: ProductionServer;
let datasetFile: string;

beforeAll(async () => {
  datasetFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "server-cache-")), "production.ndjson");
  fs.copyFileSync(SEED_FILE, datasetFile);
  server = await startServer({ CONTENT_DATASET_FILE: datasetFile, SANITY_WEBHOOK_SECRET: WEBHOOK_SECRET });
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

const get = (pathname: string, headers: Record<string, string> = {}) =>
  request(`${server.baseUrl}${pathname}`, { headers });

function decode(response: { headers: Record<string, unknown>; body: Buffer }): string {
  const encoding = response.headers["content-encoding"];
  if (encoding === "br") return zlib.brotliDecompressSync(response.body).toString("utf8");
  if (encoding === "gzip") return zlib.gunzipSync(response.body).toString("utf8");
  return response.body.toString("utf8");
}

/**
 * A URL nobody else in this file requests, so its first request is a guaranteed miss: a calculator
 * prefill (one of the few query parameters that change a page, and so the cache key).
 */
let unique = 0;
const fresh = () => `/calculadora?presupuesto=${Date.now()}${unique++}`;

describe("page cache", () => {
  it("renders a public page on the first request and answers the next ones from memory, byte for byte", async () => {
    const url = fresh();
    const first = await get(url);
    const second = await get(url);
    expect(first.status).toBe(200);
    expect(first.headers["x-cache"]).toBe("MISS");
    expect(second.headers["x-cache"]).toBe("HIT");
    expect(second.body.equals(first.body)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(first.headers["content-type"]).toMatch(/^text\/html/);
  });

  it("declares the page shareable by a CDN: s-maxage and stale-while-revalidate", async () => {
    const response = await get(PAGE);
    expect(response.headers["cache-control"]).toMatch(/\bpublic\b/);
    expect(response.headers["cache-control"]).toMatch(/s-maxage=\d+/);
    expect(response.headers["cache-control"]).toMatch(/stale-while-revalidate=\d+/);
  });

  it("answers HEAD from the same entry, without a body", async () => {
    const url = fresh();
    const full = await get(url);
    const head = await request(`${server.baseUrl}${url}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers["x-cache"]).toBe("HIT");
    expect(head.body.length).toBe(0);
    expect(Number(head.headers["content-length"])).toBe(full.body.length);
  });

  it("keys by path and the parameters that change the page, ignoring campaign and unknown parameters", async () => {
    const url = fresh();
    await get(url);
    const fromAd = await get(`${url}&utm_source=google&utm_campaign=leads&gclid=Cj0KCQ`);
    expect(fromAd.headers["x-cache"]).toBe("HIT");
    expect((await get(`${url}&orden=2`)).headers["x-cache"]).toBe("HIT");
    const otherPrefill = await get(`${url}&sector=Ecommerce`);
    expect(otherPrefill.headers["x-cache"]).toBe("MISS");
  });

  it("serves the same cached page to a visitor with only the consent cookie, and bypasses it for any other cookie", async () => {
    const url = fresh();
    await get(url);
    expect((await get(url, { Cookie: "cookie_consent=analytics%3D0%26ads%3D1; _ga=GA1.1.1" })).headers["x-cache"]).toBe(
      "HIT",
    );
    expect((await get(url, { Cookie: "__session=abc123" })).headers["x-cache"]).toBe("MISS");
    expect((await get(url, { Cookie: "cookie_consent=1; __session=abc123" })).headers["x-cache"]).toBe("MISS");
  });

  it("never answers Remix data requests or draft previews from the page cache", async () => {
    await get(PAGE);
    const data = await get(`${PAGE}?_data=root`);
    expect(data.headers["x-cache"]).toBe("MISS");
    expect(data.headers["content-type"]).toMatch(/json/);
    const preview = await get(`${PAGE}?preview=1`);
    expect(preview.headers["x-cache"]).toBe("MISS");
    expect((await get(`${PAGE}?preview=1`)).headers["x-cache"]).toBe("MISS");
  });

  it("never caches a POST, and a POST does not fill the cache for the next GET", async () => {
    const url = fresh();
    const post = () =>
      request(`${server.baseUrl}${url}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "nombre=",
      });
    const first = await post();
    const second = await post();
    expect(first.headers["x-cache"]).toBe("MISS");
    expect(second.headers["x-cache"]).toBe("MISS");
    expect((await get(url)).headers["x-cache"]).toBe("MISS");
  });

  it("does not cache a not-found page", async () => {
    const first = await get("/no-existe-esta-pagina");
    const second = await get("/no-existe-esta-pagina");
    expect(first.status).toBe(404);
    expect(second.status).toBe(404);
    expect(second.headers["x-cache"]).toBe("MISS");
  });
});

describe("ETag and conditional requests", () => {
  it("answers 304 without a body when If-None-Match holds the current ETag", async () => {
    const url = fresh();
    const first = await get(url, { "Accept-Encoding": "br" });
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const revalidated = await get(url, { "Accept-Encoding": "br", "If-None-Match": etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers.etag).toBe(etag);
    const stale = await get(url, { "Accept-Encoding": "br", "If-None-Match": '"not-the-current-version"' });
    expect(stale.status).toBe(200);
    expect(stale.body.length).toBeGreaterThan(0);
  });

  it("gives each encoding its own strong ETag", async () => {
    const url = fresh();
    const br = await get(url, { "Accept-Encoding": "br" });
    const gzip = await get(url, { "Accept-Encoding": "gzip" });
    const identity = await get(url);
    const tags = [br.headers.etag, gzip.headers.etag, identity.headers.etag];
    expect(new Set(tags).size).toBe(3);
    for (const tag of tags) expect(tag).not.toMatch(/^W\//);
  });
});

describe("compression", () => {
  it("sends brotli when accepted, gzip otherwise, identity to clients that accept neither — all the same page", async () => {
    const url = fresh();
    const identity = await get(url);
    const br = await get(url, { "Accept-Encoding": "gzip, deflate, br" });
    const gzip = await get(url, { "Accept-Encoding": "gzip, deflate" });
    const refusesBrotli = await get(url, { "Accept-Encoding": "br;q=0, gzip" });
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(refusesBrotli.headers["content-encoding"]).toBe("gzip");
    for (const response of [identity, br, gzip]) expect(response.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.body.length).toBeLessThan(identity.body.length / 3);
    expect(decode(br)).toBe(identity.body.toString("utf8"));
    expect(decode(gzip)).toBe(identity.body.toString("utf8"));
  });

  it("compresses responses that are not cached too", async () => {
    const response = await get("/no-existe-esta-pagina", { "Accept-Encoding": "gzip" });
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(decode(response)).toContain("Oops! Page not found");
  });

  it("serves hashed build assets precompressed and immutable for a year", async () => {
    const html = (await get("/")).body.toString("utf8");
    const script = /\/build\/[^"']+\.js/.exec(html)?.[0];
    expect(script).toBeTruthy();
    const asset = await get(script!, { "Accept-Encoding": "br" });
    expect(asset.status).toBe(200);
    expect(asset.headers["content-encoding"]).toBe("br");
    expect(asset.headers["content-type"]).toMatch(/javascript/);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const revalidated = await get(script!, { "Accept-Encoding": "br", "If-None-Match": asset.headers.etag! });
    expect(revalidated.status).toBe(304);
  });
});

describe("public files", () => {
  it("serves the favicon from memory with an hour of caching", async () => {
    const icon = await get("/favicon.svg", { "Accept-Encoding": "br" });
    expect(icon.status).toBe(200);
    expect(icon.headers["content-type"]).toBe("image/svg+xml");
    expect(icon.headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("never serves a file outside public/", async () => {
    for (const attempt of [
      "/build/../package.json",
      "/build/..%2F..%2Fpackage.json",
      "/build/%2e%2e/%2e%2e/server.ts",
    ]) {
      const response = await get(attempt);
      expect(response.status, attempt).toBe(404);
      expect(response.body.toString("utf8"), attempt).not.toContain('"devDependencies"');
    }
  });
});

describe("dropping the cache", () => {
  function editHeroTitle(id: string, title: string) {
    const documents = readDocuments(datasetFile).map((document) =>
      document._id === id ? { ...document, hero: { ...(document.hero as object), title } } : document,
    );
    writeDocuments(datasetFile, documents);
  }

  it("serves an edit of the dataset file within 5 seconds, rendered afresh", async () => {
    const before = await get(PAGE);
    await get(PAGE);
    expect((await get(PAGE)).headers["x-cache"]).toBe("HIT");
    expect(before.body.toString("utf8")).not.toContain("Título editado en el estudio");

    editHeroTitle("googleAdsPage", "Título editado en el estudio");
    const deadline = Date.now() + 5000;
    let page = "";
    while (Date.now() < deadline) {
      page = (await get(PAGE)).body.toString("utf8");
      if (page.includes("Título editado en el estudio")) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(page).toContain("Título editado en el estudio");
    expect((await get(PAGE)).headers["x-cache"]).toBe("HIT");
  }, 15_000);

  it("keeps every cached page when the signed revalidate webhook names a document whose content did not change", async () => {
    await get("/");
    expect((await get("/")).headers["x-cache"]).toBe("HIT");
    const body = JSON.stringify({ _id: "landingPage", _type: "landingPage" });
    const timestamp = Date.now();
    const signature = `t=${timestamp},v1=${createHmac("sha256", WEBHOOK_SECRET).update(`${timestamp}.${body}`).digest("base64url")}`;
    const webhook = await request(`${server.baseUrl}/api/revalidate`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "sanity-webhook-signature": signature },
      body,
    });
    expect(webhook.status).toBe(200);
    // Exact invalidation (docs/decisions/0015-tag-based-invalidation.md): nothing changed, nothing dropped.
    expect((await get("/")).headers["x-cache"]).toBe("HIT");
  });
});
