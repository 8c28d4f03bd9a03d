// The landing page `/` in real Chromium: its sections in the spec's order, where its buttons lead, the
// FAQ accordion and its structured data, layout at phone and desktop width, and axe.
import { expect, test } from "@playwright/test";

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

const landing = seedDocument("landingPage");
const settings = seedDocument("siteSettings");
const faqItems = resolveRefs(landing.faq.items, "faqItem").map((item) => ({
  question: item.question,
  answer: item.answer,
}));

test("the server's HTML holds the whole page, answers included", { tag: "@any-width" }, async ({ request }) => {
  const response = await request.get("/");
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain(landing.hero.title);
  expect(html).toContain(landing.hero.trustClaim);
  expect(html).toContain(landing.process.steps[3].title);
  expect(html).toContain(landing.comparison.ours.title);
  for (const item of faqItems) expect(html).toContain(item.question);
  expect(html).toContain(faqItems[0].answer.slice(0, 40));
  expect(html).toContain(landing.contactSection.heading);
});

test("shows hero, process, app, comparison, FAQ, closing call to action and contact, in that order", async ({
  page,
}) => {
  await page.goto("/");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText(landing.hero.title);
  await expect(page.locator("#inicio")).toContainText(landing.hero.trustClaim);
  // The page's own sections, in document order (static ones sit in a box-less wrapper: docs/lab/javascript-budget-log.md).
  const ids = await main
    .locator("section[id]:not(section section)")
    .evaluateAll((sections) => sections.map((section) => section.id));
  expect(ids).toEqual(["inicio", "proceso", "app", "comparativa", "faq", "empezar", "contacto"]);
  const headings = [
    landing.process.heading,
    landing.appShowcase.heading,
    landing.comparison.heading,
    landing.faq.heading,
    landing.finalCta.heading,
    landing.contactSection.heading,
  ];
  for (const heading of headings)
    await expect(main.getByRole("heading", { level: 2, name: heading, exact: true })).toBeVisible();

  const steps = page.locator("#proceso ol > li");
  await expect(steps).toHaveCount(4);
  for (const [index, step] of landing.process.steps.entries()) await expect(steps.nth(index)).toContainText(step.title);

  const contact = page.locator("#contacto");
  await expect(contact.getByRole("link", { name: settings.email })).toHaveAttribute("href", `mailto:${settings.email}`);
  await expect(contact.locator("form")).toHaveCount(1);
});

test(
  "every 'calculate' button goes to /calculadora and 'planes mensuales' to /mensual",
  { tag: "@any-width" },
  async ({ page }) => {
    await page.goto("/");
    const calculateButtons = [
      ["#inicio", landing.hero.primaryCtaLabel],
      ["#proceso", landing.process.ctaLabel],
      ["#app", landing.appShowcase.ctaLabel],
      ["#comparativa", landing.comparison.ctaLabel],
      ["#empezar", landing.finalCta.ctaLabel],
    ] as const;
    for (const [section, label] of calculateButtons) {
      await expect(page.locator(section).getByRole("link", { name: label, exact: true })).toHaveAttribute(
        "href",
        "/calculadora",
      );
    }

    await waitForHydration(page);
    await page.locator("#comparativa").getByRole("link", { name: landing.comparison.ctaLabel, exact: true }).click();
    await expect(page).toHaveURL(/\/calculadora$/);

    await page.goto("/");
    await waitForHydration(page);
    const plansLink = page.locator("#inicio").getByRole("link", { name: landing.hero.plansLinkLabel, exact: true });
    await expect(plansLink).toHaveAttribute("href", "/mensual");
    await plansLink.click();
    await expect(page).toHaveURL(/\/mensual$/);
  },
);

test("the FAQ opens one answer at a time and closes it again", { tag: "@any-width" }, async ({ page }) => {
  expect(faqItems).toHaveLength(8);
  await page.goto("/");
  await waitForHydration(page);
  await exerciseAccordion(page.locator("#faq"), faqItems);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the FAQ shows all 8 answers", { tag: "@any-width" }, async ({ page }) => {
    await page.goto("/");
    await expectAllAnswersShown(page.locator("#faq"), faqItems);
  });
});

test("publishes the 8 questions as FAQPage structured data", { tag: "@any-width" }, async ({ page }) => {
  await page.goto("/");
  const faqPage = (await jsonLdBlocks(page)).find((block) => block["@type"] === "FAQPage");
  expect(faqPage?.mainEntity?.map((entry) => entry.name)).toEqual(faqItems.map((item) => item.question));
  expect(faqPage?.mainEntity?.[0].acceptedAnswer.text).toBe(faqItems[0].answer);
});

test("fits the screen without horizontal scroll, with targets of at least 24×24 px", async ({ page }) => {
  await page.goto("/");
  await expectNoHorizontalScroll(page);
  await expectTargetsAtLeast24px(page);
});

test("has no axe violations, with the FAQ closed and with an answer open", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await expectNoAxeViolations(page);
  await page.locator("#faq").getByRole("button", { name: faqItems[0].question, exact: true }).click();
  await expectNoAxeViolations(page);
});
