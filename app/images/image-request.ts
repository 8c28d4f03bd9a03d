/**
 * Reads a local image URL the way Sanity's image CDN reads its own (the subset @sanity/image-url emits:
 * w, h, rect, fit, q, auto=format, fm) into a plain description of the output, or a 4xx. Pure: no file
 * access, never throws. docs/images.md.
 */
import Negotiator from "negotiator";

// Server code by use (only app/images/local-images.server.ts imports this module), named without `.server`
// so its pure parsing is unit-tested as is.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { IMAGE_FILE_NAME, LOCAL_IMAGE_DATASET, LOCAL_IMAGE_PROJECT } from "~/content/local-assets.server";
import { DEFAULT_IMAGE_QUALITY, IMAGE_WIDTHS } from "~/lib/image-url";

export type OutputFormat = "avif" | "webp" | "png" | "jpg";
export type FitMode = "clip" | "crop" | "max" | "min" | "scale";

export interface ImageRequest {
  file: string;
  sourceWidth: number;
  sourceHeight: number;
  /** Region of the source to use: [left, top, width, height]. */
  rect: [number, number, number, number];
  width: number;
  height: number;
  fit: FitMode;
  quality: number;
  format: OutputFormat;
  /** True when the format was chosen from Accept (the response then varies on it). */
  negotiated: boolean;
}

export type ImageRequestResult = { ok: true; request: ImageRequest } | { ok: false; status: 400 | 404; reason: string };

/** Largest output side and area the route renders (the widest allowed width at 1:2). */
export const MAX_OUTPUT_SIDE = 4096;
const MAX_OUTPUT_PIXELS = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1] * 2 * IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];

const ALLOWED_PARAMS = new Set(["w", "h", "rect", "fit", "q", "auto", "fm"]);
const FITS = new Set<FitMode>(["clip", "crop", "max", "min", "scale"]);
const FORMATS: Record<string, OutputFormat> = { jpg: "jpg", jpeg: "jpg", png: "png", webp: "webp", avif: "avif" };
const INTEGER = /^[0-9]{1,5}$/;

const fail = (status: 400 | 404, reason: string): ImageRequestResult => ({ ok: false, status, reason });

function integer(value: string, min: number, max: number): number | null {
  if (!INTEGER.test(value)) return null;
  const number = Number(value);
  return number >= min && number <= max ? number : null;
}

/** AVIF, then WebP, when the client names them in Accept; otherwise the source's own format. */
export function negotiateFormat(accept: string | null | undefined, original: OutputFormat): OutputFormat {
  let types: string[];
  try {
    types = new Negotiator({ headers: { accept: accept ?? "" } }).mediaTypes();
  } catch {
    return original;
  }
  if (types.includes("image/avif")) return "avif";
  if (types.includes("image/webp")) return "webp";
  return original;
}

/**
 * `splat` is the path after /images/ (`<project>/<dataset>/<sha1>-<w>x<h>.<ext>`), `query` the raw
 * search parameters, `accept` the request's Accept header.
 */
export function parseImageRequest(splat: string, query: URLSearchParams, accept: string | null): ImageRequestResult {
  const segments = splat.split("/");
  if (segments.length !== 3) return fail(404, "unknown image");
  const [project, dataset, file] = segments;
  if (project !== LOCAL_IMAGE_PROJECT || dataset !== LOCAL_IMAGE_DATASET) return fail(404, "unknown image");
  const name = IMAGE_FILE_NAME.exec(file);
  if (!name) return fail(404, "unknown image");
  const [sourceWidth, sourceHeight] = [Number(name[2]), Number(name[3])];
  const original: OutputFormat = name[4] === "webp" ? "webp" : name[4] === "jpg" ? "jpg" : "png";

  const values = new Map<string, string>();
  for (const [key, value] of query) {
    if (!ALLOWED_PARAMS.has(key)) return fail(400, `unsupported parameter ${key}`);
    if (values.has(key)) return fail(400, `repeated parameter ${key}`);
    values.set(key, value);
  }

  let rect: ImageRequest["rect"] = [0, 0, sourceWidth, sourceHeight];
  const rectValue = values.get("rect");
  if (rectValue !== undefined) {
    const parts = rectValue.split(",");
    const numbers = parts.map((part) => integer(part, 0, 99_999));
    if (parts.length !== 4 || numbers.some((number) => number === null)) return fail(400, "bad rect");
    const [left, top, width, height] = numbers as number[];
    if (width < 1 || height < 1 || left + width > sourceWidth || top + height > sourceHeight)
      return fail(400, "rect outside the image");
    rect = [left, top, width, height];
  }

  let width: number | null = null;
  const w = values.get("w");
  if (w !== undefined) {
    width = integer(w, 1, 99_999);
    if (width === null || !(IMAGE_WIDTHS as readonly number[]).includes(width)) return fail(400, "width not allowed");
  }
  let height: number | null = null;
  const h = values.get("h");
  if (h !== undefined) {
    height = integer(h, 1, MAX_OUTPUT_SIDE);
    if (height === null) return fail(400, "bad height");
  }

  const fitValue = values.get("fit") ?? "clip";
  if (!FITS.has(fitValue as FitMode)) return fail(400, "unsupported fit");
  const fit = fitValue as FitMode;

  let quality = DEFAULT_IMAGE_QUALITY;
  const q = values.get("q");
  if (q !== undefined) {
    const parsed = integer(q, 1, 100);
    if (parsed === null) return fail(400, "bad quality");
    quality = parsed;
  }

  const auto = values.get("auto");
  if (auto !== undefined && auto !== "format") return fail(400, "unsupported auto");
  const fm = values.get("fm");
  if (fm !== undefined && !FORMATS[fm]) return fail(400, "unsupported format");

  // The output box: a missing side follows the rect's proportions.
  const [, , rectWidth, rectHeight] = rect;
  const outWidth = width ?? (height ? Math.round((height * rectWidth) / rectHeight) : rectWidth);
  const outHeight = height ?? Math.round((outWidth * rectHeight) / rectWidth);
  if (outWidth < 1 || outHeight < 1 || outWidth > MAX_OUTPUT_SIDE || outHeight > MAX_OUTPUT_SIDE)
    return fail(400, "output too large");
  if (outWidth * outHeight > MAX_OUTPUT_PIXELS) return fail(400, "output too large");

  const negotiated = fm === undefined && auto === "format";
  const format = fm !== undefined ? FORMATS[fm] : negotiated ? negotiateFormat(accept, original) : original;
  return {
    ok: true,
    request: {
      file,
      sourceWidth,
      sourceHeight,
      rect,
      width: outWidth,
      height: outHeight,
      fit,
      quality,
      format,
      negotiated,
    },
  };
}
