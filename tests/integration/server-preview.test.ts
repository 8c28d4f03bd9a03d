// Draft preview through the production server: the handshake, the preview answers' headers (private,
// noindex, Studio may frame them), the bar, and the page cache that never stores or serves a preview.
import zlib from "node:zlib";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { DRAFT_NAME, DRAFT_ONLY_SLUG, DRAFT_SLUG, enableUrl, writePreviewDataset } from "../support/preview-fixtures";
import { type ProductionServer, type RawResponse, request, startServer } from "../support/production-server";

const STUDIO = "https://studio.example";
const dataset = writePreviewDataset();
let server: ProductionServer;

beforeAll(async () => {
  server = await startServer({ CONTENT_DATASET_FILE: dataset.file, SANITY_STUDIO_URL: STUDIO });
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

const get = (pathname: string, cookie?: string) =>
  request(`${server.baseUrl}${pathname}`, { headers: cookie ? { Cookie: cookie } : {} });

function html(response: RawResponse): string {
  const encoding = response.headers["content-encoding"];
  if (encoding === "br") return zlib.brotliDecompressSync(response.body).toString("utf8");
  if (encoding === "gzip") return zlib.gunzipSync(response.body).toString("utf8");
  return response.body.toString("utf8");
}

async function previewCookie(): Promise<string> {
  const response = await request(enableUrl(server.baseUrl, dataset.secret));
  expect(response.status).toBe(307);
  return String(response.headers["set-cookie"]).split(";")[0]!;
}

describe("draft preview through the production server", () => {
  it("enable answers 401 for a wrong secret, 307 + cookie for a valid one", async () => {
    const wrong = await request(enableUrl(server.baseUrl, "wrong"));
    expect(wrong.status).toBe(401);
    expect(wrong.headers["set-cookie"]).toBeUndefined();
    const valid = await request(enableUrl(server.baseUrl, dataset.secret));
    expect(valid.status).toBe(307);
    expect(valid.headers.location).toMatch(new RegExp(`^/sectores/${DRAFT_SLUG}`));
    expect(String(valid.headers["set-cookie"])).toMatch(/^site_preview=.*HttpOnly/i);
  });

  it("serves the draft privately, unindexed, never from the cache, with the bar", async () => {
    const cookie = await previewCookie();
    const pathname = `/sectores/${DRAFT_SLUG}`;
    // Warm the public entry first: a preview request must not be answered from it.
    await get(pathname);
    expect((await get(pathname)).headers["x-cache"]).toBe("HIT");
    for (let i = 0; i < 2; i++) {
      const response = await get(pathname, cookie);
      expect(response.status).toBe(200);
      expect(response.headers["x-cache"]).not.toBe("HIT");
      expect(response.headers["cache-control"]).toBe("private, no-store");
      expect(response.headers["x-robots-tag"]).toBe("noindex");
      expect(response.headers["content-security-policy"]).toMatch(
        /frame-ancestors 'self'[^;]* https:\/\/studio\.example/,
      );
      const body = html(response);
      expect(body).toContain(DRAFT_NAME);
      expect(body).toContain("Vista previa: estás viendo borradores");
      expect(body).toContain("Salir de la vista previa");
    }
    const draftOnly = await get(`/sectores/${DRAFT_ONLY_SLUG}`, cookie);
    expect(draftOnly.status).toBe(200);
    expect(draftOnly.headers["cache-control"]).toBe("private, no-store");
    const data = await get(`${pathname}?_data=routes%2Fsectores.%24slug`, cookie);
    expect(data.headers["cache-control"]).toBe("private, no-store");
    expect(html(data)).toContain(DRAFT_NAME);
  });

  it("keeps every visitor without the cookie on the published page, with today's strict policy", async () => {
    await get(`/sectores/${DRAFT_SLUG}`, await previewCookie());
    for (let i = 0; i < 2; i++) {
      const response = await get(`/sectores/${DRAFT_SLUG}`);
      const body = html(response);
      expect(body).not.toContain(DRAFT_NAME);
      expect(body).toContain(dataset.publishedName);
      expect(body).not.toContain("Vista previa");
      expect(response.headers["cache-control"]).toMatch(/\bpublic\b/);
      expect(response.headers["x-robots-tag"]).toBeUndefined();
      expect(response.headers["content-security-policy"]).not.toContain("studio.example");
      expect(response.headers["content-security-policy"]).toMatch(/(^|; )style-src 'self';/);
    }
    expect((await get(`/sectores/${DRAFT_ONLY_SLUG}`)).status).toBe(404);
  });

  it("disable clears the cookie and redirects to the page", async () => {
    const response = await get(`/api/preview-mode/disable?redirect=/sectores/${DRAFT_SLUG}`, await previewCookie());
    expect(response.status).toBe(307);
    expect(response.headers.location).toBe(`/sectores/${DRAFT_SLUG}`);
    expect(String(response.headers["set-cookie"])).toMatch(/^site_preview=;.*Expires=Thu, 01 Jan 1970/i);
  });

  // Last: it spends this address's handshakes (FORM_RATE_LIMIT, 20 by default, per 10 minutes).
  it("answers handshakes past FORM_RATE_LIMIT from one address with 429 and a Spanish message, enabling nothing", async () => {
    const answers = [];
    for (let attempt = 0; attempt < 21; attempt += 1) {
      answers.push((await request(enableUrl(server.baseUrl, `wrong-${attempt}`))).status);
    }
    expect(answers.at(-1)).toBe(429);
    expect(answers.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    const valid = await request(enableUrl(server.baseUrl, dataset.secret));
    expect(valid.status).toBe(429);
    expect(valid.headers["set-cookie"]).toBeUndefined();
    expect(Number(valid.headers["retry-after"])).toBeGreaterThan(0);
    expect(valid.body.toString("utf8")).toMatch(/Demasiados intentos/);
  });
});
