/**
 * The one way the site shows a content image: a server-rendered <img> with srcset/sizes from
 * app/lib/image-url.ts, width/height (no layout shift), the blurred LQIP as its background until the
 * picture paints, lazy loading unless it is the page's LCP image (`priority`). No client JS.
 * docs/images.md.
 */
import type { CSSProperties } from "react";

import { type ContentImageSource, type ImageAspectRatio, imageSources } from "~/lib/image-url";

/** A 1×1 transparent GIF: what a <source> offers where the picture is hidden, so nothing downloads. */
const NOTHING = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";

export function ContentImage({
  image,
  width,
  sizes,
  aspectRatio,
  priority = false,
  placeholder = true,
  decorative = false,
  hiddenWhen,
  className,
}: {
  image: ContentImageSource | null | undefined;
  /** The widest the image is ever shown, in CSS pixels. */
  width: number;
  /** The `sizes` attribute; defaults to that fixed width. */
  sizes?: string;
  /** Width / height to crop to (around the hotspot, one of IMAGE_ASPECT_RATIOS); the editor's crop otherwise. */
  aspectRatio?: ImageAspectRatio;
  /** The page's LCP image: eager, fetchpriority=high. */
  priority?: boolean;
  /** The blurred LQIP behind the picture (off for transparent images such as logos). */
  placeholder?: boolean;
  /** Already described by nearby text: alt="" so screen readers skip it. */
  decorative?: boolean;
  /** A media query under which the picture is hidden by CSS: browsers then fetch nothing for it. */
  hiddenWhen?: string;
  className?: string;
}) {
  const sources = imageSources(image, { width, aspectRatio });
  if (!sources) return null;
  const style: CSSProperties | undefined =
    placeholder && sources.lqip
      ? { backgroundImage: `url("${sources.lqip}")`, backgroundSize: "cover", backgroundPosition: "center" }
      : undefined;
  const img = (
    <img
      src={sources.src}
      srcSet={sources.srcSet}
      sizes={sizes ?? `${sources.width}px`}
      width={sources.width}
      height={sources.height}
      alt={decorative ? "" : (image?.alt ?? "")}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      // Lower-case: React 18 passes it through as the HTML attribute.
      {...(priority ? { fetchpriority: "high" } : {})}
      style={style}
      className={className}
    />
  );
  if (!hiddenWhen) return img;
  return (
    <picture>
      <source media={hiddenWhen} srcSet={`${NOTHING} 1w`} sizes="1px" />
      {img}
    </picture>
  );
}

/** Where a `PhoneScreenshot` stands, its glow behind, and the phone's frame. */
export interface PhoneLook {
  box: string;
  glow: string;
  frame: string;
}

/**
 * An app screenshot in a phone's frame over a soft glow (the landing hero's and the app showcase's):
 * nothing without an image. The image options are `ContentImage`'s, cropped to the phone's 1:2.
 */
export function PhoneScreenshot({
  screenshot,
  look,
  ...image
}: { screenshot: ContentImageSource | null | undefined; look: PhoneLook } & Pick<
  Parameters<typeof ContentImage>[0],
  "width" | "sizes" | "priority" | "hiddenWhen"
>) {
  if (!screenshot?.asset) return null;
  return (
    <div className={look.box}>
      <div aria-hidden="true" className={look.glow} />
      <div className={look.frame}>
        <ContentImage
          image={screenshot}
          aspectRatio={0.5}
          className="block h-auto w-full rounded-[2.25rem] bg-slate-50"
          {...image}
        />
      </div>
    </div>
  );
}
