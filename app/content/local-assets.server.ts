/**
 * Images of the embedded dataset, made to look like Sanity's: the NDJSON stores them the way
 * `sanity dataset export` does (`_sanityAsset: "image@file://./images/<sha1>-<w>x<h>.<ext>"` beside the
 * file), and at load every such object gets `asset._ref = "image-<sha1>-<w>x<h>-<ext>"` plus a synthesized
 * `sanity.imageAsset` document (dimensions and LQIP from images/metadata.json), so the same GROQ
 * (`asset->{url, metadata{lqip, dimensions}}`) answers on both sources. docs/images.md.
 */
import fs from "node:fs";
import path from "node:path";

/** The project and dataset names local image URLs carry (`/images/<project>/<dataset>/<file>`). */
export const LOCAL_IMAGE_PROJECT = "local";
export const LOCAL_IMAGE_DATASET = "production";

/** `<sha1>-<w>x<h>.<ext>`: the only file names the local image route and the resolver accept. */
export const IMAGE_FILE_NAME = /^([0-9a-f]{40})-([1-9][0-9]{0,4})x([1-9][0-9]{0,4})\.(png|jpg|webp)$/;

/** `image-<sha1>-<w>x<h>-<ext>`: the asset id (and `_ref`) Sanity gives the image in file `<sha1>-<w>x<h>.<ext>`. */
const LOCAL_ASSET_REF = /^image-([0-9a-f]{40})-([1-9][0-9]{0,4})x([1-9][0-9]{0,4})-(png|jpg|webp)$/;

/** The asset reference of a local image file, or null for a name IMAGE_FILE_NAME does not accept. */
export function localAssetRef(file: string): string | null {
  const match = IMAGE_FILE_NAME.exec(file);
  return match ? `image-${match[1]}-${match[2]}x${match[3]}-${match[4]}` : null;
}

/**
 * The file name an asset reference stands for (the inverse of localAssetRef), or null. The two patterns
 * accept the same parts, so the name always passes IMAGE_FILE_NAME and stays inside the images folder.
 */
export function localAssetFile(ref: string): string | null {
  const match = LOCAL_ASSET_REF.exec(ref);
  return match ? `${match[1]}-${match[2]}x${match[3]}.${match[4]}` : null;
}

const ASSET_PATTERN = /^image@file:\/\/\.\/images\/([^/]+)$/;

export interface ImageFileMetadata {
  width: number;
  height: number;
  format?: string;
  hasAlpha?: boolean;
  lqip: string;
}

type Document = { _id: string; _type: string; [key: string]: unknown };

/** The folder of a dataset's images: `images/` beside the NDJSON file. */
export function imagesDirOf(datasetFile: string): string {
  return path.join(path.dirname(datasetFile), "images");
}

function readMetadata(imagesDir: string): Record<string, ImageFileMetadata> {
  try {
    return JSON.parse(fs.readFileSync(path.join(imagesDir, "metadata.json"), "utf8")) as Record<
      string,
      ImageFileMetadata
    >;
  } catch {
    return {};
  }
}

const MIME_TYPES: Record<string, string> = { png: "image/png", jpg: "image/jpeg", webp: "image/webp" };

function imageAssetDocument(file: string, metadata: ImageFileMetadata | undefined): Document | null {
  const match = IMAGE_FILE_NAME.exec(file);
  const id = localAssetRef(file);
  if (!match || !id) return null;
  const [, sha1, w, h, extension] = match;
  const [width, height] = [Number(w), Number(h)];
  const assetPath = `images/${LOCAL_IMAGE_PROJECT}/${LOCAL_IMAGE_DATASET}/${file}`;
  return {
    _id: id,
    _type: "sanity.imageAsset",
    assetId: sha1,
    sha1hash: sha1,
    extension,
    mimeType: MIME_TYPES[extension],
    originalFilename: file,
    path: assetPath,
    url: `/${assetPath}`,
    metadata: {
      _type: "sanity.imageMetadata",
      dimensions: { _type: "sanity.imageDimensions", width, height, aspectRatio: width / height },
      hasAlpha: metadata?.hasAlpha ?? false,
      isOpaque: !(metadata?.hasAlpha ?? false),
      lqip: metadata?.lqip ?? null,
    },
  };
}

/** Replaces `_sanityAsset` placeholders by references, in place; returns the file names it saw. */
function rewritePlaceholders(value: unknown, files: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) rewritePlaceholders(item, files);
    return;
  }
  if (!value || typeof value !== "object") return;
  const record = value as Record<string, unknown>;
  const placeholder = record._sanityAsset;
  if (typeof placeholder === "string") {
    const file = ASSET_PATTERN.exec(placeholder)?.[1];
    const ref = file ? localAssetRef(file) : null;
    delete record._sanityAsset;
    if (file && ref) {
      files.add(file);
      record.asset = { _type: "reference", _ref: ref };
    }
  }
  for (const child of Object.values(record)) rewritePlaceholders(child, files);
}

/**
 * The dataset with its image placeholders resolved: references in the documents and one
 * `sanity.imageAsset` document per referenced file that exists in `imagesDir`.
 */
export function withLocalImageAssets<T extends Document>(documents: T[], imagesDir: string): Document[] {
  const files = new Set<string>();
  for (const document of documents) rewritePlaceholders(document, files);
  if (files.size === 0) return documents;
  const metadata = readMetadata(imagesDir);
  const assets = [...files]
    .filter((file) => fs.existsSync(path.join(imagesDir, file)))
    .map((file) => imageAssetDocument(file, metadata[file]))
    .filter((asset): asset is Document => asset !== null);
  return [...documents, ...assets];
}
