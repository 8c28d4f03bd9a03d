// Content image URLs: srcset candidates from the allow-list, hotspot/crop, both sources' hosts.
import { describe, expect, it } from "vitest";

import { IMAGE_WIDTHS, imageSources, snapWidth } from "~/lib/image-url";

const ID = "image-0d4d8e01814dc797bbbe6379560cdabf0203f7cf-640x1280-png";
const local = {
  alt: "Bandeja de leads",
  asset: {
    _id: ID,
    url: "/images/local/production/0d4d8e01814dc797bbbe6379560cdabf0203f7cf-640x1280.png",
    metadata: { lqip: "data:image/jpeg;base64,AAA", dimensions: { width: 640, height: 1280 } },
  },
};
const sanity = {
  ...local,
  asset: { ...local.asset, url: "https://cdn.sanity.io/images/abc123/production/0d4d8e01-640x1280.png" },
};

function candidates(srcSet: string) {
  return srcSet.split(", ").map((entry) => {
    const [url, descriptor] = entry.split(" ");
    return { url: new URL(url, "http://site.test"), width: Number(descriptor.replace("w", "")) };
  });
}

describe("imageSources", () => {
  it("offers 1×, 1.5× and 2× widths from the allow-list, never wider than the source", () => {
    const sources = imageSources(local, { width: 332 })!;
    const list = candidates(sources.srcSet);
    expect(list.map((candidate) => candidate.width)).toEqual([400, 640]);
    for (const { url, width } of list) {
      expect(IMAGE_WIDTHS).toContain(width);
      expect(url.searchParams.get("w")).toBe(String(width));
      expect(url.searchParams.get("auto")).toBe("format");
      expect(url.searchParams.get("q")).toBe("75");
    }
    expect(sources).toMatchObject({ width: 332, height: 664, lqip: "data:image/jpeg;base64,AAA" });
  });

  it("points the embedded dataset to the site's own /images route and Sanity's to its CDN", () => {
    const own = candidates(imageSources(local, { width: 200 })!.srcSet)[0].url;
    expect(own.origin).toBe("http://site.test");
    expect(own.pathname).toBe("/images/local/production/0d4d8e01814dc797bbbe6379560cdabf0203f7cf-640x1280.png");
    const cdn = imageSources(sanity, { width: 200 })!.src;
    expect(cdn).toMatch(
      /^https:\/\/cdn\.sanity\.io\/images\/abc123\/production\/0d4d8e01814dc797bbbe6379560cdabf0203f7cf-640x1280\.png\?/,
    );
  });

  it("crops to the requested ratio around the hotspot", () => {
    const withHotspot = { ...local, hotspot: { x: 0.5, y: 0.9, width: 0.2, height: 0.1 } };
    const url = new URL(imageSources(withHotspot, { width: 320, aspectRatio: 2 })!.src, "http://site.test");
    // A 640×320 band out of 640×1280, pushed to the bottom where the hotspot is.
    expect(url.searchParams.get("rect")).toBe("0,960,640,320");
    expect(Number(url.searchParams.get("h"))).toBe(Number(url.searchParams.get("w")) / 2);
    expect(url.searchParams.get("fit")).toBe("crop");
  });

  it("keeps the editor's crop and its proportions when no ratio is asked", () => {
    const cropped = { ...local, crop: { top: 0.5, bottom: 0, left: 0, right: 0 } };
    const sources = imageSources(cropped, { width: 320 })!;
    expect(new URL(sources.src, "http://site.test").searchParams.get("rect")).toBe("0,640,640,640");
    expect([sources.width, sources.height]).toEqual([320, 320]);
  });

  it("answers null for a missing asset or an unknown URL shape", () => {
    expect(imageSources(null, { width: 100 })).toBeNull();
    expect(imageSources({ alt: "x" }, { width: 100 })).toBeNull();
    expect(
      imageSources({ ...local, asset: { ...local.asset, url: "https://example.com/x.png" } }, { width: 100 }),
    ).toBeNull();
  });

  it("snaps widths up to the allow-list", () => {
    expect(snapWidth(1)).toBe(80);
    expect(snapWidth(401)).toBe(480);
    expect(snapWidth(99_999)).toBe(1920);
  });
});
