/**
 * Image URLs for content images, the same on both content sources: @sanity/image-url builds them from
 * the asset's own `url` (cdn.sanity.io with Sanity, `/images/local/production/…` on the embedded
 * dataset, answered by app/routes/images.$.ts). Widths come from one allow-list shared with that route.
 * docs/images.md.
 */
import { createImageUrlBuilder } from "@sanity/image-url";

/** The widths the local image route renders; srcset candidates are always taken from here. */
export const IMAGE_WIDTHS = [80, 160, 240, 320, 400, 480, 640, 800, 960, 1280, 1600, 1920] as const;

export const DEFAULT_IMAGE_QUALITY = 75;

/**
 * The width / height ratios the site's components crop to (a phone screenshot, a sector's wide picture).
 * The local image route renders only what these, IMAGE_WIDTHS and DEFAULT_IMAGE_QUALITY give
 * (allowedRenditionUrls): a component that needs another ratio adds it here.
 */
export const IMAGE_ASPECT_RATIOS = [0.5, 2] as const;
export type ImageAspectRatio = (typeof IMAGE_ASPECT_RATIOS)[number];

type Maybe<T> = T | null | undefined;

/** The projection `IMAGE` of app/content/queries.ts: what every image field answers. */
export interface ContentImageSource {
  alt?: Maybe<string>;
  crop?: Maybe<{ top?: Maybe<number>; bottom?: Maybe<number>; left?: Maybe<number>; right?: Maybe<number> }>;
  hotspot?: Maybe<{ x?: Maybe<number>; y?: Maybe<number>; width?: Maybe<number>; height?: Maybe<number> }>;
  asset?: Maybe<{
    _id?: Maybe<string>;
    url?: Maybe<string>;
    metadata?: Maybe<{ lqip?: Maybe<string>; dimensions?: Maybe<{ width?: Maybe<number>; height?: Maybe<number> }> }>;
  }>;
}

export interface ImageSources {
  src: string;
  srcSet: string;
  /** Intrinsic size of the largest display, for width/height attributes (no layout shift). */
  width: number;
  height: number;
  lqip: string | null;
}

const ASSET_URL = /^(.*)\/images\/([\w-]+)\/([\w-]+)\/[^/?#]+$/;

function builderFor(assetUrl: string) {
  const match = ASSET_URL.exec(assetUrl);
  if (!match) return null;
  const [, base, projectId, dataset] = match;
  // An empty base means the site's own origin: the builder drops trailing slashes, so "/" yields "/images/…".
  return createImageUrlBuilder({ projectId, dataset, baseUrl: base || "/" });
}

/** The visible part of the image in source pixels (after the editor's crop). */
function croppedSize(image: ContentImageSource, width: number, height: number) {
  const crop = image.crop ?? {};
  const visibleWidth = width * (1 - (crop.left ?? 0) - (crop.right ?? 0));
  const visibleHeight = height * (1 - (crop.top ?? 0) - (crop.bottom ?? 0));
  return { width: Math.max(1, Math.round(visibleWidth)), height: Math.max(1, Math.round(visibleHeight)) };
}

/** The smallest allowed width at or above `width` (the largest one when none is). */
export function snapWidth(width: number): number {
  return IMAGE_WIDTHS.find((allowed) => allowed >= width) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
}

type Source = { _type: "image"; asset: { _ref: string }; crop?: unknown; hotspot?: unknown };

function imageSource(image: ContentImageSource, assetId: string): Source {
  return {
    _type: "image",
    asset: { _ref: assetId },
    ...(image.crop ? { crop: image.crop } : {}),
    ...(image.hotspot ? { hotspot: image.hotspot } : {}),
  };
}

/** One rendition's URL: the width, the quality, `auto=format`, and with a ratio its height and the crop. */
function renditionUrl(
  builder: NonNullable<ReturnType<typeof builderFor>>,
  source: Source,
  width: number,
  { aspectRatio, quality }: { aspectRatio?: number; quality: number },
): string {
  let url = builder
    .image(source as never)
    .width(width)
    .quality(quality)
    .auto("format");
  if (aspectRatio) url = url.height(Math.round(width / aspectRatio)).fit("crop");
  return url.url();
}

/**
 * Every rendition URL the site's components can ask for an image (each allowed width, uncropped and at
 * each allowed ratio, the default quality): what the local image route agrees to render for it.
 */
export function allowedRenditionUrls(image: Maybe<ContentImageSource>): string[] {
  const asset = image?.asset;
  if (!image || !asset?._id || !asset.url) return [];
  const builder = builderFor(asset.url);
  if (!builder) return [];
  const source = imageSource(image, asset._id);
  return [undefined, ...IMAGE_ASPECT_RATIOS].flatMap((aspectRatio) =>
    IMAGE_WIDTHS.map((width) => renditionUrl(builder, source, width, { aspectRatio, quality: DEFAULT_IMAGE_QUALITY })),
  );
}

/**
 * URLs for an image shown at most `width` CSS pixels wide: 1×, 1.5× and 2× candidates snapped to the
 * allow-list and never wider than the visible source. `aspectRatio` (width / height) crops around the
 * hotspot; without it the editor's crop keeps its own proportions. Null when the image has no asset.
 */
export function imageSources(
  image: Maybe<ContentImageSource>,
  { width, aspectRatio }: { width: number; aspectRatio?: ImageAspectRatio },
): ImageSources | null {
  const asset = image?.asset;
  const sourceWidth = asset?.metadata?.dimensions?.width;
  const sourceHeight = asset?.metadata?.dimensions?.height;
  if (!image || !asset?._id || !asset.url || !sourceWidth || !sourceHeight) return null;
  const builder = builderFor(asset.url);
  if (!builder) return null;

  const visible = croppedSize(image, sourceWidth, sourceHeight);
  const ratio = aspectRatio && aspectRatio > 0 ? aspectRatio : visible.width / visible.height;
  const displayWidth = Math.round(width);
  const displayHeight = Math.round(displayWidth / ratio);
  // Widest sensible candidate: what the crop holds at that ratio.
  const maxWidth = Math.min(visible.width, Math.round(visible.height * ratio));

  // The widest allowed width the source can fill without upscaling (the smallest one for tiny sources).
  const ceiling = [...IMAGE_WIDTHS].reverse().find((allowed) => allowed <= maxWidth) ?? IMAGE_WIDTHS[0];
  const candidates = [...new Set([1, 1.5, 2].map((density) => Math.min(snapWidth(displayWidth * density), ceiling)))];

  const source = imageSource(image, asset._id);
  const urlFor = (candidate: number) =>
    renditionUrl(builder, source, candidate, { aspectRatio, quality: DEFAULT_IMAGE_QUALITY });
  const urls = candidates.map((candidate) => `${urlFor(candidate)} ${candidate}w`);
  return {
    src: urlFor(candidates[0]),
    srcSet: urls.join(", "),
    width: displayWidth,
    height: displayHeight,
    lqip: asset.metadata?.lqip ?? null,
  };
}
