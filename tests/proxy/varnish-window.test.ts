// A campaign's calendar through the shared cache (CONTRACT §7 'A window', §14): Debian's Varnish with the
// shipped deploy/varnish/ in front of two instances on the embedded dataset. The sitemap and the page sit
// in Varnish, and no edit happens at either boundary: each instance's own timer purges the answers that
// considered the page, so through Varnish the page opens (200, listed) within 5 s of «Visible desde» and
// closes (a redirect to «Después del final», unlisted) within 5 s of «Visible hasta».

import { afterAll, beforeAll, expect, it } from "vitest";

import { httpRequest, startVarnishStack } from "../../scripts/lib/varnish-stack.mjs";
import { publishWindowAhead } from "../support/campaign";
import { type DatasetDocument, readDocuments, writeDocuments } from "../support/dataset-file";
import type { Answer, VarnishStack } from "./varnish-support";

const BOUNDARY_MS = 5_000;
/** Time for both instances to read the new dataset before the window opens (doubled on a host that needs more). */
const LEAD_MS = 20_000;
const OPEN_MS = 12_000;
const SLUG = "feria-varnish";
const AFTER_END = "/sectores/construccion";

let stack: VarnishStack;
const request = (pathname: string): Promise<Answer> => httpRequest(`${stack.url}${pathname}`);

beforeAll(async () => {
  stack = (await startVarnishStack({ instances: 2 })) as unknown as VarnishStack;
}, 180_000);
afterAll(async () => {
  await stack?.stop();
});

const campaign = (slug: string, heading: string, window: Record<string, string> = {}): DatasetDocument => ({
  _id: `campaignPage.${slug}`,
  _type: "campaignPage",
  title: heading,
  slug: { _type: "slug", current: slug },
  blocks: [{ _key: "hero", _type: "heroBlock", heading }],
  ...window,
});

const listed = async () => (await request("/sitemap.xml")).body.includes(`/${SLUG}</loc>`);

/** Polls until `condition` holds, at most until `boundary` + 5 s (the product's bound, from the boundary). */
async function byBoundary(boundary: number, condition: () => Promise<boolean>) {
  await expect.poll(condition, { timeout: Math.max(boundary + BOUNDARY_MS - Date.now(), 1), interval: 200 }).toBe(true);
  expect(Date.now() - boundary).toBeLessThanOrEqual(BOUNDARY_MS);
}

/** Asks until Varnish answers `pathname` from its cache. */
async function cached(pathname: string) {
  await expect.poll(async () => (await request(pathname)).headers["x-cache"], { timeout: BOUNDARY_MS }).toBe("HIT");
}

it("opens and closes a campaign on its own through Varnish, within 5 s of each boundary", async () => {
  const seed = readDocuments(stack.datasetFile);
  // Both instances read the dataset: the page without a calendar, with the marker, and in the sitemap.
  const { from, until } = await publishWindowAhead({
    lead: LEAD_MS,
    open: OPEN_MS,
    publish: (window, marker) =>
      writeDocuments(stack.datasetFile, [
        ...seed,
        campaign("siempre-varnish", marker),
        campaign(SLUG, "Feria con calendario", {
          visibleFrom: new Date(window.from).toISOString(),
          visibleUntil: new Date(window.until).toISOString(),
          afterEnd: AFTER_END,
        }),
      ]),
    shows: async (marker) =>
      (await request("/siempre-varnish")).body.includes(marker) &&
      (await request("/sitemap.xml")).body.includes("/siempre-varnish</loc>"),
  });

  // Before: 404 and unlisted, the sitemap held by Varnish.
  expect((await request(`/${SLUG}`)).status).toBe(404);
  await cached("/sitemap.xml");
  expect(await listed()).toBe(false);

  // From «Visible desde», with no edit: open and listed through Varnish.
  await byBoundary(from, async () => (await request(`/${SLUG}`)).status === 200 && (await listed()));
  await cached(`/${SLUG}`);
  await cached("/sitemap.xml");
  expect(await listed()).toBe(true);
  expect(Date.now(), "the page was not cached before its end").toBeLessThan(until);

  // From «Visible hasta»: the cached page and sitemap are purged; a temporary redirect, unlisted.
  await byBoundary(until, async () => (await request(`/${SLUG}`)).status === 302 && !(await listed()));
  const after = await request(`/${SLUG}`);
  expect(after.headers.location).toBe(AFTER_END);
  // Only ends a test that hangs: a slow host lengthens the lead, up to 8 times (publishWindowAhead).
}, 400_000);
