// If-None-Match against one ETag, as the image and social-card routes read it (app/lib/http-cache.ts).
import { ifNoneMatchIncludes } from "~/lib/http-cache";

describe("ifNoneMatchIncludes", () => {
  const etag = '"abc123"';

  it("matches the ETag itself, in a list, weak or not, and `*`", () => {
    expect(ifNoneMatchIncludes(etag, etag)).toBe(true);
    expect(ifNoneMatchIncludes(`"other", ${etag}`, etag)).toBe(true);
    expect(ifNoneMatchIncludes(`W/${etag}`, etag)).toBe(true);
    expect(ifNoneMatchIncludes("*", etag)).toBe(true);
    expect(ifNoneMatchIncludes(` "other" , * `, etag)).toBe(true);
  });

  it("matches nothing when the header is missing, empty or names other tags", () => {
    expect(ifNoneMatchIncludes(null, etag)).toBe(false);
    expect(ifNoneMatchIncludes(undefined, etag)).toBe(false);
    expect(ifNoneMatchIncludes("", etag)).toBe(false);
    expect(ifNoneMatchIncludes('"other", W/"abc12"', etag)).toBe(false);
    expect(ifNoneMatchIncludes("abc123", etag)).toBe(false);
  });

  it("leaves `*` out when asked to (the resource is not yet known to exist)", () => {
    expect(ifNoneMatchIncludes("*", etag, { wildcard: false })).toBe(false);
    expect(ifNoneMatchIncludes(`*, ${etag}`, etag, { wildcard: false })).toBe(true);
  });
});
