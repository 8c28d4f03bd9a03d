// The embedded dataset answers image GROQ like Sanity, and the seed's image metadata is current.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";

import {
  IMAGE_FILE_NAME,
  imagesDirOf,
  localAssetFile,
  localAssetRef,
  withLocalImageAssets,
} from "~/content/local-assets.server";
import { parseNdjson, runGroq, watchDataset } from "~/content/local-source.server";
import { landingPageQuery } from "~/content/queries";

const SEED = path.resolve("sanity-studio/seed/production.ndjson");
const IMAGES = imagesDirOf(SEED);
const dataset = watchDataset(SEED, () => {});
afterAll(() => dataset.close());

type Image = {
  alt: string;
  asset: { _id: string; url: string; metadata: { lqip: string; dimensions: { width: number; height: number } } };
};

describe("local image assets", () => {
  it("resolve the seed's placeholders into Sanity-shaped references and asset documents", async () => {
    const page = (await runGroq(dataset.documents("published"), landingPageQuery, {})) as {
      hero: { screenshot: Image; clientLogos: Image[] };
      appShowcase: { screenshot: Image };
    };
    const images = [page.hero.screenshot, page.appShowcase.screenshot, ...page.hero.clientLogos];
    expect(page.hero.clientLogos.length).toBeGreaterThanOrEqual(3);
    for (const image of images) {
      expect(image.alt.length).toBeGreaterThan(3);
      const match = /^image-([0-9a-f]{40})-(\d+)x(\d+)-(png|jpg|webp)$/.exec(image.asset._id);
      expect(match, image.asset._id).not.toBeNull();
      expect(image.asset.url).toBe(`/images/local/production/${match![1]}-${match![2]}x${match![3]}.${match![4]}`);
      expect(image.asset.metadata.dimensions).toEqual({ width: Number(match![2]), height: Number(match![3]) });
      expect(image.asset.metadata.lqip).toMatch(/^data:image\/jpeg;base64,/);
    }
  });

  it("drop placeholders that point outside images/ or to unknown names instead of resolving them", () => {
    const [document] = withLocalImageAssets(
      [
        {
          _id: "x",
          _type: "landingPage",
          a: { _type: "image", _sanityAsset: "image@file://./images/../../etc/passwd" },
          b: { _type: "image", _sanityAsset: "image@https://example.com/x.png" },
        },
      ],
      IMAGES,
    );
    expect(document).toEqual({ _id: "x", _type: "landingPage", a: { _type: "image" }, b: { _type: "image" } });
  });

  it("turn a file name into its asset reference and back, and nothing else", () => {
    const file = "0d4d8e01814dc797bbbe6379560cdabf0203f7cf-1600x900.jpg";
    const ref = "image-0d4d8e01814dc797bbbe6379560cdabf0203f7cf-1600x900-jpg";
    expect(localAssetRef(file)).toBe(ref);
    expect(localAssetFile(ref)).toBe(file);
    for (const name of fs.readdirSync(IMAGES).filter((entry) => entry !== "metadata.json"))
      expect(localAssetFile(localAssetRef(name)!)).toBe(name);
    expect(localAssetRef("../../etc/passwd")).toBeNull();
    expect(localAssetRef(`${"0".repeat(40)}-1x1.gif`)).toBeNull();
    expect(localAssetFile("image-../../etc/passwd-1x1-jpg")).toBeNull();
    expect(localAssetFile(`image-${"0".repeat(40)}-0x1-png`)).toBeNull();
  });

  it("keep metadata.json current with the files (run `node scripts/seed-images.mjs --metadata`)", async () => {
    const metadata = JSON.parse(fs.readFileSync(path.join(IMAGES, "metadata.json"), "utf8")) as Record<
      string,
      { width: number; height: number; lqip: string }
    >;
    const files = fs.readdirSync(IMAGES).filter((name) => name !== "metadata.json");
    expect(Object.keys(metadata).sort()).toEqual([...files].sort());
    for (const file of files) {
      const match = IMAGE_FILE_NAME.exec(file);
      expect(match, file).not.toBeNull();
      const buffer = fs.readFileSync(path.join(IMAGES, file));
      expect(createHash("sha1").update(buffer).digest("hex")).toBe(match![1]);
      const { width, height } = await sharp(buffer).metadata();
      expect([width, height, metadata[file].width, metadata[file].height]).toEqual([
        Number(match![2]),
        Number(match![3]),
        Number(match![2]),
        Number(match![3]),
      ]);
      const lqip = Buffer.from(metadata[file].lqip.replace(/^data:image\/jpeg;base64,/, ""), "base64");
      const tiny = await sharp(lqip).metadata();
      expect(Math.max(tiny.width ?? 0, tiny.height ?? 0)).toBeLessThanOrEqual(20);
    }
  });

  it("reference every seed image from the dataset", () => {
    const text = fs.readFileSync(SEED, "utf8");
    const documents = parseNdjson(text);
    expect(documents.length).toBeGreaterThan(0);
    for (const file of fs.readdirSync(IMAGES).filter((name) => name !== "metadata.json"))
      expect(text).toContain(`"image@file://./images/${file}"`);
  });
});
