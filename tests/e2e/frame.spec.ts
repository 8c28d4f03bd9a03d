// The frame of every page: header menu behaviours, WhatsApp button, footer, 404 page.
import { expect, test } from "@playwright/test";
import { rememberCookieChoice, waitForHydration } from "../support/page-checks";

// A visitor who already answered the cookie banner; the banner has its own spec (consent.spec.ts).
test.beforeEach(async ({ context, baseURL }) => rememberCookieChoice(context, baseURL));

test.describe("header", () => {
  test("a scroll item on another page replaces the history entry with / and scrolls to its section", async ({
    page,
    isMobile,
  }) => {
    await page.goto("/sectores");
    await page.goto("/contacto");
    await waitForHydration(page);
    if (isMobile) await page.getByRole("button", { name: "Menú" }).click();
    const nav = page.getByRole("navigation", { name: isMobile ? "Principal (móvil)" : "Principal", exact: true });
    await nav.getByRole("link", { name: "Proceso" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect
      .poll(() =>
        page.evaluate(() => Math.abs(document.getElementById("proceso")?.getBoundingClientRect().top ?? 1e6) < 120),
      )
      .toBe(true);
    if (isMobile) await expect(page.getByRole("navigation", { name: "Principal (móvil)" })).toBeHidden();
    // /contacto was replaced: going back lands on the page before it.
    await page.goBack();
    await expect(page).toHaveURL(/\/sectores$/);
  });

  test("on / a scroll item scrolls in place and link items navigate, starting at the top", async ({
    page,
    isMobile,
  }) => {
    await page.goto("/");
    await waitForHydration(page);
    const navName = isMobile ? "Principal (móvil)" : "Principal";
    if (isMobile) await page.getByRole("button", { name: "Menú" }).click();
    await page.getByRole("navigation", { name: navName, exact: true }).getByRole("link", { name: "FAQ" }).click();
    await expect
      .poll(() =>
        page.evaluate(() => Math.abs(document.getElementById("faq")?.getBoundingClientRect().top ?? 1e6) < 120),
      )
      .toBe(true);
    if (isMobile) await page.getByRole("button", { name: "Menú" }).click();
    await page
      .getByRole("navigation", { name: navName, exact: true })
      .getByRole("link", { name: "Calculadora" })
      .click();
    await expect(page).toHaveURL(/\/calculadora$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test.describe("without JavaScript", () => {
    // The small-screen menu exists below the desktop breakpoint: a phone's width in both projects.
    test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

    test("the small-screen menu still opens, and its items lead to sections and pages", async ({ page }) => {
      await page.goto("/contacto");
      const menu = page.getByRole("navigation", { name: "Principal (móvil)", exact: true });
      await expect(menu).toBeHidden();
      await page.locator("header summary", { hasText: "Menú" }).click();
      await expect(menu).toBeVisible();
      await menu.getByRole("link", { name: "Calculadora" }).click();
      await expect(page).toHaveURL(/\/calculadora$/);
      await page.locator("header summary", { hasText: "Menú" }).click();
      await menu.getByRole("link", { name: "FAQ" }).click();
      await expect(page).toHaveURL(/\/#faq$/);
      await expect(page.locator("#faq")).toBeInViewport();
    });
  });

  test("'Accede a la App' opens the external app in a new tab", async ({ page, isMobile }) => {
    await page.goto("/");
    const appLink = page.getByRole("link", { name: isMobile ? "App" : "Accede a la App", exact: true });
    await expect(appLink).toHaveAttribute("target", "_blank");
    await expect(appLink).toHaveAttribute("href", /^https:\/\//);
  });
});

test("the WhatsApp button opens a chat with a prefilled Spanish message in a new tab", async ({ page }) => {
  await page.goto("/mensual");
  const button = page.locator('a[href^="https://wa.me/"]').last();
  await expect(button).toHaveAttribute("target", "_blank");
  const href = new URL((await button.getAttribute("href"))!);
  expect(href.searchParams.get("text")).toMatch(/lead/i);
});

test("the footer links to Sectores, Calculadora ROI, Contacto and the legal notice, with the 2024 copyright", async ({
  page,
}) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  for (const [name, path] of [
    ["Sectores", "/sectores"],
    ["Calculadora ROI", "/calculadora"],
    ["Contacto", "/contacto"],
  ]) {
    await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", path);
  }
  await expect(footer.locator('a[href="/legal"]')).toBeVisible();
  await expect(footer).toContainText("2024");
});

test("an unknown path shows 'Oops! Page not found' with a link home and status 404", async ({ page }) => {
  const response = await page.goto("/esto-no-existe");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await page.getByRole("main").locator('a[href="/"]').click();
  await expect(page).toHaveURL(/\/$/);
});

test("every page of the spec answers 200 with server-rendered Spanish HTML and no horizontal scroll", async ({
  page,
}) => {
  for (const path of [
    "/",
    "/calculadora",
    "/mensual",
    "/sectores",
    "/sectores/construccion",
    "/contacto",
    "/legal",
    "/siguiente",
    "/borrador",
    "/iniciar-servicio",
    "/servicios/google-ads",
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /^http/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} scrolls horizontally`).toBeLessThanOrEqual(0);
    // Every accented letter arrives whole: no U+FFFD anywhere in the document the browser built.
    await waitForHydration(page);
    const broken = await page.evaluate(() => {
      const html = document.documentElement.outerHTML;
      const at = html.indexOf("\ufffd");
      return at < 0 ? null : html.slice(Math.max(0, at - 60), at + 10);
    });
    expect(broken, `${path} shows a replacement character`).toBeNull();
  }
});
