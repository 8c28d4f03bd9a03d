// The platform's outside: live content reloads, sitemap, robots, health, revalidate webhook, 404s.
import { createHmac } from "node:crypto";

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { contentSource } from "~/content/index.server";
import { sectorPageQuery } from "~/content/queries";
import { loader as notFoundLoader } from "~/routes/$";
import { action as revalidateAction } from "~/routes/api.revalidate";
import { loader as healthLoader } from "~/routes/healthz";
import { loader as robotsLoader } from "~/routes/robots[.]txt";
import { loader as sectorLoader } from "~/routes/sectores.$slug";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";

import { newSectorPage, readDocuments, useDatasetCopy, writeDocuments } from "../support/dataset";
import { callAction, callLoader } from "../support/routes";
import { STATIC_PAGES } from "../support/site-pages";

let datasetFile: string;

beforeEach(() => {
  datasetFile = useDatasetCopy();
  process.env.PUBLIC_SITE_URL = "https://leads.example.es";
});
afterEach(() => {
  delete process.env.SANITY_WEBHOOK_SECRET;
  delete process.env.PUBLIC_SITE_URL;
  vi.restoreAllMocks();
});

function publishNewSector(slug: string, name: string) {
  const documents = readDocuments(datasetFile);
  const template = documents.find((document) => document._type === "sectorPage")!;
  writeDocuments(datasetFile, [...documents, newSectorPage(template, slug, name)]);
}

describe("local content source", () => {
  it("serves an edit of the dataset file within 5 seconds, without a restart", async () => {
    expect(await contentSource().fetch(sectorPageQuery, { slug: "drones-agricolas" })).toBeNull();
    publishNewSector("drones-agricolas", "Drones agrícolas");
    await vi.waitFor(
      async () => expect(await contentSource().fetch(sectorPageQuery, { slug: "drones-agricolas" })).not.toBeNull(),
      { timeout: 5000, interval: 250 },
    );
  });

  it("never serves draft documents", async () => {
    const documents = readDocuments(datasetFile);
    const sector = documents.find((document) => document._type === "sectorPage")!;
    writeDocuments(datasetFile, [
      ...documents,
      { ...newSectorPage(sector, "solo-borrador", "Borrador"), _id: "drafts.sectorPage.solo-borrador" },
    ]);
    contentSource().invalidate();
    expect(await contentSource().fetch(sectorPageQuery, { slug: "solo-borrador" })).toBeNull();
  });
});

describe("sitemap.xml", () => {
  it("lists every public page and every sector page of the dataset, as absolute URLs, including one added now", async () => {
    publishNewSector("drones-agricolas", "Drones agrícolas");
    contentSource().invalidate();
    const response = (await callLoader(sitemapLoader, "/sitemap.xml")) as Response;
    expect(response.headers.get("Content-Type")).toContain("xml");
    const xml = await response.text();
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    for (const path of STATIC_PAGES) {
      expect(locations).toContain(`https://leads.example.es${path}`);
    }
    const sectorSlugs = readDocuments(datasetFile)
      .filter((document) => document._type === "sectorPage")
      .map((document) => (document.slug as { current: string }).current);
    expect(sectorSlugs.length).toBeGreaterThanOrEqual(33);
    for (const slug of sectorSlugs) expect(locations).toContain(`https://leads.example.es/sectores/${slug}`);
  });
});

describe("robots.txt and healthz", () => {
  it("robots allows everything and names the sitemap", async () => {
    const text = await ((await callLoader(robotsLoader, "/robots.txt")) as Response).text();
    expect(text).toMatch(/User-agent: \*\nAllow: \//);
    expect(text).toContain("Sitemap: https://leads.example.es/sitemap.xml");
  });

  it("healthz reports the content source reachable and the delivery queue", async () => {
    const response = (await callLoader(healthLoader, "/healthz")) as Response;
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.content).toEqual({ source: "local", reachable: true });
    expect(body.submissions).toMatchObject({ pending: expect.any(Number), failed: expect.any(Number) });
  });

  it("healthz answers 503 when the dataset cannot be read", async () => {
    process.env.CONTENT_DATASET_FILE = `${datasetFile}.missing`;
    const { resetContentSource } = await import("~/content/source.server");
    resetContentSource();
    const response = (await callLoader(healthLoader, "/healthz")) as Response;
    expect(response.status).toBe(503);
    expect((await response.json()).content.reachable).toBe(false);
  });
});

describe("POST /api/revalidate", () => {
  const body = JSON.stringify({ _id: "sectorPage.construccion", _type: "sectorPage" });
  const sign = (secret: string, payload: string, timestamp = Date.now()) =>
    `t=${timestamp},v1=${createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("base64url")}`;
  const post = (headers: Record<string, string> = {}) =>
    callAction(revalidateAction, "/api/revalidate", {
      method: "POST",
      body,
      headers: { "Content-Type": "application/json", ...headers },
    }) as Promise<Response>;

  it("does not exist (404) when no secret is configured", async () => {
    expect((await post({ "sanity-webhook-signature": sign("anything", body) })).status).toBe(404);
  });

  it("answers 401 to a wrong or missing signature and keeps the cache", async () => {
    process.env.SANITY_WEBHOOK_SECRET = "s3cret";
    const refresh = vi.spyOn(contentSource(), "refresh");
    const invalidate = vi.spyOn(contentSource(), "invalidate");
    expect((await post({ "sanity-webhook-signature": sign("wrong", body) })).status).toBe(401);
    expect((await post()).status).toBe(401);
    expect(refresh).not.toHaveBeenCalled();
    expect(invalidate).not.toHaveBeenCalled();
  });

  it("checks the cached content again (dropping what changed) when the signature over the raw body is valid", async () => {
    process.env.SANITY_WEBHOOK_SECRET = "s3cret";
    const refresh = vi.spyOn(contentSource(), "refresh");
    const response = await post({ "sanity-webhook-signature": sign("s3cret", body) });
    expect(response.status).toBe(200);
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});

describe("not found", () => {
  it("answers 404 for an unknown path and logs one line naming it", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = (await callLoader(notFoundLoader, "/no-existe-esta-pagina", {
      "*": "no-existe-esta-pagina",
    })) as Response;
    expect(response.status).toBe(404);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(errors.mock.calls[0][0]))).toMatchObject({
      level: "error",
      path: "/no-existe-esta-pagina",
    });
  });

  it("answers 404 (never 500) for unknown or hostile sector slugs", async () => {
    for (const slug of ["no-existe", "../../etc/passwd", "a\u0000b", "x".repeat(5000)]) {
      const response = (await callLoader(sectorLoader, `/sectores/${encodeURIComponent(slug)}`, { slug })) as Response;
      expect(response.status).toBe(404);
    }
  });
});
