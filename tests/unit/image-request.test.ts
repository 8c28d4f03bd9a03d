// The local image route's reading of URLs: what it renders, and 4xx for anything else.
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { negotiateFormat, parseImageRequest } from "~/images/image-request";

const FILE = "0d4d8e01814dc797bbbe6379560cdabf0203f7cf-640x1280.png";
const SPLAT = `local/production/${FILE}`;
const parse = (query: string, accept: string | null = null, splat = SPLAT) =>
  parseImageRequest(splat, new URLSearchParams(query), accept);

describe("parseImageRequest", () => {
  it("reads what @sanity/image-url emits", () => {
    const result = parse("rect=0,320,640,640&w=400&h=400&fit=crop&q=70&auto=format", "image/avif,image/webp,*/*");
    expect(result).toEqual({
      ok: true,
      request: {
        file: FILE,
        sourceWidth: 640,
        sourceHeight: 1280,
        rect: [0, 320, 640, 640],
        width: 400,
        height: 400,
        fit: "crop",
        quality: 70,
        format: "avif",
        negotiated: true,
      },
    });
  });

  it("follows the rect's proportions when only the width is given", () => {
    const result = parse("w=320");
    expect(result.ok && [result.request.width, result.request.height, result.request.format]).toEqual([
      320,
      640,
      "png",
    ]);
  });

  it.each([
    ["w=401", 400],
    ["w=1e3", 400],
    ["w=NaN", 400],
    ["w=-80", 400],
    ["w=99999999", 400],
    ["h=0", 400],
    ["h=5000", 400],
    ["w=1920&h=4096&fit=crop", 400],
    ["rect=0,0,641,100", 400],
    ["rect=0,0,0,10", 400],
    ["rect=1,2,3", 400],
    ["rect=a,b,c,d", 400],
    ["fit=fill", 400],
    ["q=0", 400],
    ["q=101", 400],
    ["auto=compress", 400],
    ["fm=gif", 400],
    ["w=80&w=160", 400],
    ["dl=x.png", 400],
  ])("answers %s with %i", (query, status) => {
    expect(parse(query)).toMatchObject({ ok: false, status });
  });

  it.each([
    "local/production/../../../etc/passwd",
    "local/production/..%2F..%2Fetc%2Fpasswd",
    "other/production/" + FILE,
    "local/staging/" + FILE,
    "local/production/" + FILE.replace(".png", ".svg"),
    "local/production/x/" + FILE,
    "local/production/metadata.json",
  ])("answers unknown file %s with 404", (splat) => {
    expect(parse("", null, splat)).toMatchObject({ ok: false, status: 404 });
  });

  it("never throws, whatever the query", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.option(fc.string()), (query, splat, accept) => {
        const result = parseImageRequest(splat, new URLSearchParams(query), accept);
        expect(typeof result.ok).toBe("boolean");
      }),
    );
  });
});

describe("negotiateFormat", () => {
  it("prefers AVIF, then WebP, only when the client names them", () => {
    expect(negotiateFormat("image/avif,image/webp,image/apng,image/*,*/*;q=0.8", "png")).toBe("avif");
    expect(negotiateFormat("image/webp,*/*", "png")).toBe("webp");
    expect(negotiateFormat("*/*", "png")).toBe("png");
    expect(negotiateFormat("image/avif;q=0,image/webp", "jpg")).toBe("webp");
    expect(negotiateFormat(null, "jpg")).toBe("jpg");
  });
});
