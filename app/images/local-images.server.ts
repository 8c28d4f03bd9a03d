/**
 * Renders the embedded dataset's images the way Sanity's image CDN would (app/images/image-request.ts
 * reads the URL), with sharp, into a bounded disk cache under DATA_DIR/image-cache. A rendition is named
 * by the hash of its description, so its ETag is known before touching the disk and a repeated request
 * costs a file read (or nothing, with If-None-Match: not even a look at the disk).
 *
 * Only the renditions the site's own pages ask for are drawn (docs/images.md, 'Allowed renditions'): for
 * each use of the file in content (its crop and hotspot), and for the file as it is, the URLs
 * app/lib/image-url.ts builds at each allowed width and ratio and the default quality, in AVIF, WebP or
 * the file's own format. Anything else is a 400 before any work. At most RENDER_CONCURRENCY renditions
 * are drawn at once; a flood of new ones waits its turn instead of taking every core.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import { LRUCache } from "lru-cache";
import sharp from "sharp";

import { imagesDirOf, LOCAL_IMAGE_DATASET, LOCAL_IMAGE_PROJECT, localAssetRef } from "~/content/local-assets.server";
import { contentEvents, contentSource, DRAFTS_CHANGE_EVENT, type Perspective } from "~/content/source.server";
import { contentDatasetFile, dataDir } from "~/lib/env.server";
import { ifNoneMatchIncludes, IMMUTABLE_CACHE_CONTROL } from "~/lib/http-cache";
import { allowedRenditionUrls, type ContentImageSource } from "~/lib/image-url";
import { log } from "~/lib/log.server";
import { singleton } from "~/lib/singleton.server";
import { countImageRender, imageRendersWaiting } from "~/lib/work-metrics.server";

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

/** One index per process and cache folder; files already on disk from an earlier run are adopted. */
function diskCache(): DiskCache {
  const store = singleton("localImageCache", (): { cache?: DiskCache } => ({}));
  const dir = cacheDir();
  if (store.cache?.dir === dir) return store.cache;
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
  return (store.cache = { dir, index, pending: new Map() });
}

/** The rendition's name: every field that changes its bytes. */
function renditionName(request: ImageRequest): string {
  const { file, rect, width, height, fit, quality, format } = request;
  const key = JSON.stringify([file, rect, width, height, fit, quality, format]);
  return `${createHash("sha1").update(key).digest("hex")}.${format}`;
}

/** Renditions drawn at once: sharp's work is CPU-bound, and the site has other requests to answer. */
const RENDER_CONCURRENCY = 2;
let rendering = 0;
let peak = 0;
let rendered = 0;
const waiting: Array<() => void> = [];

/** Runs `work` when one of RENDER_CONCURRENCY turns is free; a finished turn goes to the next in line. */
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  imageRendersWaiting(1);
  if (rendering < RENDER_CONCURRENCY) rendering += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  peak = Math.max(peak, rendering);
  try {
    return await work();
  } finally {
    imageRendersWaiting(-1);
    const next = waiting.shift();
    // The turn passes on as it is, so nobody can slip in between and exceed the bound.
    if (next) next();
    else rendering -= 1;
  }
}

/** Renditions drawn by this process, and the most drawn at once (tests, the benchmark). */
export function imageRenderStats(): { rendered: number; peak: number } {
  return { rendered, peak };
}

/** The parts of a rendition that a URL chooses, the format aside. */
const renditionShape = ({ rect, width, height, fit, quality }: ImageRequest) =>
  JSON.stringify([rect, width, height, fit, quality]);

/** Per file, the shapes the site asks for; dropped whenever content changes. */
const allowedShapes = new LRUCache<string, Promise<Set<string>>>({ max: 500 });
contentEvents.on("change", () => allowedShapes.clear());
contentEvents.on(DRAFTS_CHANGE_EVENT, () => allowedShapes.clear());

/** Every image object of content that shows this asset: its crop and hotspot. */
async function usesInContent(ref: string): Promise<ContentImageSource[]> {
  const uses: ContentImageSource[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (!value || typeof value !== "object") return;
    const record = value as Record<string, unknown>;
    if ((record.asset as { _ref?: unknown } | undefined)?._ref === ref) {
      uses.push({
        crop: record.crop as ContentImageSource["crop"],
        hotspot: record.hotspot as ContentImageSource["hotspot"],
      });
    }
    Object.values(record).forEach(walk);
  };
  // Drafts too: an editor's preview shows their crops.
  for (const perspective of ["published", "drafts"] as Perspective[]) {
    walk(await contentSource().fetch<unknown>("*[references($ref)]", { ref }, perspective));
  }
  return uses;
}

async function shapesFor(file: string, sourceWidth: number, sourceHeight: number): Promise<Set<string>> {
  const ref = localAssetRef(file);
  const uses: ContentImageSource[] = [{}];
  if (ref) {
    try {
      uses.push(...(await usesInContent(ref)));
    } catch (error) {
      // Content unreachable: the file as it is (no crop) stays available, nothing more.
      log("warn", "image uses not read from content", { error: String(error) });
    }
  }
  const splat = `${LOCAL_IMAGE_PROJECT}/${LOCAL_IMAGE_DATASET}/${file}`;
  const asset = {
    _id: ref ?? "",
    url: `/images/${splat}`,
    metadata: { dimensions: { width: sourceWidth, height: sourceHeight } },
  };
  const shapes = new Set<string>();
  // The bare asset URL too (the original, as Sanity's CDN answers it): page data carries it.
  for (const use of uses) {
    for (const url of [asset.url, ...allowedRenditionUrls({ ...use, asset })]) {
      const parsed = parseImageRequest(splat, new URL(url, "http://site.invalid").searchParams, null);
      if (parsed.ok) shapes.add(renditionShape(parsed.request));
    }
  }
  return shapes;
}

/** True when the site's own pages ask for this rendition (any of the formats `auto=format` can give). */
async function isAllowedRendition(image: ImageRequest): Promise<boolean> {
  const original: OutputFormat = image.file.endsWith(".jpg") ? "jpg" : image.file.endsWith(".webp") ? "webp" : "png";
  if (image.format !== "avif" && image.format !== "webp" && image.format !== original) return false;
  let shapes = allowedShapes.get(image.file);
  if (!shapes) {
    shapes = shapesFor(image.file, image.sourceWidth, image.sourceHeight);
    allowedShapes.set(image.file, shapes);
  }
  return (await shapes).has(renditionShape(image));
}

async function render(source: string, request: ImageRequest): Promise<Buffer> {
  return inTurn(async () => {
    const bytes = await draw(source, request);
    rendered += 1;
    countImageRender();
    return bytes;
  });
}

async function draw(source: string, request: ImageRequest): Promise<Buffer> {
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
  // After the file check: only a real file's uses are looked up (and remembered).
  if (!(await isAllowedRendition(image))) return errorResponse(400, "rendition not used by the site");

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
