// The frame script (app/components/frame/): what every page's frame does in plain DOM, on pages that carry no
// React (a sector page, /sectores) and on pages that do, with React kept away: the menu, the FAQ accordion, the
// tooltips, the cookie banner before and after the script, and the tags only after consent. Section links from
// another page, from either kind of page, are in frame.spec.ts.
import { expect, type Page, test } from "@playwright/test";

import {
  exerciseAccordion,
  pageHydrates,
  rememberCookieChoice,
  settled,
  waitForHydration,
  watch,
} from "../support/page-checks";
import { resolveRefs, seedDocument, seedDocumentsOfType } from "../support/seed-content";
import { startTrackedServer, type TrackedServer } from "../support/tracked-server";

const SECTOR = "/sectores/construccion";
const landing = seedDocument("landingPage");
const directory = seedDocument("sectorsDirectory");
const featured = seedDocumentsOfType("sectorPage").find((document) => document.featured)!;
const faqItems = resolveRefs(landing.faq.items, "faqItem").map((item) => ({
  question: item.question,
  answer: item.answer,
}));

/** The page's own Remix and React files never arrive: only the frame script (and its chunks) may load. */
async function withoutReact(page: Page) {
  await page.route(/\/build\/(?!frame-)[^/]+\.js$/, (route) => route.abort());
}

const banner = (page: Page) => page.locator("#cookie-consent");

test.describe("a page with a form, the calculator or a dialog", () => {
  test.beforeEach(async ({ context, baseURL }) => rememberCookieChoice(context, baseURL));

  for (const { path, island, field } of [
    { path: "/", island: "contact-form", field: "Nombre" },
    { path: "/contacto", island: "contact-form", field: "Nombre" },
    { path: "/iniciar-servicio", island: "service-start-form", field: "Nombre" },
  ])
    test(
      `${path} loads the frame script alone; a reach for its form brings that island's code, with React and without Remix`,
      { tag: "@any-width" },
      async ({ page }) => {
        const seen = watch(page);
        await page.goto(path);
        await waitForHydration(page);
        await settled(page);
        for (const script of seen.scripts) expect(script).toMatch(/^\/build\/frame-[\w-]+\.js$/);
        expect(await pageHydrates(page)).toBe(false);
        await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(0);

        const form = page.locator(`[data-island="${island}"] form`).first();
        await form.getByLabel(field).first().focus();
        await expect(page.locator(`[data-island="${island}"][data-island-live]`)).toHaveCount(1);
        expect(seen.scripts.some((script) => script.startsWith(`/build/island-${island}-`))).toBe(true);
        // React came with the island; Remix's runtime and route modules did not.
        expect(
          seen.scripts.filter((script) => /\/build\/(_shared|routes|manifest-|entry\.client|framework-)/.test(script)),
        ).toEqual([]);
        expect(await pageHydrates(page)).toBe(false);
        await expect(form.getByLabel(field).first()).toBeFocused();
        expect(seen.problems).toEqual([]);
      },
    );
});

test.describe("a page without a form", () => {
  test.beforeEach(async ({ context, baseURL }) => rememberCookieChoice(context, baseURL));

  for (const { name, path, status } of [
    { name: "a sector page", path: SECTOR, status: 200 },
    { name: "the not-found page of an unknown path", path: "/esta-pagina-no-existe", status: 404 },
  ])
    test(
      `${name} downloads the frame script and no React, no Remix context and no module preload`,
      { tag: "@any-width" },
      async ({ page }) => {
        const seen = watch(page);
        const response = await page.goto(path);
        expect(response?.status()).toBe(status);
        await waitForHydration(page);
        await settled(page);
        expect(seen.scripts.length).toBeGreaterThan(0);
        for (const script of seen.scripts) expect(script).toMatch(/^\/build\/frame-[\w-]+\.js$/);
        expect(await pageHydrates(page)).toBe(false);
        await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(0);
        // The browser reports the document's own 404 as a console error; nothing else may fail.
        expect(seen.problems.filter((problem) => !(status === 404 && /status of 404/.test(problem)))).toEqual([]);
      },
    );

  test(
    "the small-screen menu is a button that opens its list and closes it again",
    { tag: "@any-width" },
    async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(SECTOR);
      await waitForHydration(page);
      const button = page.getByRole("button", { name: "Menú" });
      const menu = page.getByRole("navigation", { name: "Principal (móvil)", exact: true });
      await expect(button).toHaveAttribute("aria-expanded", "false");
      await expect(button).toHaveAttribute("aria-controls", "menu-principal");
      await expect(menu).toBeHidden();
      await button.click();
      await expect(button).toHaveAttribute("aria-expanded", "true");
      await expect(menu).toBeVisible();
      await button.click();
      await expect(menu).toBeHidden();
      // A choice closes it: a page link shows the new page with its menu closed, 'Sectores' marked there.
      await button.click();
      await menu.getByRole("link", { name: "Sectores" }).click();
      await expect(page).toHaveURL(/\/sectores$/);
      await expect(page.getByRole("navigation", { name: "Principal (móvil)", exact: true })).toBeHidden();
    },
  );

  test("the tooltips of /sectores open and close with no React on the page, their code fetched at the first reach", async ({
    page,
    isMobile,
  }) => {
    const seen = watch(page);
    await page.goto("/sectores");
    await waitForHydration(page);
    await settled(page);
    expect(await pageHydrates(page)).toBe(false);
    // At load only the frame script: the tooltips' chunk waits for a visitor to reach for an info button.
    // (The tags' file too: this visitor's cookie choice is stored.)
    for (const script of seen.scripts) expect(script).toMatch(/^\/build\/frame-(tags-)?[A-Z0-9]+\.js$/);
    const button = page
      .locator("#destacados")
      .getByRole("button", { name: `${directory.tooltipLabel} ${featured.sectorName}` });
    const tooltip = page.getByRole("tooltip");
    // The chunk is held back until the first tap or click is over, as on a slow connection.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/build\/frame-chunk-[A-Z0-9]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    if (isMobile) await button.tap();
    else await button.click();
    await expect(tooltip).toHaveCount(0);
    release();
    // The first tap or click, made before the chunk was in, opened it once the chunk came.
    await expect(tooltip).toHaveText(featured.tooltip);
    expect(seen.scripts.filter((script) => script.startsWith("/build/frame-chunk-"))).toHaveLength(1);
    await page.keyboard.press("Escape");
    await expect(tooltip).toHaveCount(0);
  });
});

test.describe("a page with a form, React kept away", () => {
  test.beforeEach(async ({ context, baseURL }) => rememberCookieChoice(context, baseURL));

  test("the FAQ accordion of / works from the frame script alone", { tag: "@any-width" }, async ({ page }) => {
    await withoutReact(page);
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("data-frame-ready", "");
    await exerciseAccordion(page.locator("#faq"), faqItems);
    // ↓, End and Home move between the questions.
    const questions = faqItems.map((item) => page.locator("#faq").getByRole("button", { name: item.question }));
    await questions[0].focus();
    await page.keyboard.press("ArrowDown");
    await expect(questions[1]).toBeFocused();
    await page.keyboard.press("End");
    await expect(questions[faqItems.length - 1]).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(questions[0]).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(questions[faqItems.length - 1]).toBeFocused();
    await page.keyboard.press("Home");
    await expect(questions[0]).toBeFocused();
  });
});

test.describe("the cookie banner", () => {
  test(
    "before the frame script the boot script answers 'Aceptar': the choice is stored and the banner closes",
    { tag: "@any-width" },
    async ({ page, context }) => {
      await page.route(/\/build\/frame-[\w-]+\.js$/, (route) => route.abort());
      await page.goto(SECTOR);
      await expect(banner(page)).toBeVisible();
      await banner(page).getByRole("button", { name: "Aceptar", exact: true }).click();
      await expect(banner(page)).toBeHidden();
      expect(page.url()).toMatch(/\/sectores\/construccion$/);
      const cookie = (await context.cookies()).find((entry) => entry.name === "cookie_consent");
      expect(cookie?.value).toBe("v1.a1.p1");
    },
  );

  test(
    "with the frame script: 'Configurar' starts from the stored choice, Escape leaves, the footer link reopens it",
    { tag: "@any-width" },
    async ({ page, context }) => {
      await page.goto(SECTOR);
      await waitForHydration(page);
      await expect(banner(page)).toBeVisible();
      await expect
        .poll(() => page.evaluate(() => document.documentElement.style.getPropertyValue("--cc-height")))
        .toMatch(/^\d+px$/);
      await banner(page).getByRole("button", { name: "Configurar", exact: true }).click();
      const switches = banner(page).getByRole("switch");
      await expect(switches).toHaveCount(3);
      const analytics = switches.nth(1);
      const advertising = switches.nth(2);
      await expect(analytics).toBeFocused();
      await expect(analytics).not.toBeChecked();
      await expect(advertising).not.toBeChecked();
      // Escape without a stored choice: back to the first layer, 'Configurar' focused.
      await page.keyboard.press("Escape");
      await expect(switches).toHaveCount(0);
      await expect(banner(page).getByRole("button", { name: "Configurar", exact: true })).toBeFocused();
      await banner(page).getByRole("button", { name: "Configurar", exact: true }).click();
      await analytics.check();
      await banner(page).getByRole("button", { name: "Guardar", exact: false }).click();
      await expect(banner(page)).toBeHidden();
      expect((await context.cookies()).find((entry) => entry.name === "cookie_consent")?.value).toBe("v1.a1.p0");
      await expect
        .poll(() => page.evaluate(() => document.documentElement.style.getPropertyValue("--cc-height")))
        .toBe("");

      // The footer's link reopens the settings from the stored choice; Escape gives the focus back to it.
      const link = page.getByRole("contentinfo").locator("a[data-consent-settings]");
      await link.click();
      await expect(banner(page)).toBeVisible();
      await expect(analytics).toBeChecked();
      await expect(advertising).not.toBeChecked();
      await page.keyboard.press("Escape");
      await expect(banner(page)).toBeHidden();
      await expect(link).toBeFocused();
      expect(page.url()).toMatch(/\/sectores\/construccion$/);
    },
  );
});

test.describe("tags", () => {
  let tracked: TrackedServer;
  test.beforeAll(async () => {
    tracked = await startTrackedServer();
  });
  test.afterAll(async () => {
    await tracked?.stop();
  });

  test(
    "on a sector page nothing reaches Google or Meta before consent, and the tags load after 'Aceptar'",
    { tag: "@any-width" },
    async ({ page, context }) => {
      const attempts: string[] = [];
      await context.route(/googletagmanager\.com|facebook\.net|facebook\.com|google-analytics\.com/, (route) => {
        attempts.push(route.request().url());
        return route.fulfill({ contentType: "text/javascript", body: "" });
      });
      await page.goto(`${tracked.url}${SECTOR}`);
      await waitForHydration(page);
      await settled(page);
      expect(attempts).toEqual([]);
      await banner(page).getByRole("button", { name: "Aceptar", exact: true }).click();
      await expect.poll(() => attempts.some((url) => url.includes("googletagmanager.com/gtag/js"))).toBe(true);
      await expect.poll(() => attempts.some((url) => url.includes("connect.facebook.net"))).toBe(true);
      // A later page load of a visitor who accepted loads them again, from the stored choice.
      attempts.length = 0;
      await page.goto(`${tracked.url}/sectores`);
      await expect.poll(() => attempts.some((url) => url.includes("googletagmanager.com/gtag/js"))).toBe(true);
    },
  );
});
