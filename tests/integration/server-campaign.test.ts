// Campaign pages on the running production server, on both content sources: a page added to the
// content while the server runs is live within 5 s (server-rendered, in the sitemap, with its own
// social card, served from the page cache), and 404 once removed; a campaign page never takes a path a
// route owns; broken blocks never cost a 5xx.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { hostileCampaignPage } from "../support/campaign";
import { readDocuments, SEED_FILE, writeDocuments } from "../support/dataset";
import { type ProductionServer, request, startServer } from "../support/production-server";
import { type SanityHttpStandIn, startSanityHttpStandIn } from "../support/sanity-http-stand-in";

const LIVE_WITHIN_MS = 5_000;

function newCampaign(slug: string, heading: string) {
  return {
    _id: `campaignPage.${slug}`,
    _type: "campaignPage",
    title: `Campaña ${heading}`,
    slug: { _type: "slug", current: slug },
    seo: { title: `SEO ${heading}`, description: "Descripción de la campaña de prueba." },
    blocks: [
      { _key: "hero", _type: "heroBlock", heading },
      { _key: "form", _type: "leadFormBlock", heading: "Escríbenos", fields: ["empresa"] },
    ],
  };
}

async function text(server: ProductionServer, pathname: string) {
  const response = await request(`${server.baseUrl}${pathname}`);
  return { status: response.status, body: response.body.toString("utf8"), headers: response.headers };
}

async function expectLive(server: ProductionServer, slug: string, heading: string) {
  await expect
    .poll(async () => (await text(server, `/${slug}`)).status, { timeout: LIVE_WITHIN_MS, interval: 200 })
    .toBe(200);
  const page = await text(server, `/${slug}`);
  expect(page.body).toContain(heading);
  expect(page.body).toMatch(/<h1[^>]*>[^<]*/);
  const sitemap = await text(server, "/sitemap.xml");
  expect(sitemap.body).toContain(`/${slug}</loc>`);
  const card = page.body.match(/property="og:image" content="([^"]+)"/)?.[1]?.replace(/&amp;/g, "&");
  expect(card).toContain(`/social/${slug}.png?v=`);
  const image = await request(card!);
  expect(image.status).toBe(200);
  const metadata = await sharp(image.body).metadata();
  expect([metadata.format, metadata.width, metadata.height]).toEqual(["png", 1200, 630]);
}

describe("on the embedded dataset", () => {
  let server: ProductionServer;
  let file: string;
  beforeAll(async () => {
    server = await startServer();
    file = path.join(server.dataDir, "production.ndjson");
  }, 60_000);
  afterAll(async () => server?.stop());

  it("serves the seeded pages from the page cache like every public page", async () => {
    await text(server, "/reformas-integrales");
    const second = await text(server, "/reformas-integrales");
    expect(second.status).toBe(200);
    expect(second.headers["x-cache"]).toBe("HIT");
  });

  it("a page added while the server runs is live within 5 s, and 404 within 5 s of its removal", async () => {
    const documents = readDocuments(file);
    writeDocuments(file, [...documents, newCampaign("prueba-en-vivo", "Titular de la campaña en vivo")]);
    await expectLive(server, "prueba-en-vivo", "Titular de la campaña en vivo");
    writeDocuments(file, documents);
    await expect
      .poll(async () => (await text(server, "/prueba-en-vivo")).status, { timeout: LIVE_WITHIN_MS, interval: 200 })
      .toBe(404);
    expect((await text(server, "/sitemap.xml")).body).not.toContain("/prueba-en-vivo<");
  }, 30_000);

  it("never takes a route's path, and renders a page of broken blocks without a 5xx", async () => {
    const documents = readDocuments(file);
    writeDocuments(file, [
      ...documents,
      { ...newCampaign("calculadora", "Campaña que intenta ocupar la calculadora"), _id: "campaignPage.intrusa" },
      hostileCampaignPage("bloques-rotos"),
    ]);
    await expect
      .poll(async () => (await text(server, "/bloques-rotos")).status, { timeout: LIVE_WITHIN_MS, interval: 200 })
      .toBe(200);
    const broken = await text(server, "/bloques-rotos");
    expect(broken.body).toContain("Titular que sí se ve");
    expect(broken.body).toContain("Llamada final");
    expect(broken.body).not.toContain("Segundo formulario");
    const calculator = await text(server, "/calculadora");
    expect(calculator.status).toBe(200);
    expect(calculator.body).not.toContain("Campaña que intenta ocupar la calculadora");
    writeDocuments(file, documents);
  }, 30_000);
});

describe("on Sanity (Content Lake stand-in)", () => {
  let standIn: SanityHttpStandIn;
  let server: ProductionServer;
  let file: string;
  beforeAll(async () => {
    file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "server-campaign-")), "production.ndjson");
    fs.copyFileSync(SEED_FILE, file);
    standIn = await startSanityHttpStandIn(file);
    server = await startServer({ SANITY_PROJECT_ID: "campaignproject", SANITY_API_HOST: standIn.url });
    await standIn.waitForConnections(1);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await standIn?.close();
  });

  it("a published page is live within 5 s of the Live Content API's event, and 404 once removed", async () => {
    const documents = readDocuments(file);
    expect((await text(server, "/en-sanity")).status).toBe(404);
    writeDocuments(file, [...documents, newCampaign("en-sanity", "Titular publicado en Sanity")]);
    standIn.send("message", { tags: ["s1:campaign"] });
    await expectLive(server, "en-sanity", "Titular publicado en Sanity");
    writeDocuments(file, documents);
    standIn.send("message", { tags: ["s1:campaign"] });
    await expect
      .poll(async () => (await text(server, "/en-sanity")).status, { timeout: LIVE_WITHIN_MS, interval: 200 })
      .toBe(404);
  }, 30_000);
});
