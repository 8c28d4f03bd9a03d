// Cache tags on the built server (embedded dataset): every cached page names the query results it showed
// in one Surrogate-Key header, and an edit of the dataset file drops exactly the pages that showed what
// changed: one sector page's text, that page (and the sitemap that dates it); its name, also the lists
// and related links that show it; a new sector page, the lists and the sitemap; site settings, every page.
// With SHARED_CACHE_PURGE_URL the same tags are purged at a stand-in shared cache.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { queryTag, SITE_TAG } from "~/content/cache-tags.server";
import {
  calculatorSectorsQuery,
  campaignPageQuery,
  sectorPageQuery,
  sectorsDirectoryQuery,
  sectorSlugsQuery,
  siteSettingsQuery,
} from "~/content/queries";

import { newSectorPage, readDocuments, SEED_FILE, writeDocuments } from "../support/dataset";
import { type ProductionServer, request, startServer } from "../support/production-server";

let server: ProductionServer;
let datasetFile: string;
/** The stand-in shared cache: every PURGE it received, as its xkey-purge tags. */
const purges: string[][] = [];
let standIn: http.Server;

beforeAll(async () => {
  standIn = http.createServer((req, res) => {
    if (req.method === "PURGE") purges.push(String(req.headers["xkey-purge"] ?? "").split(" "));
    res.writeHead(200).end("ok");
  });
  await new Promise<void>((resolve) => standIn.listen(0, "127.0.0.1", resolve));
  const purgeUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}/`;
  datasetFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "server-cache-tags-")), "production.ndjson");
  fs.copyFileSync(SEED_FILE, datasetFile);
  fs.cpSync(path.join(path.dirname(SEED_FILE), "images"), path.join(path.dirname(datasetFile), "images"), {
    recursive: true,
  });
  server = await startServer({ CONTENT_DATASET_FILE: datasetFile, SHARED_CACHE_PURGE_URL: purgeUrl });
}, 60_000);
afterAll(async () => {
  await server?.stop();
  standIn?.close();
});

const get = (pathname: string) => request(`${server.baseUrl}${pathname}`);
const tagsOf = async (pathname: string) => {
  const response = await get(pathname);
  expect(response.status, pathname).toBe(200);
  return String(response.headers["surrogate-key"] ?? "").split(" ");
};
const cacheOf = async (pathname: string) => (await get(pathname)).headers["x-cache"];

const SECTOR = "construccion";
const OTHER_SECTOR = "software-b2b";
const PAGES = ["/", "/sectores", `/sectores/${SECTOR}`, `/sectores/${OTHER_SECTOR}`, "/calculadora", "/sitemap.xml"];

/**
 * A test that walks every sector page (four requests each) has a budget that grows with them, not one fixed
 * minute (docs/testing.md: a loaded host took over 30 s for the seed's pages).
 */
const budgetPerSectorPage =
  30_000 + 2_000 * readDocuments(SEED_FILE).filter((document) => document._type === "sectorPage").length;

/** Every page requested twice: each is then in the page cache. */
async function warm(pages = PAGES) {
  for (const page of pages) await get(page);
  for (const page of pages) expect(await cacheOf(page), page).toBe("HIT");
}

function edit(id: string, change: (document: Record<string, unknown>) => Record<string, unknown>) {
  const documents = readDocuments(datasetFile).map((document) =>
    document._id === id
      ? { ...change(document), _rev: `edited-${Date.now()}`, _updatedAt: new Date().toISOString() }
      : document,
  );
  writeDocuments(datasetFile, documents);
}

/** Waits until `pathname` shows `text` (the dataset file is polled once a second; 5 s at most). */
async function waitForText(pathname: string, text: string) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const body = (await get(pathname)).body.toString("utf8");
    if (body.includes(text)) return;
    if (Date.now() > deadline) throw new Error(`${pathname} did not show "${text}" within 5 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("the tags of each page type", () => {
  it("names the site, the settings and the page's own results; lists carry the list's result", async () => {
    const settings = queryTag(siteSettingsQuery, {});
    const sector = await tagsOf(`/sectores/${SECTOR}`);
    expect(sector[0]).toBe(SITE_TAG);
    expect(sector).toContain(settings);
    expect(sector).toContain(queryTag(sectorPageQuery, { slug: SECTOR }));
    // The related links carry a tag of their own (app/content/derived.server.ts), not the whole directory's.
    expect(sector.some((tag) => tag.startsWith("d:"))).toBe(true);
    expect(sector).not.toContain(queryTag(sectorsDirectoryQuery, {}));

    expect(await tagsOf("/sectores")).toEqual(expect.arrayContaining([settings, queryTag(sectorsDirectoryQuery, {})]));
    expect(await tagsOf("/calculadora")).toContain(queryTag(calculatorSectorsQuery, {}));
    expect(await tagsOf("/sitemap.xml")).toContain(queryTag(sectorSlugsQuery, {}));
    expect(await tagsOf("/reformas-integrales")).toContain(
      queryTag(campaignPageQuery, { slug: "reformas-integrales" }),
    );
    for (const page of ["/", "/legal", "/contacto"]) expect(await tagsOf(page), page).toContain(settings);
  });

  it("tells a purging shared cache to keep pages a day, browsers still revalidating", async () => {
    const cacheControl = (await get("/sectores")).headers["cache-control"];
    expect(cacheControl).toMatch(/\bs-maxage=86400\b/);
    expect(cacheControl).toMatch(/\bmax-age=0\b/);
    expect(cacheControl).toMatch(/\bstale-if-error=\d+/);
  });
});

describe("an edit of the dataset file", () => {
  it("of one sector page's text drops that page and the sitemap that dates it; every other page stays", async () => {
    await warm();
    purges.length = 0;
    edit(`sectorPage.${SECTOR}`, (page) => ({
      ...page,
      explanation: { ...(page.explanation as object), title: "Texto corregido por el editor" },
    }));
    await waitForText(`/sectores/${SECTOR}`, "Texto corregido por el editor");
    expect(await cacheOf("/sitemap.xml")).toBe("MISS");
    for (const page of ["/", "/sectores", `/sectores/${OTHER_SECTOR}`, "/calculadora"])
      expect(await cacheOf(page), page).toBe("HIT");
    // The shared cache got the same tags: the page's own result, never the site-wide tag.
    const purged = purges.flat();
    expect(purged).toContain(queryTag(sectorPageQuery, { slug: SECTOR }));
    expect(purged).not.toContain(SITE_TAG);
    expect(purged).not.toContain(queryTag(sectorsDirectoryQuery, {}));
  }, 20_000);

  it(
    "of a sector's name also drops the lists and the related links that show it, and no other sector page",
    async () => {
      const sitemap = (await get("/sitemap.xml")).body.toString("utf8");
      const sectorPaths = [...sitemap.matchAll(/<loc>[^<]*(\/sectores\/[^<]+)<\/loc>/g)].map((match) => match[1]!);
      const others = sectorPaths.filter((pathname) => pathname !== `/sectores/${SECTOR}`);
      await warm([...PAGES, ...others]);
      // The pages whose related links show it, before the change.
      const linking = new Set<string>();
      for (const pathname of others)
        if ((await get(pathname)).body.toString("utf8").includes(`href="/sectores/${SECTOR}"`)) linking.add(pathname);
      expect(linking.size).toBeGreaterThan(0);
      expect(linking.size).toBeLessThan(others.length);

      edit(`sectorPage.${SECTOR}`, (page) => ({ ...page, sectorName: "Construcción y Obra" }));
      await waitForText("/sectores", "Construcción y Obra");
      expect(await cacheOf("/calculadora")).toBe("MISS");
      expect(await cacheOf("/")).toBe("HIT");
      for (const pathname of others) {
        const answer = await get(pathname);
        expect(answer.headers["x-cache"], pathname).toBe(linking.has(pathname) ? "MISS" : "HIT");
        if (linking.has(pathname)) expect(answer.body.toString("utf8"), pathname).toContain("Construcción y Obra");
      }
    },
    budgetPerSectorPage,
  );

  it("adding a sector page drops /sectores and the sitemap, which then show it", async () => {
    await warm();
    const template = readDocuments(datasetFile).find((document) => document._id === `sectorPage.${OTHER_SECTOR}`)!;
    writeDocuments(datasetFile, [
      ...readDocuments(datasetFile),
      newSectorPage(template, "sector-nuevo", "Sector Nuevo"),
    ]);
    await waitForText("/sectores", "Sector Nuevo");
    await waitForText("/sitemap.xml", "/sectores/sector-nuevo");
    expect(await cacheOf("/")).toBe("HIT");
    expect((await get("/sectores/sector-nuevo")).status).toBe(200);
  }, 20_000);

  it("of the site settings drops every page", async () => {
    await warm();
    purges.length = 0;
    edit("siteSettings", (settings) => ({
      ...settings,
      footer: { ...(settings.footer as object), tagline: "Lema nuevo del pie" },
    }));
    await waitForText("/", "Lema nuevo del pie");
    for (const page of ["/sectores", `/sectores/${SECTOR}`, `/sectores/${OTHER_SECTOR}`, "/calculadora"])
      expect(await cacheOf(page), page).toBe("MISS");
    expect(purges.flat()).toContain(queryTag(siteSettingsQuery, {}));
  }, 20_000);
});
