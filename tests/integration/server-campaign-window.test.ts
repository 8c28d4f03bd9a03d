// A campaign page's calendar on the running production server (embedded dataset, real clock, a window a
// few seconds ahead): before «Visible desde» the page is 404 and out of the sitemap; from it, within 5 s,
// 200 and listed; from «Visible hasta», within 5 s, a temporary redirect to «Después del final» and out of
// the sitemap again; with no edit at either moment, though the page and the sitemap sat in the page cache.
import path from "node:path";

import { afterAll, beforeAll, expect, it } from "vitest";

import { publishWindowAhead } from "../support/campaign";
import { readDocuments, writeDocuments } from "../support/dataset";
import { type ProductionServer, request, startServer } from "../support/production-server";

const BOUNDARY_MS = 5_000;
/** Time for the server to read the new dataset before the window opens (doubled on a host that needs more). */
const LEAD_MS = 15_000;
/** Long enough for the checks made while it is open (doubled with the lead). */
const OPEN_MS = 10_000;
const SLUG = "calendario-prueba";
const AFTER_END = "/sectores/construccion";

let server: ProductionServer;
beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(async () => server?.stop());

async function get(pathname: string) {
  const response = await request(`${server.baseUrl}${pathname}`);
  return { status: response.status, body: response.body.toString("utf8"), headers: response.headers };
}

const campaign = (slug: string, heading: string, window: Record<string, string> = {}) => ({
  _id: `campaignPage.${slug}`,
  _type: "campaignPage",
  title: `Campaña ${heading}`,
  slug: { _type: "slug", current: slug },
  seo: { title: heading, description: "Campaña con calendario." },
  blocks: [{ _key: "hero", _type: "heroBlock", heading }],
  ...window,
});

const listed = async () => (await get("/sitemap.xml")).body.includes(`/${SLUG}</loc>`);

/** Polls until `condition` holds, at most until `boundary` + 5 s: the product's bound, measured from the boundary. */
async function byBoundary(boundary: number, condition: () => Promise<boolean>) {
  await expect.poll(condition, { timeout: Math.max(boundary + BOUNDARY_MS - Date.now(), 1), interval: 200 }).toBe(true);
  expect(Date.now() - boundary).toBeLessThanOrEqual(BOUNDARY_MS);
}

it("opens and closes on its own, through the page cache, within 5 s of each boundary", async () => {
  const file = path.join(server.dataDir, "production.ndjson");
  const seed = readDocuments(file);
  const { from, until } = await publishWindowAhead({
    lead: LEAD_MS,
    open: OPEN_MS,
    publish: (window, marker) =>
      writeDocuments(file, [
        ...seed,
        campaign("sin-calendario", marker),
        campaign(SLUG, "Oferta de feria", {
          visibleFrom: new Date(window.from).toISOString(),
          visibleUntil: new Date(window.until).toISOString(),
          afterEnd: AFTER_END,
        }),
      ]),
    shows: async (marker) => (await get("/sin-calendario")).body.includes(marker),
  });

  // Before: 404, not listed, and the sitemap that says so is held by the page cache.
  expect((await get(`/${SLUG}`)).status).toBe(404);
  expect(await listed()).toBe(false);
  expect((await get("/sitemap.xml")).headers["x-cache"]).toBe("HIT");

  // From «Visible desde»: the page and the sitemap follow, without any edit.
  await byBoundary(from, async () => (await get(`/${SLUG}`)).status === 200 && (await listed()));
  expect((await get(`/${SLUG}`)).body).toContain("Oferta de feria");
  expect((await get(`/${SLUG}`)).headers["x-cache"]).toBe("HIT");
  expect((await get("/sitemap.xml")).headers["x-cache"]).toBe("HIT");
  expect(Date.now(), "the page was not cached before its end").toBeLessThan(until);

  // From «Visible hasta»: a temporary redirect to «Después del final», out of the sitemap.
  await byBoundary(until, async () => (await get(`/${SLUG}`)).status === 302 && !(await listed()));
  const after = await get(`/${SLUG}?utm_source=feria`);
  expect(after.status).toBe(302);
  expect(after.headers.location).toBe(AFTER_END);
  expect(after.headers["cache-control"]).toMatch(/no-store/);
  // Only ends a test that hangs: a slow host lengthens the lead, up to 8 times (publishWindowAhead).
}, 300_000);
