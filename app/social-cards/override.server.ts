/**
 * The editor's replacement image (the page's `seo.image`), cropped to 1200×630: with Sanity, a redirect
 * to Sanity's image CDN (crop and hotspot honoured); with the local NDJSON dataset, the exported asset
 * file next to the dataset, resized here. Kept apart so it can move onto the site's image module.
 */
import fs from "node:fs/promises";
import path from "node:path";

import { createImageUrlBuilder } from "@sanity/image-url";
import sharp from "sharp";

import { contentDatasetFile, sanitySettings } from "~/lib/env.server";

import { CARD_HEIGHT, CARD_WIDTH, type CardImageSource } from "./card-content";

export type OverrideImage = { redirect: string } | { jpeg: Buffer };

const EXPORTED_ASSET = /^image@file:\/\/(.+)$/;

/** A Sanity export names its files `image@file://./images/<name>`, relative to the NDJSON file. */
export function localAssetPath(sanityAsset: string, datasetFile: string): string | null {
  const match = EXPORTED_ASSET.exec(sanityAsset);
  if (!match) return null;
  const root = path.dirname(datasetFile);
  const file = path.resolve(root, match[1]);
  const relative = path.relative(root, file);
  if (!relative || relative.startsWith("..") || path.isAbsolute(relative)) return null;
  return file;
}

/** With `redirectOnly`, answers only the cheap CDN redirect (null for a local file). */
export async function overrideImage(
  image: CardImageSource,
  { redirectOnly = false }: { redirectOnly?: boolean } = {},
): Promise<OverrideImage | null> {
  const sanity = sanitySettings();
  if (sanity && image.asset?._ref) {
    const url = createImageUrlBuilder({ projectId: sanity.projectId, dataset: sanity.dataset })
      .image(image as Parameters<ReturnType<typeof createImageUrlBuilder>["image"]>[0])
      .width(CARD_WIDTH)
      .height(CARD_HEIGHT)
      .fit("crop")
      .format("jpg")
      .url();
    return { redirect: url };
  }
  if (redirectOnly) return null;
  const exported = image.asset?._sanityAsset;
  const file = exported ? localAssetPath(exported, contentDatasetFile()) : null;
  if (!file) return null;
  const input = await fs.readFile(file).catch(() => null);
  if (!input) return null;
  const jpeg = await sharp(input)
    .rotate()
    .resize(CARD_WIDTH, CARD_HEIGHT, { fit: "cover", position: "attention" })
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer()
    .catch(() => null);
  return jpeg ? { jpeg } : null;
}
