// Draft preview in a browser: the Studio's URL handshake turns it on, the page shows the draft and the
// preview bar, the preview client and Sanity's overlay load without a CSP violation or console error,
// leaving preview goes back to the published page, a public page loads exactly the same scripts as
// before and none of them holds or names preview code, and an open preview page shows a changed draft
// without a reload.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import { expect, type Page, test } from "@playwright/test";

import { rememberCookieChoice, watch } from "../support/page-checks";
import { secretDocument } from "../support/preview-fixtures";
import { startTrackedServer, type TrackedServer } from "../support/tracked-server";

const SLUG = "construccion";
const DRAFT_TITLE = "Título aún en borrador";
const secret = randomUUID();
let server: TrackedServer;
let publishedTitle: string;

test.beforeAll(async () => {
  const seed = fs.readFileSync(path.resolve("sanity-studio", "seed", "production.ndjson"), "utf8");
  const published = seed
    .split("\n")
    .filter((line) => line.includes(`"_id":"sectorPage.${SLUG}"`))
    .map((line) => JSON.parse(line))[0];
  publishedTitle = published.hero.title;
  server = await startTrackedServer(
    {},
    {
      extraDocuments: [
        { ...published, _id: `drafts.sectorPage.${SLUG}`, hero: { ...published.hero, title: DRAFT_TITLE } },
        secretDocument(secret, new Date()),
      ],
    },
  );
});
test.afterAll(async () => server?.stop());

/** Strings only the preview code holds: the old lazy chunks' names, the client's bundle and endpoints. */
const PREVIEW_CODE = /PreviewBar|Overlay\.client|VisualEditing|\/build\/preview-|preview-mode\/|sanity-visual-editing/;
test.beforeEach(async ({ context }) => rememberCookieChoice(context, server.url));

/** Every script URL the page loads, and every console error and CSP violation it reports. */
async function settled(page: Page) {
  await page.waitForLoadState("networkidle");
}

/** The scripts a page declares (module preloads and script tags), which the browser cache cannot hide. */
const declaredScripts = (page: Page) =>
  page.$$eval('link[rel="modulepreload"], script[src]', (elements) =>
    elements.map((element) => element.getAttribute("href") ?? element.getAttribute("src") ?? "").sort(),
  );

/** Every script the page has loaded so far, from the browser's own resource timing. */
const loadedScripts = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.endsWith(".js")),
  );

test(
  "an editor previews a draft through the Studio's URL and leaves preview",
  { tag: "@any-width" },
  async ({ page }) => {
    const pagePath = `/sectores/${SLUG}`;
    const before = watch(page);
    await page.goto(`${server.url}${pagePath}`);
    await settled(page);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(publishedTitle);
    const publicScripts = await declaredScripts(page);
    expect(before.scripts.some((src) => PREVIEW_CODE.test(src))).toBe(false);
    // Neither the public HTML nor any script it loads holds or names preview code.
    const publicHtml = await (await page.request.get(`${server.url}${pagePath}`)).text();
    expect(publicHtml).not.toMatch(PREVIEW_CODE);
    expect(publicHtml).not.toContain('"preview"');
    expect(before.scripts.length).toBeGreaterThan(0);
    for (const script of before.scripts) {
      const code = await (await page.request.get(`${server.url}${script}`)).text();
      expect(code, script).not.toMatch(PREVIEW_CODE);
    }

    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) =>
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    const inPreview = watch(page);
    const previewClient = page.waitForResponse((response) => /\/build\/preview-[\w]+\.js$/.test(response.url()));
    const overlayChunk = page.waitForResponse((response) => /\/build\/preview-chunk-[\w]+\.js$/.test(response.url()));
    const enable = new URL("/api/preview-mode/enable", server.url);
    enable.searchParams.set("sanity-preview-secret", secret);
    enable.searchParams.set("sanity-preview-pathname", pagePath);
    await page.goto(enable.href);
    await expect(page).toHaveURL(new RegExp(`${pagePath}(\\?|$)`));
    expect(page.url()).not.toContain(secret);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(DRAFT_TITLE);
    const bar = page.getByRole("region", { name: "Vista previa", exact: true });
    await expect(bar).toBeVisible();
    await expect(bar).toContainText("Vista previa: estás viendo borradores");
    expect((await previewClient).ok()).toBe(true);
    expect((await overlayChunk).ok()).toBe(true);
    // Sanity's overlay is running: it adds its own element once the page is hydrated.
    await expect(page.locator("sanity-visual-editing")).toHaveCount(1);
    await settled(page);
    expect(inPreview.problems).toEqual([]);

    await bar.getByRole("link", { name: "Salir de la vista previa" }).click();
    await expect(page).toHaveURL(new RegExp(`${pagePath}$`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText(publishedTitle);
    await expect(page.getByRole("region", { name: "Vista previa", exact: true })).toHaveCount(0);

    // A public page after preview declares exactly the scripts it declared before, and loads no preview code.
    await page.goto(`${server.url}${pagePath}`);
    await settled(page);
    expect(await declaredScripts(page)).toEqual(publicScripts);
    expect((await loadedScripts(page)).some((src) => PREVIEW_CODE.test(src))).toBe(false);
  },
);

test("an open preview page shows a changed draft without a reload", { tag: "@any-width" }, async ({ page }) => {
  const pagePath = `/sectores/${SLUG}`;
  const problems = watch(page).problems;
  const enable = new URL("/api/preview-mode/enable", server.url);
  enable.searchParams.set("sanity-preview-secret", secret);
  enable.searchParams.set("sanity-preview-pathname", pagePath);
  const stream = page.waitForResponse((response) => response.url().endsWith("/api/preview-mode/events"));
  await page.goto(enable.href);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(DRAFT_TITLE);
  expect((await stream).status()).toBe(200);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  // The editor saves a new draft title (on the embedded dataset: a line of the NDJSON file).
  const changedTitle = "Título cambiado mientras la vista previa está abierta";
  const lines = fs.readFileSync(server.dataset, "utf8").split("\n");
  const changed = lines.map((line) => {
    if (!line.includes(`"_id":"drafts.sectorPage.${SLUG}"`)) return line;
    const draft = JSON.parse(line);
    return JSON.stringify({ ...draft, hero: { ...draft.hero, title: changedTitle } });
  });
  fs.writeFileSync(server.dataset, changed.join("\n"));

  await expect(page.getByRole("heading", { level: 1 })).toContainText(changedTitle, { timeout: 15_000 });
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(problems).toEqual([]);
});

test("with the cookie banner still open, the preview bar leaves the banner's buttons free", async ({
  page,
  context,
}) => {
  await context.clearCookies({ name: "cookie_consent" });
  const enable = new URL("/api/preview-mode/enable", server.url);
  enable.searchParams.set("sanity-preview-secret", secret);
  enable.searchParams.set("sanity-preview-pathname", `/sectores/${SLUG}`);
  await page.goto(enable.href);
  const bar = page.getByRole("region", { name: "Vista previa", exact: true });
  await expect(bar).toBeVisible();
  const banner = page.getByRole("region", { name: /privacidad/i });
  for (const name of ["Rechazar", "Aceptar", "Configurar"]) {
    const button = banner.getByRole("button", { name, exact: true });
    await expect(button).toBeVisible();
    const [a, b] = [(await bar.boundingBox())!, (await button.boundingBox())!];
    const overlaps = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlaps, name).toBe(false);
  }
  await banner.getByRole("button", { name: "Aceptar", exact: true }).click();
  await expect(banner).toBeHidden();
  await expect(bar).toBeVisible();
});
