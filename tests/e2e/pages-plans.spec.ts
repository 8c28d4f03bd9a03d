// /mensual in real Chromium: hero, the four plans and where their buttons lead, the dialogs' triggers
// (with and without JavaScript), features, process, the 9-question FAQ, layout and axe.
import { expect, type Page, test } from "@playwright/test";

import {
  exerciseAccordion,
  expectAllAnswersShown,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  expectTargetsAtLeast24px,
  jsonLdBlocks,
  rememberCookieChoice,
  waitForHydration,
} from "../support/page-checks";
import { resolveRefs, seedDocument } from "../support/seed-content";

test.beforeEach(({ context, baseURL }) => rememberCookieChoice(context, baseURL));

const plansPage = seedDocument("plansPage");
const settings = seedDocument("siteSettings");
const plans = resolveRefs(plansPage.plans, "plan");
const faqItems = resolveRefs(plansPage.faq.items, "faqItem").map((item) => ({
  question: item.question,
  answer: item.answer,
}));
const cplPlan = plans.find((plan) => plan.key === "cpl")!;
const cplButtonLabel = cplPlan.buttons.find((button) => button.action === "cplDialog")!.label;

function planCard(page: Page, name: string) {
  return page.locator("#planes li").filter({ has: page.getByRole("heading", { level: 3, name, exact: true }) });
}

/** The dialogs replace their no-JavaScript sections once the page is interactive. */
/** The frame script is live: the forms are dialogs, their in-page sections not shown (the islands loader hides them). */
async function waitForDialogs(page: Page) {
  await waitForHydration(page);
  await expect(page.locator("section#solicitar-analisis")).toBeHidden();
  await expect(page.locator("section#solicitar-informacion")).toBeHidden();
}

test("shows the hero from 299 €/month, the four plans in order, features, process with durations and the final call", async ({
  page,
}) => {
  await page.goto("/mensual");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText(plansPage.hero.title);
  await expect(page.locator("#mensual")).toContainText(plansPage.hero.fromPriceLabel);

  const cards = page.locator("#planes > div > ul > li");
  await expect(cards).toHaveCount(4);
  for (const [index, plan] of plans.entries()) {
    await expect(cards.nth(index).getByRole("heading", { level: 3 })).toHaveText(plan.name);
    await expect(cards.nth(index)).toContainText(plan.price != null ? `${plan.price}` : plan.priceLabel);
    for (const badge of plan.badges) await expect(cards.nth(index)).toContainText(badge);
    for (const feature of plan.features) await expect(cards.nth(index)).toContainText(feature);
  }
  await expect(page.locator("#planes")).toContainText(plansPage.logoOffer.text);

  const features = page.locator("#incluido li");
  await expect(features).toHaveCount(plansPage.featureGrid.items.length);
  const steps = page.locator("#como-trabajamos ol > li");
  await expect(steps).toHaveCount(4);
  for (const [index, step] of plansPage.process.steps.entries()) {
    await expect(steps.nth(index)).toContainText(step.title);
    await expect(steps.nth(index)).toContainText(step.duration);
  }
  await expect(page.locator("#empezar").getByRole("heading", { level: 2 })).toHaveText(plansPage.finalCta.heading);
});

test(
  "'Empezar Ahora' and 'Agendar Llamada' open the external addresses in a new tab",
  { tag: "@any-width" },
  async ({ page }) => {
    await page.goto("/mensual");
    for (const plan of plans.filter((candidate) => candidate.key !== "cpl")) {
      const card = planCard(page, plan.name);
      const start = card.getByRole("link", { name: "Empezar Ahora" });
      await expect(start).toHaveAttribute("href", settings.startServiceUrl);
      await expect(start).toHaveAttribute("target", "_blank");
      await expect(start).toHaveAttribute("rel", /noopener/);
      const booking = card.getByRole("link", { name: "Agendar Llamada" });
      await expect(booking).toHaveAttribute("href", settings.bookingUrl);
      await expect(booking).toHaveAttribute("target", "_blank");
      await expect(booking).toHaveAttribute("rel", /noopener/);
    }
  },
);

test("every plan button keeps its label on one line (four cards share the row at 1280 px)", async ({ page }) => {
  await page.goto("/mensual");
  const buttons = page.locator("#planes > div > ul > li a");
  await expect(buttons).toHaveCount(plans.reduce((count, plan) => count + plan.buttons.length, 0));
  for (const button of await buttons.all()) {
    // One line of text plus the button's padding is 44 px (the touch-target minimum); a wrapped label is ~68.
    const box = await button.boundingBox();
    expect(box?.height, await button.innerText()).toBeLessThanOrEqual(48);
  }
});

test("'Solicitar Análisis' opens the CPL dialog; Escape closes it and focus returns to the button", async ({
  page,
}) => {
  await page.goto("/mensual");
  await waitForDialogs(page);
  const trigger = planCard(page, cplPlan.name).getByRole("link", { name: cplButtonLabel, exact: true });
  await expect(trigger).toHaveAttribute("href", "#solicitar-analisis");
  await trigger.click();
  const dialog = page.getByRole("dialog", { name: plansPage.cplDialog.title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Nombre")).toBeVisible();
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
});

test("the final call to action opens the monthly-plan dialog, which closes with its close button", async ({ page }) => {
  await page.goto("/mensual");
  await waitForDialogs(page);
  const trigger = page.locator("#empezar").getByRole("link", { name: plansPage.finalCta.ctaLabel, exact: true });
  await expect(trigger).toHaveAttribute("href", "#solicitar-informacion");
  await trigger.click();
  const dialog = page.getByRole("dialog", { name: plansPage.monthlyDialog.title });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Cerrar" }).click();
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
});

test("a press on the dimmed page outside the dialog closes it, and the page behind does not scroll meanwhile", async ({
  page,
}) => {
  await page.goto("/mensual");
  await waitForDialogs(page);
  const trigger = planCard(page, cplPlan.name).getByRole("link", { name: cplButtonLabel, exact: true });
  await trigger.click();
  const dialog = page.getByRole("dialog", { name: plansPage.cplDialog.title });
  await expect(dialog).toBeVisible();
  const scrollBefore = await page.evaluate(() => window.scrollY);
  await page.mouse.wheel(0, 600);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrollBefore);
  // The top left corner of the screen is the dimmed page, outside the card.
  await page.mouse.click(4, 4);
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
});

test(
  "the dialogs' code (frame, fields, checks) is not part of the page's startup; it arrives when a trigger is reached, and a page loaded at #solicitar-analisis opens the dialog",
  { tag: "@any-width" },
  async ({ page }) => {
    const dialogChunks: string[] = [];
    // The forms' own code (their fields and checks) comes with the dialog, not with the page.
    const scriptsWithFormCode: string[] = [];
    page.on("request", (request) => {
      if (/island-plan-dialog-[\w-]+\.js$/.test(request.url())) dialogChunks.push(request.url());
    });
    page.on("response", async (response) => {
      if (response.request().resourceType() !== "script") return;
      const body = await response.text().catch(() => "");
      if (body.includes("Describe a tu cliente potencial")) scriptsWithFormCode.push(response.url());
    });
    await page.goto("/mensual");
    await waitForDialogs(page);
    await page.waitForLoadState("networkidle");
    expect(dialogChunks).toEqual([]);
    expect(scriptsWithFormCode).toEqual([]);
    await planCard(page, cplPlan.name).getByRole("link", { name: cplButtonLabel, exact: true }).hover();
    await expect.poll(() => dialogChunks.length).toBe(1);
    await expect.poll(() => scriptsWithFormCode.length).toBeGreaterThan(0);

    await page.goto("about:blank");
    await page.goto("/mensual#solicitar-analisis");
    await expect(page.getByRole("dialog", { name: plansPage.cplDialog.title })).toBeVisible();
  },
);

test(
  "when the dialog's code cannot be downloaded, the trigger shows the same form in the page",
  { tag: "@any-width" },
  async ({ page }) => {
    await page.route(/island-plan-dialog-[\w-]+\.js$/, (route) => route.abort("internetdisconnected"));
    await page.goto("/mensual");
    await waitForDialogs(page);
    await planCard(page, cplPlan.name).getByRole("link", { name: cplButtonLabel, exact: true }).click();
    const section = page.locator("section#solicitar-analisis");
    await expect(section.getByRole("heading", { name: plansPage.cplDialog.title })).toBeInViewport();
    await expect(section.getByLabel("Nombre")).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  },
);

test("the FAQ opens one of its 9 answers at a time and closes it again", { tag: "@any-width" }, async ({ page }) => {
  expect(faqItems).toHaveLength(9);
  await page.goto("/mensual");
  await waitForHydration(page);
  await exerciseAccordion(page.locator("#faq"), faqItems);
  const faqPage = (await jsonLdBlocks(page)).find((block) => block["@type"] === "FAQPage");
  expect(faqPage?.mainEntity).toHaveLength(9);
});

test("fits the screen without horizontal scroll, with targets of at least 24×24 px, and has no axe violations", async ({
  page,
}) => {
  await page.goto("/mensual");
  await waitForDialogs(page);
  await expectNoHorizontalScroll(page);
  await expectTargetsAtLeast24px(page);
  await expectNoAxeViolations(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the dialogs' buttons lead to the same forms in the page", { tag: "@any-width" }, async ({ page }) => {
    await page.goto("/mensual");
    await planCard(page, cplPlan.name).getByRole("link", { name: cplButtonLabel, exact: true }).click();
    await expect(page).toHaveURL(/#solicitar-analisis$/);
    const cpl = page.locator("#solicitar-analisis");
    await expect(cpl.getByRole("heading", { name: plansPage.cplDialog.title })).toBeInViewport();
    await expect(cpl.locator("form")).toHaveCount(1);

    await page.locator("#empezar").getByRole("link", { name: plansPage.finalCta.ctaLabel, exact: true }).click();
    await expect(page).toHaveURL(/#solicitar-informacion$/);
    const monthly = page.locator("#solicitar-informacion");
    await expect(monthly.getByRole("heading", { name: plansPage.monthlyDialog.title })).toBeInViewport();
    await expect(monthly.locator("form")).toHaveCount(1);
  });

  test("the FAQ shows all 9 answers", { tag: "@any-width" }, async ({ page }) => {
    await page.goto("/mensual");
    await expectAllAnswersShown(page.locator("#faq"), faqItems);
  });
});
