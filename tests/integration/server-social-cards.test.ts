// Social cards through the production server: every page's og:image (and the not-found page's) is an
// absolute URL answering a 1200×630 PNG of at most 400 KB; cards differ per sector, a sector published
// while the server runs gets its own; ETag, 304 and caching headers; hostile keys are 404; an editor's
// image in the SEO fields replaces the drawn card.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { newSectorPage, readDocuments, writeDocuments } from "../support/dataset";
import { type ProductionServer, request, startServer } from "../support/production-server";
import { EVERY_PAGE_KIND } from "../support/site-pages";

const PAGES = EVERY_PAGE_KIND;
const MAX_BYTES = 400 * 1024;

let server: ProductionServer;

beforeAll(async () => {
  server = await startServer();
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

async function html(path: string): Promise<{ status: number; text: string }> {
  const response = await request(`${server.baseUrl}${path}`);
  return { status: response.status, text: response.body.toString("utf8") };
}

function metaContent(page: string, key: string): string | undefined {
  const tag = [...page.matchAll(/<meta\b[^>]*>/g)]
    .map(([element]) => element)
    .find((element) => element.includes(`property="${key}"`) || element.includes(`name="${key}"`));
  const value = tag?.match(/content="([^"]*)"/)?.[1];
  return value?.replace(/&amp;/g, "&");
}

async function ogImage(path: string): Promise<string> {
  const page = await html(path);
  const url = metaContent(page.text, "og:image");
  if (!url) throw new Error(`${path} has no og:image`);
  return url;
}

async function expectCard(url: string) {
  const response = await request(url);
  expect(response.status, url).toBe(200);
  expect(response.headers["content-type"]).toBe("image/png");
  expect(response.body.length).toBeLessThanOrEqual(MAX_BYTES);
  const metadata = await sharp(response.body).metadata();
  expect([metadata.format, metadata.width, metadata.height]).toEqual(["png", 1200, 630]);
  return response;
}

describe("og:image on every page", () => {
  it.each([...PAGES, "/no-existe-esta-pagina"])(
    "%s announces an absolute 1200×630 card that loads",
    async (path) => {
      const page = await html(path);
      expect(page.status).toBe(path === "/no-existe-esta-pagina" ? 404 : 200);
      const url = metaContent(page.text, "og:image")!;
      expect(url).toMatch(new RegExp(`^${server.baseUrl}/social/[a-z0-9/-]+\\.png\\?v=[0-9a-z]+$`));
      expect(metaContent(page.text, "og:image:width")).toBe("1200");
      expect(metaContent(page.text, "og:image:height")).toBe("630");
      expect(metaContent(page.text, "og:image:type")).toBe("image/png");
      expect(metaContent(page.text, "og:image:alt")?.length).toBeGreaterThan(5);
      expect(metaContent(page.text, "twitter:card")).toBe("summary_large_image");
      await expectCard(url);
    },
    60_000,
  );
});

describe("cards per sector", () => {
  it("draws two sectors differently", async () => {
    const [a, b] = await Promise.all([ogImage("/sectores/construccion"), ogImage("/sectores/software-b2b")]);
    expect(a).not.toBe(b);
    const [cardA, cardB] = await Promise.all([expectCard(a), expectCard(b)]);
    expect(cardA.body.equals(cardB.body)).toBe(false);
  }, 60_000);

  it("gives a sector page published while the server runs its own card, and a new one after an edit", async () => {
    const file = path.join(server.dataDir, "production.ndjson");
    const documents = readDocuments(file);
    const template = documents.find((document) => document._id === "sectorPage.construccion")!;
    const added = newSectorPage(template, "reformas-integrales", "Reformas Integrales");
    writeDocuments(file, [...documents, added]);

    await expect.poll(async () => (await html("/sectores/reformas-integrales")).status, { timeout: 10_000 }).toBe(200);
    const first = await ogImage("/sectores/reformas-integrales");
    expect(first).toContain("/social/sectores/reformas-integrales.png?v=");
    const card = await expectCard(first);
    const construction = await expectCard(await ogImage("/sectores/construccion"));
    expect(card.body.equals(construction.body)).toBe(false);

    const onDisk = () =>
      fs
        .readdirSync(path.join(server.dataDir, "social-cards"))
        .filter((name) => name.startsWith("sectores--reformas-integrales."));
    expect(onDisk()).toEqual([`sectores--reformas-integrales.${new URL(first).searchParams.get("v")}.png`]);

    const edited = { ...added, stats: { ...(template.stats as object), conversionRate: 33 } };
    writeDocuments(file, [...documents, edited]);
    await expect.poll(() => ogImage("/sectores/reformas-integrales"), { timeout: 10_000 }).not.toBe(first);
    const second = await expectCard(await ogImage("/sectores/reformas-integrales"));
    expect(second.body.equals(card.body)).toBe(false);
    // The disk copy follows the content: only the current card of the page is kept.
    const secondUrl = await ogImage("/sectores/reformas-integrales");
    expect(onDisk()).toEqual([`sectores--reformas-integrales.${new URL(secondUrl).searchParams.get("v")}.png`]);
    writeDocuments(file, documents);
  }, 90_000);
});

describe("caching", () => {
  it("is immutable for the current hash, short-lived otherwise, with a strong ETag and 304", async () => {
    const url = await ogImage("/mensual");
    const current = await expectCard(url);
    expect(current.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const etag = current.headers.etag!;
    expect(etag).toMatch(/^"[^"]+"$/);

    const again = await request(url, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);

    const stale = await request(url.replace(/\?v=.*/, "?v=0000000"));
    expect(stale.status).toBe(200);
    expect(stale.headers["cache-control"]).toBe("public, max-age=300");
    const bare = await request(url.replace(/\?v=.*/, ""));
    expect(bare.headers["cache-control"]).toBe("public, max-age=300");
    expect(bare.headers.etag).toBe(etag);
  }, 60_000);
});

describe("hostile or unknown keys", () => {
  it.each([
    "/social/sectores/no-existe.png",
    "/social/no-existe.png",
    "/social/sectores/construccion.gif",
    "/social/sectores/construccion.jpg",
    "/social/sectores/Construccion.png",
    "/social/sectores/construccion.png.png",
    "/social/..%2f..%2fetc%2fpasswd.png",
    "/social/sectores/..%2fconstruccion.png",
    "/social/%00.png",
    "/social/constructor.png",
    "/social/hasOwnProperty.png",
    "/social/__proto__.png",
    `/social/${"a".repeat(300)}.png`,
    "/social/sectores/a/b/c.png",
    "/social/",
  ])("%s is a 4xx, never a 5xx", async (path) => {
    const response = await request(`${server.baseUrl}${path}`);
    expect(response.status).toBe(404);
  });
});

describe("the editor's image", () => {
  it("replaces the drawn card, cropped to 1200×630 JPEG, and the tags follow it", async () => {
    const file = path.join(server.dataDir, "production.ndjson");
    fs.mkdirSync(path.join(server.dataDir, "images"), { recursive: true });
    // Named as `sanity dataset export` names files: <sha1>-<width>x<height>.<ext>.
    const jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#ff8800" } })
      .jpeg()
      .toBuffer();
    const name = `${createHash("sha1").update(jpeg).digest("hex")}-1600x1200.jpg`;
    fs.writeFileSync(path.join(server.dataDir, "images", name), jpeg);
    const documents = readDocuments(file);
    const withImage = documents.map((document) =>
      document._id === "contactPage"
        ? {
            ...document,
            seo: {
              ...(document.seo as object),
              image: {
                _type: "image",
                alt: "Nuestro equipo atendiendo a un cliente",
                _sanityAsset: `image@file://./images/${name}`,
              },
            },
          }
        : document,
    );
    writeDocuments(file, withImage);

    await expect.poll(() => ogImage("/contacto"), { timeout: 10_000 }).toMatch(/\/social\/contacto\.jpg\?v=/);
    const page = await html("/contacto");
    expect(metaContent(page.text, "og:image:type")).toBe("image/jpeg");
    expect(metaContent(page.text, "og:image:alt")).toBe("Nuestro equipo atendiendo a un cliente");
    const response = await request(metaContent(page.text, "og:image")!);
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe("image/jpeg");
    expect(response.body.length).toBeLessThanOrEqual(MAX_BYTES);
    const metadata = await sharp(response.body).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["jpeg", 1200, 630]);
    const { dominant } = await sharp(response.body).stats();
    expect(dominant.r).toBeGreaterThan(200);

    writeDocuments(file, documents);
    await expect.poll(() => ogImage("/contacto"), { timeout: 10_000 }).toMatch(/\/social\/contacto\.png\?v=/);
  }, 90_000);

  it("never serves a file outside the dataset's folder", async () => {
    const file = path.join(server.dataDir, "production.ndjson");
    const documents = readDocuments(file);
    const hostile = documents.map((document) =>
      document._id === "legalPage"
        ? {
            ...document,
            seo: {
              ...(document.seo as object),
              title: "Aviso legal (editado)",
              image: { _type: "image", _sanityAsset: "image@file://../../etc/hostname" },
            },
          }
        : document,
    );
    writeDocuments(file, hostile);
    await expect.poll(async () => (await html("/legal")).text, { timeout: 10_000 }).toContain("Aviso legal (editado)");
    // A placeholder outside images/ resolves to nothing: the page keeps its drawn card.
    expect(await ogImage("/legal")).toMatch(/\/social\/legal\.png\?v=/);
    expect((await request(`${server.baseUrl}/social/legal.jpg`)).status).toBe(404);
    writeDocuments(file, documents);
  }, 90_000);
});
