// The local image route behind the real production server: rendered images with their cache headers
// and 304s, and 4xx (never 5xx) for hostile paths and parameters that reach it through node:http and Remix.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type ProductionServer, request, startServer } from "../support/production-server";

const SCREENSHOT = fs
  .readdirSync(path.resolve("sanity-studio/seed/images"))
  .find((name) => name.endsWith("x1280.png"))!;
const IMAGE = `/images/local/production/${SCREENSHOT}`;

describe("GET /images/… on the production server", () => {
  let server: ProductionServer;
  beforeAll(async () => {
    server = await startServer({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "images-server-")) });
  }, 60_000);
  afterAll(() => server?.stop());

  it("serves a negotiated rendition once, then 304 for its ETag", async () => {
    const url = `${server.baseUrl}${IMAGE}?w=320&auto=format`;
    const first = await request(url, { headers: { Accept: "image/webp,*/*" } });
    expect(first.status).toBe(200);
    expect(first.headers["content-type"]).toBe("image/webp");
    expect(first.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(first.headers["vary"]).toContain("Accept");
    expect(first.headers["x-content-type-options"]).toBe("nosniff");
    const etag = first.headers["etag"] as string;
    const again = await request(url, { headers: { Accept: "image/webp,*/*", "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it.each([
    ["/images/%E0%A4%A", 400],
    ["/images/local/production/%00.png", 404],
    ["/images/local/production/..%2F..%2Fpackage.json", 404],
    ["/images/local/production/../../package.json", 404],
    ["/images/", 404],
    [`${IMAGE}?w=%FF`, 400],
    [`${IMAGE}?w=400&rect=1,2,3,4,5`, 400],
    [`${IMAGE}?w=1920&h=4096`, 400],
  ])("answers %s with %i", async (pathAndQuery, status) => {
    const response = await request(`${server.baseUrl}${pathAndQuery}`);
    expect(response.status).toBe(status);
  });
});
