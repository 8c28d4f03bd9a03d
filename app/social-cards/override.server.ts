/**
 * The editor's replacement image (the page's `seo.image`), cropped to 1200×630: with Sanity, a redirect
 * to Sanity's image CDN (crop and hotspot honoured); with the local NDJSON dataset, the exported asset
 * file next to the dataset, resized here. Kept apart so it can move onto the site's image module.
 */
import fs from "node:fs/promises";
import path from "node:path";

import { createImageUrlBuilder } from "@sanity/image-url";
import sharp from "sharp";

import { imagesDirOf, localAssetFile } from "~/content/local-assets.server";
import { contentDatasetFile, sanitySettings } from "~/lib/env.server";

import { CARD_HEIGHT, CARD_WIDTH, type CardImageSource } from "./card-content";

export type OverrideImage = { redirect: string } | { jpeg: Buffer };

/**
 * The file of a local dataset's image reference (app/content/local-assets.server.ts resolves the
 * export's placeholders into `image-<sha1>-<w>x<h>-<ext>`): `images/<sha1>-<w>x<h>.<ext>` beside the
 * NDJSON file. Only that strict name, so no reference can reach a file outside the folder.
 */
export function localAssetPath(ref: string, datasetFile: string): string | null {
  const name = localAssetFile(ref);
  return name ? path.join(imagesDirOf(datasetFile), name) : null;
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
  const ref = image.asset?._ref;
  const file = ref ? localAssetPath(ref, contentDatasetFile()) : null;
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
