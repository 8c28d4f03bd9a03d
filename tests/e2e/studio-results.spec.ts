// The Studio's «Resultados» view as a browser on the Studio's own origin runs it: with a preview session
// opened on the site, a credentialed fetch of the experiment's report from a page at SANITY_STUDIO_URL
// (another port of the same host: another origin, the same site, as studio.example.es and
// www.example.es are) gets the figures through the built server. With SANITY_STUDIO_URL naming another
// address the browser refuses the answer, and the view's second ask (`no-cors`) tells that apart from a
// site that is down (sanity-studio/components/results-state.ts).
import http from "node:http";
import type { AddressInfo } from "node:net";

import { expect, type Page, test } from "@playwright/test";

import { EXPERIMENT_KEY, experimentDocuments } from "../support/experiment-fixtures";
import { enableUrl, secretDocument } from "../support/preview-fixtures";
import { startTrackedServer, type TrackedServer } from "../support/tracked-server";

const SECRET = `e2e-studio-results-${Date.now()}`;

/** A blank page standing for the Studio, on its own port of 127.0.0.1. */
async function startStudioOrigin(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end("<!doctype html><title>Studio</title><p>Studio</p>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** What the view's two asks give in this browser: the figures' key, a refusal with the site up, or no site. */
function readFromStudio(page: Page, site: string) {
  return page.evaluate(async (url) => {
    try {
      const response = await fetch(url, { credentials: "include", cache: "no-store" });
      const body = (await response.json()) as { report?: { key?: string } };
      return { read: response.status, key: body.report?.key ?? null };
    } catch {
      const up = await fetch(url, { mode: "no-cors", credentials: "omit", cache: "no-store" }).then(
        () => true,
        () => false,
      );
      return { refused: true, siteUp: up };
    }
  }, `${site}/api/experiments/${EXPERIMENT_KEY}/report`);
}

let studio: Awaited<ReturnType<typeof startStudioOrigin>>;
let sites: TrackedServer[] = [];

test.beforeAll(async () => {
  studio = await startStudioOrigin();
});
test.afterAll(async () => {
  await Promise.all(sites.map((site) => site.stop()));
  await studio?.close();
  sites = [];
});

async function siteFor(studioUrl: string): Promise<TrackedServer> {
  const site = await startTrackedServer(
    {},
    {
      extraDocuments: [...experimentDocuments(), secretDocument(SECRET, new Date())],
      env: { SANITY_STUDIO_URL: studioUrl },
    },
  );
  sites.push(site);
  return site;
}

test(
  "the Studio's origin reads the figures with the editor's preview session",
  { tag: "@any-width" },
  async ({ page }) => {
    const site = await siteFor(studio.url);
    // The editor opens «Vista previa» once: the site's handshake sets the preview session cookie.
    await page.goto(enableUrl(site.url, SECRET), { waitUntil: "domcontentloaded" });
    await page.goto(studio.url);
    expect(await readFromStudio(page, site.url)).toEqual({ read: 200, key: EXPERIMENT_KEY });
  },
);

test(
  "a site whose SANITY_STUDIO_URL names another address is refused by the browser, and told apart from a site that is down",
  { tag: "@any-width" },
  async ({ page }) => {
    const site = await siteFor("https://studio.example.es");
    await page.goto(enableUrl(site.url, SECRET), { waitUntil: "domcontentloaded" });
    await page.goto(studio.url);
    expect(await readFromStudio(page, site.url)).toEqual({ refused: true, siteUp: true });
    await site.stop();
    sites = sites.filter((candidate) => candidate !== site);
    expect(await readFromStudio(page, site.url)).toEqual({ refused: true, siteUp: false });
  },
);
