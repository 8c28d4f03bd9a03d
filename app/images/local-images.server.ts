/**
 * Renders the embedded dataset's images the way Sanity's image CDN would (app/images/image-request.ts
 * reads the URL), with sharp, into a bounded disk cache under DATA_DIR/image-cache. A rendition is named
 * by the hash of its description, so its ETag is known before touching the disk and a repeated request
 * costs a file read (or nothing, with If-None-Match: not even a look at the disk). docs/images.md.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import { LRUCache } from "lru-cache";
import sharp from "sharp";

import { imagesDirOf } from "~/content/local-assets.server";
import { contentDatasetFile, dataDir } from "~/lib/env.server";
import { ifNoneMatchIncludes, IMMUTABLE_CACHE_CONTROL } from "~/lib/http-cache";

import { type ImageRequest, type OutputFormat, parseImageRequest } from "./image-request";

const CONTENT_TYPES: Record<OutputFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  png: "image/png",
  jpg: "image/jpeg",
};

/** Bounds of the disk cache: renditions are small, a few hundred cover every page at every width. */
const MAX_CACHED_FILES = 2000;
const MAX_CACHED_BYTES = 256 * 1024 * 1024;

// sharp's own memory cache holds decoded inputs; renditions already sit on disk.
sharp.cache(false);
sharp.concurrency(1);

function cacheDir(): string {
  return path.join(dataDir(), "image-cache");
}

interface DiskCache {
  dir: string;
  index: LRUCache<string, number>;
  pending: Map<string, Promise<Buffer>>;
}

const CACHE_KEY = Symbol.for("site.localImageCache");

/** One index per process and cache folder; files already on disk from an earlier run are adopted. */
function diskCache(): DiskCache {
  const store = globalThis as Record<symbol, DiskCache | undefined>;
  const dir = cacheDir();
  if (store[CACHE_KEY]?.dir === dir) return store[CACHE_KEY];
  fs.mkdirSync(dir, { recursive: true });
  const index = new LRUCache<string, number>({
    max: MAX_CACHED_FILES,
    maxSize: MAX_CACHED_BYTES,
    sizeCalculation: (size) => Math.max(1, size),
    dispose: (_size, name, reason) => {
      if (reason !== "set") fs.rm(path.join(dir, name), { force: true }, () => {});
    },
  });
  const existing = fs
    .readdirSync(dir)
    .filter((name) => /^[0-9a-f]{40}\.(avif|webp|png|jpg)$/.test(name))
    .map((name) => ({ name, stat: fs.statSync(path.join(dir, name)) }))
    .sort((a, b) => a.stat.mtimeMs - b.stat.mtimeMs);
  for (const { name, stat } of existing) index.set(name, stat.size);
  return (store[CACHE_KEY] = { dir, index, pending: new Map() });
}

/** The rendition's name: every field that changes its bytes. */
function renditionName(request: ImageRequest): string {
  const { file, rect, width, height, fit, quality, format } = request;
  const key = JSON.stringify([file, rect, width, height, fit, quality, format]);
  return `${createHash("sha1").update(key).digest("hex")}.${format}`;
}

async function render(source: string, request: ImageRequest): Promise<Buffer> {
  const [left, top, width, height] = request.rect;
  let pipeline = sharp(source, { limitInputPixels: 50_000_000 });
  if (left !== 0 || top !== 0 || width !== request.sourceWidth || height !== request.sourceHeight)
    pipeline = pipeline.extract({ left, top, width, height });
  const fit = { clip: "inside", max: "inside", crop: "cover", min: "cover", scale: "fill" } as const;
  pipeline = pipeline.resize({
    width: request.width,
    height: request.height,
    fit: fit[request.fit],
    withoutEnlargement: request.fit === "max",
  });
  const quality = request.quality;
  switch (request.format) {
    case "avif":
      return pipeline.avif({ quality: Math.max(1, quality - 20), effort: 2 }).toBuffer();
    case "webp":
      return pipeline.webp({ quality, effort: 4 }).toBuffer();
    case "jpg":
      return pipeline.flatten({ background: "#ffffff" }).jpeg({ quality, mozjpeg: true }).toBuffer();
    default:
      return pipeline.png({ compressionLevel: 9, palette: quality < 100, quality }).toBuffer();
  }
}

/** The rendition's bytes: from disk when the index knows it and the file is still there, else drawn once. */
async function renditionBytes(cache: DiskCache, name: string, source: string, request: ImageRequest): Promise<Buffer> {
  const target = path.join(cache.dir, name);
  if (cache.index.get(name) !== undefined) {
    const cached = await fs.promises.readFile(target).catch(() => null);
    if (cached) return cached;
  }
  let pending = cache.pending.get(name);
  if (!pending) {
    pending = (async () => {
      const bytes = await render(source, request);
      const temporary = `${target}.${process.pid}.tmp`;
      await fs.promises.writeFile(temporary, bytes);
      await fs.promises.rename(temporary, target);
      cache.index.set(name, bytes.length);
      return bytes;
    })().finally(() => cache.pending.delete(name));
    cache.pending.set(name, pending);
  }
  return pending;
}

async function isFile(file: string): Promise<boolean> {
  return fs.promises.stat(file).then(
    (stat) => stat.isFile(),
    () => false,
  );
}

function errorResponse(status: number, reason: string): Response {
  return new Response(`${reason}\n`, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=60" },
  });
}

/** The response to GET /images/<splat>?<query>: a rendition, a 304, or a 4xx. */
export async function localImageResponse(request: Request, splat: string): Promise<Response> {
  const url = new URL(request.url);
  const parsed = parseImageRequest(splat, url.searchParams, request.headers.get("accept"));
  if (!parsed.ok) return errorResponse(parsed.status, parsed.reason);
  const image = parsed.request;
  const name = renditionName(image);
  const headers: Record<string, string> = {
    "Cache-Control": IMMUTABLE_CACHE_CONTROL,
    ETag: `"${name.slice(0, 40)}"`,
    ...(image.negotiated ? { Vary: "Accept" } : {}),
  };
  // The name, so the ETag, comes from the URL alone: a client that names it is answered without the disk.
  const ifNoneMatch = request.headers.get("if-none-match");
  if (ifNoneMatchIncludes(ifNoneMatch, headers.ETag, { wildcard: false }))
    return new Response(null, { status: 304, headers });

  const source = path.join(imagesDirOf(contentDatasetFile()), image.file);
  if (!(await isFile(source))) return errorResponse(404, "unknown image");
  // `*` matches any current representation, so only an image that exists.
  if (ifNoneMatchIncludes(ifNoneMatch, headers.ETag)) return new Response(null, { status: 304, headers });

  const cache = diskCache();
  try {
    const body = await renditionBytes(cache, name, source, image);
    return new Response(new Uint8Array(body), {
      status: 200,
      headers: { ...headers, "Content-Type": CONTENT_TYPES[image.format], "Content-Length": String(body.length) },
    });
  } catch {
    // A source that sharp cannot read (corrupt or not an image) is the request's problem, not the server's.
    return errorResponse(422, "image cannot be rendered");
  }
}
