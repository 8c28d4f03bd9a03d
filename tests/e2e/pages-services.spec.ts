// /servicios/google-ads and /contacto in real Chromium: content, where their links lead, layout and axe.
import { expect, test } from "@playwright/test";

import { typeset } from "../../app/domain/typeset";
import {
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  expectTargetsAtLeast24px,
  rememberCookieChoice,
  waitForHydration,
} from "../support/page-checks";
import { seedDocument } from "../support/seed-content";

test.beforeEach(({ context, baseURL }) => rememberCookieChoice(context, baseURL));

const googleAds = seedDocument("googleAdsPage");
const contactPage = seedDocument("contactPage");
const settings = seedDocument("siteSettings");

test.describe("/servicios/google-ads", () => {
  test(
    "shows the hero, four stats, the 8 included items, the 7-step process and the closing call",
    { tag: "@any-width" },
    async ({ page }) => {
      await page.goto("/servicios/google-ads");
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText(typeset(googleAds.hero.title));
      const stats = page.locator("#resultados dl > div");
      await expect(stats).toHaveCount(4);
      for (const [index, stat] of googleAds.stats.entries()) {
        await expect(stats.nth(index).locator("dd")).toHaveText(typeset(stat.value));
        await expect(stats.nth(index).locator("dt")).toHaveText(typeset(stat.label));
      }
      const included = page.locator("#incluido li");
      await expect(included).toHaveCount(8);
      for (const [index, item] of googleAds.included.items.entries())
        await expect(included.nth(index)).toHaveText(typeset(item));
      const steps = page.locator("#proceso ol > li");
      await expect(steps).toHaveCount(7);
      for (const [index, step] of googleAds.process.steps.entries())
        await expect(steps.nth(index)).toContainText(typeset(step.title));
      await expect(page.locator("#empezar").getByRole("heading", { level: 2 })).toHaveText(
        typeset(googleAds.finalCta.heading),
      );
    },
  );

  test("hero and closing call lead to /calculadora and /contacto", { tag: "@any-width" }, async ({ page }) => {
    await page.goto("/servicios/google-ads");
    const hero = page.locator("#google-ads");
    await expect(hero.getByRole("link", { name: googleAds.hero.primaryCtaLabel, exact: true })).toHaveAttribute(
      "href",
      "/calculadora",
    );
    await expect(hero.getByRole("link", { name: googleAds.hero.secondaryCtaLabel, exact: true })).toHaveAttribute(
      "href",
      "/contacto",
    );
    const closing = page.locator("#empezar");
    await expect(closing.getByRole("link", { name: googleAds.finalCta.primaryLabel, exact: true })).toHaveAttribute(
      "href",
      "/calculadora",
    );
    await expect(closing.getByRole("link", { name: googleAds.finalCta.secondaryLabel, exact: true })).toHaveAttribute(
      "href",
      "/contacto",
    );
    await waitForHydration(page);
    await closing.getByRole("link", { name: googleAds.finalCta.secondaryLabel, exact: true }).click();
    await expect(page).toHaveURL(/\/contacto$/);
  });

  test("fits the screen, with targets of at least 24×24 px, and has no axe violations", async ({ page }) => {
    await page.goto("/servicios/google-ads");
    await expectNoHorizontalScroll(page);
    await expectTargetsAtLeast24px(page);
    await expectNoAxeViolations(page);
  });
});

test.describe("/contacto", () => {
  test("shows the title, the contact form and the other channels", { tag: "@any-width" }, async ({ page }) => {
    await page.goto("/contacto");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(contactPage.hero.title);
    await expect(main).toContainText(contactPage.hero.subtitle);
    await expect(main.locator("form")).toHaveCount(1);
    await expect(main.getByLabel("Mensaje")).toBeVisible();

    const channels = page.getByRole("complementary", { name: contactPage.channels.heading });
    await expect(channels.getByRole("link", { name: settings.email })).toHaveAttribute(
      "href",
      `mailto:${settings.email}`,
    );
    const whatsapp = channels.getByRole("link", { name: settings.whatsappLabel });
    await expect(whatsapp).toHaveAttribute("href", new RegExp(`^https://wa\\.me/${settings.whatsappNumber}\\?text=`));
    await expect(whatsapp).toHaveAttribute("target", "_blank");
  });

  test("fits the screen, with targets of at least 24×24 px, and has no axe violations", async ({ page }) => {
    await page.goto("/contacto");
    await expectNoHorizontalScroll(page);
    await expectTargetsAtLeast24px(page);
    await expectNoAxeViolations(page);
  });
});
