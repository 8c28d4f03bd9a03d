// The local image route: formats by Accept, the width allow-list, crop, cache headers and 304s, a bounded
// disk cache in DATA_DIR, and 4xx (never 5xx) for hostile requests.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";

import { resetContentSource } from "~/content/source.server";
import { imageRenderStats, localImageResponse } from "~/images/local-images.server";

const SEED_IMAGES = path.resolve("sanity-studio/seed/images");
const SCREENSHOT = fs.readdirSync(SEED_IMAGES).find((name) => name.endsWith("-640x1280.png"))!;
const SPLAT = `local/production/${SCREENSHOT}`;
const CHROME_ACCEPT = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";

let dataDir: string;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "images-"));
  process.env.DATA_DIR = dataDir;
  delete process.env.CONTENT_DATASET_FILE;
});

function get(query: string, headers: Record<string, string> = {}, splat = SPLAT) {
  return localImageResponse(new Request(`http://site.test/images/${splat}?${query}`, { headers }), splat);
}

async function pixels(response: Response) {
  return sharp(Buffer.from(await response.arrayBuffer())).metadata();
}

describe("GET /images/local/production/<file>", () => {
  it("negotiates AVIF, WebP or the original from Accept and says it varies on it", async () => {
    const avif = await get("w=400&auto=format", { Accept: CHROME_ACCEPT });
    expect(avif.status).toBe(200);
    expect(avif.headers.get("content-type")).toBe("image/avif");
    expect(avif.headers.get("vary")).toBe("Accept");
    expect((await pixels(avif)).format).toBe("heif");

    const webp = await get("w=400&auto=format", { Accept: "image/webp,*/*" });
    expect(webp.headers.get("content-type")).toBe("image/webp");
    expect(await pixels(webp)).toMatchObject({ format: "webp", width: 400, height: 800 });

    const png = await get("w=400&auto=format", { Accept: "*/*" });
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(new Set([avif.headers.get("etag"), webp.headers.get("etag"), png.headers.get("etag")]).size).toBe(3);
  });

  it("is cached for a year as immutable, and answers a known ETag with 304", async () => {
    const first = await get("w=320&auto=format", { Accept: "image/webp" });
    expect(first.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f]{40}"$/);
    const again = await get("w=320&auto=format", { Accept: "image/webp", "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.headers.get("vary")).toBe("Accept");
    expect(await again.text()).toBe("");
    // `*` and a weak copy of the tag revalidate too, as for social cards (app/lib/http-cache.ts).
    expect((await get("w=320&auto=format", { Accept: "image/webp", "If-None-Match": "*" })).status).toBe(304);
    expect((await get("w=320&auto=format", { Accept: "image/webp", "If-None-Match": `W/${etag}` })).status).toBe(304);
  });

  it("keeps each rendition once on disk in DATA_DIR and serves repeats from there", async () => {
    const query = "w=240&auto=format";
    const first = Buffer.from(await (await get(query, { Accept: "image/webp" })).arrayBuffer());
    const files = fs.readdirSync(path.join(dataDir, "image-cache"));
    expect(files.filter((name) => name.endsWith(".webp")).length).toBeGreaterThan(0);
    const second = Buffer.from(await (await get(query, { Accept: "image/webp" })).arrayBuffer());
    expect(second.equals(first)).toBe(true);
    expect(fs.readdirSync(path.join(dataDir, "image-cache"))).toEqual(files);
  });

  it("crops the rect then fills the asked box (hotspot crops from @sanity/image-url)", async () => {
    // Two uses of the screenshot in content, their hotspots at the bottom and at the top.
    const datasetDir = fs.mkdtempSync(path.join(os.tmpdir(), "dataset-"));
    fs.mkdirSync(path.join(datasetDir, "images"));
    fs.copyFileSync(path.join(SEED_IMAGES, SCREENSHOT), path.join(datasetDir, "images", SCREENSHOT));
    const use = (id: string, y: number) =>
      JSON.stringify({
        _id: id,
        _type: "sectorPage",
        hero: {
          image: {
            _type: "image",
            _sanityAsset: `image@file://./images/${SCREENSHOT}`,
            hotspot: { x: 0.5, y, width: 0.2, height: 0.1 },
          },
        },
      });
    fs.writeFileSync(path.join(datasetDir, "production.ndjson"), `${use("bottom", 0.9)}\n${use("top", 0.1)}\n`);
    process.env.CONTENT_DATASET_FILE = path.join(datasetDir, "production.ndjson");
    resetContentSource();
    try {
      const response = await get("rect=0,960,640,320&w=160&h=80&q=75&fit=crop&auto=format", { Accept: "*/*" });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/png");
      const cropped = Buffer.from(await response.arrayBuffer());
      expect(await sharp(cropped).metadata()).toMatchObject({ width: 160, height: 80 });
      // The bottom of the inbox screenshot is light cards, the top is the dark header: compare means.
      const top = await get("rect=0,0,640,320&w=160&h=80&q=75&fit=crop&auto=format", { Accept: "*/*" });
      expect(top.status).toBe(200);
      const mean = async (bytes: Buffer) => (await sharp(bytes).stats()).channels[0].mean;
      expect(await mean(cropped)).toBeGreaterThan((await mean(Buffer.from(await top.arrayBuffer()))) + 40);
      // A band no use asks for (the hotspot of neither) is refused.
      expect((await get("rect=0,480,640,320&w=160&h=80&q=75&fit=crop&auto=format")).status).toBe(200);
      expect((await get("rect=0,500,640,320&w=160&h=80&q=75&fit=crop&auto=format")).status).toBe(400);
    } finally {
      delete process.env.CONTENT_DATASET_FILE;
      resetContentSource();
    }
  });

  it.each([
    "w=1920&h=2037&q=41&fm=avif",
    "w=400&q=41&auto=format",
    "w=400&h=123&fit=crop&auto=format",
    "w=400&h=800&fit=scale",
    "w=400&fit=max",
    "rect=0,0,100,100&w=80",
    "rect=0,640,640,640&w=160&h=160&fit=crop&fm=png",
    "w=400&fm=jpg",
  ])("refuses %s, a rendition no page asks for, with 400 and draws nothing", async (query) => {
    const before = imageRenderStats().rendered;
    const response = await get(query, { Accept: CHROME_ACCEPT });
    expect(response.status).toBe(400);
    expect(response.headers.get("cache-control")).not.toContain("immutable");
    expect(imageRenderStats().rendered).toBe(before);
  });

  it("draws at most two renditions at once; the rest wait their turn", async () => {
    const before = imageRenderStats().rendered;
    const queries = [80, 160, 240, 480, 640, 800].flatMap((width) => [
      [`w=${width}&q=75&auto=format`, "image/avif"],
      [`w=${width}&q=75&auto=format`, "image/webp"],
    ]);
    const responses = await Promise.all(queries.map(([query, accept]) => get(query!, { Accept: accept! })));
    expect(responses.map((response) => response.status)).toEqual(queries.map(() => 200));
    expect(imageRenderStats().rendered - before).toBeGreaterThan(0);
    expect(imageRenderStats().peak).toBeLessThanOrEqual(2);
  });

  it.each([
    ["w=401", 400],
    ["w=100000", 400],
    ["w=NaN", 400],
    ["h=99999", 400],
    ["rect=0,0,9999,9999", 400],
    ["rect=-1,0,10,10", 400],
    ["fit=weird", 400],
    ["q=abc", 400],
  ])("answers hostile query %s with %i and no long cache", async (query, status) => {
    const response = await get(query);
    expect(response.status).toBe(status);
    expect(response.headers.get("cache-control")).not.toContain("immutable");
  });

  it.each([
    "local/production/../../package.json",
    "local/production/%2e%2e%2fpackage.json",
    `local/production/${"0".repeat(40)}-640x1280.png`,
    "local/production/metadata.json",
    `elsewhere/production/${SCREENSHOT}`,
  ])("answers unknown file %s with 404", async (splat) => {
    expect((await get("w=400", {}, splat)).status).toBe(404);
    expect((await get("w=400", { "If-None-Match": "*" }, splat)).status).toBe(404);
  });

  it("answers a known ETag with 304 from the URL alone, before looking for the file", async () => {
    const etag = (await get("w=160")).headers.get("etag")!;
    process.env.CONTENT_DATASET_FILE = path.join(os.tmpdir(), "no-such-dataset", "production.ndjson");
    try {
      expect((await get("w=160", { "If-None-Match": etag })).status).toBe(304);
      expect((await get("w=160", { "If-None-Match": "*" })).status).toBe(404);
      expect((await get("w=160")).status).toBe(404);
    } finally {
      delete process.env.CONTENT_DATASET_FILE;
    }
  });

  it("answers 422 (not 500) when the named file is not a readable image", async () => {
    const datasetDir = fs.mkdtempSync(path.join(os.tmpdir(), "dataset-"));
    fs.mkdirSync(path.join(datasetDir, "images"));
    const broken = `${"a".repeat(40)}-10x10.png`;
    fs.writeFileSync(path.join(datasetDir, "images", broken), "not a png");
    process.env.CONTENT_DATASET_FILE = path.join(datasetDir, "production.ndjson");
    try {
      expect((await get("w=80", {}, `local/production/${broken}`)).status).toBe(422);
    } finally {
      delete process.env.CONTENT_DATASET_FILE;
    }
  });
});
