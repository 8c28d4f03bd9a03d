// /legal, /siguiente and /borrador in real Chromium: their content from the dataset, deep links,
// where their links lead, layout and axe.
import { expect, type Page, test } from "@playwright/test";

import {
  closeCookieBanner,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  expectTargetsAtLeast24px,
  waitForHydration,
} from "../support/page-checks";
import { seedDocument } from "../support/seed-content";

const legal = seedDocument("legalPage");
const nextSteps = seedDocument("nextStepsPage");
const contract = seedDocument("draftContractPage");
const settings = seedDocument("siteSettings");

type Block = { _type: string; style?: string; children?: Array<{ _type?: string; text?: string; field?: string }> };
/** The text a visitor reads: a `legalValue` child shows that field of the legal identity in site settings. */
const blockText = (block: Block) =>
  (block.children ?? [])
    .map((child) =>
      child._type === "legalValue"
        ? settings.legalIdentity?.[child.field as keyof NonNullable<typeof settings.legalIdentity>]
        : child.text,
    )
    .join("");
const firstHeading = (body: Block[]) => blockText(body.find((block) => block.style === "h2")!);

/** The section's heading is on screen, below the fixed header (64 px), not hidden under it. */
async function expectInViewport(page: Page, selector: string) {
  await expect
    .poll(() =>
      page.evaluate((target) => {
        const heading = document.querySelector(target)!.querySelector("h2")!.getBoundingClientRect();
        return heading.top >= 64 && heading.bottom <= window.innerHeight;
      }, selector),
    )
    .toBe(true);
}

async function expectLayoutAndAxe(page: Page, path: string) {
  await page.goto(path);
  await closeCookieBanner(page);
  await waitForHydration(page);
  await expectNoHorizontalScroll(page);
  await expectTargetsAtLeast24px(page);
  await expectNoAxeViolations(page);
}

test.describe("/legal", () => {
  const documents = [
    { id: "aviso-legal", body: legal.legalNotice as Block[] },
    { id: "privacidad", body: legal.privacyPolicy as Block[] },
    { id: "cookies", body: legal.cookiePolicy as Block[] },
  ];

  test(
    "shows the legal notice, privacy policy and cookie policy as sections with deep-link ids",
    { tag: "@any-width" },
    async ({ page }) => {
      await page.goto("/legal");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(legal.title);
      for (const document of documents) {
        const section = page.locator(`section#${document.id}`);
        await expect(section.getByRole("heading", { level: 2 }).first()).toHaveText(firstHeading(document.body));
        for (const block of document.body.filter((item) => item.style === "h3")) {
          await expect(section.getByRole("heading", { level: 3, name: blockText(block), exact: true })).toBeVisible();
        }
        const lastParagraph = [...document.body].reverse().find((block) => block.style === "normal")!;
        await expect(section).toContainText(blockText(lastParagraph));
      }
    },
  );

  test(
    "a deep link lands on its section, and the links at the top jump to each document",
    { tag: "@any-width" },
    async ({ page }) => {
      await page.goto("/legal#privacidad");
      await expectInViewport(page, "#privacidad");
      await closeCookieBanner(page);
      await waitForHydration(page);
      for (const document of documents) {
        await page
          .getByRole("link", { name: firstHeading(document.body), exact: true })
          .first()
          .click();
        await expect(page).toHaveURL(new RegExp(`#${document.id}$`));
        await expectInViewport(page, `#${document.id}`);
        await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
      }
    },
  );

  test(
    "links to other sites open in a new tab with rel noopener; email links stay in place",
    { tag: "@any-width" },
    async ({ page }) => {
      await page.goto("/legal");
      const aepd = page.getByRole("main").locator('a[href="https://www.aepd.es"]');
      await expect(aepd).toHaveAttribute("target", "_blank");
      await expect(aepd).toHaveAttribute("rel", /noopener/);
      const email = page.locator("#aviso-legal").locator(`a[href="mailto:${settings.email}"]`);
      await expect(email).toBeVisible();
      await expect(email).not.toHaveAttribute("target", /.+/);
    },
  );

  test("fits the screen, with targets of at least 24×24 px, and has no axe violations", async ({ page }) => {
    await expectLayoutAndAxe(page, "/legal");
  });
});

test.describe("/siguiente", () => {
  test(
    "lists the five steps in order, the first linking to the draft contract",
    { tag: "@any-width" },
    async ({ page }) => {
      await page.goto("/siguiente");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(nextSteps.hero.title);
      const steps = page.locator("#pasos ol > li");
      await expect(steps).toHaveCount(5);
      for (const [index, step] of nextSteps.steps.entries()) {
        await expect(steps.nth(index).getByRole("heading")).toHaveText(step.title);
        await expect(steps.nth(index)).toContainText(step.description);
      }
      const draftLink = steps.first().getByRole("link", { name: nextSteps.steps[0].linkLabel });
      await expect(draftLink).toHaveAttribute("href", "/borrador");

      await closeCookieBanner(page);
      await waitForHydration(page);
      await draftLink.click();
      await expect(page).toHaveURL(/\/borrador$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(contract.title);
    },
  );

  test(
    "promises contact within 24-48 h and offers email, WhatsApp and video-call booking",
    { tag: "@any-width" },
    async ({ page }) => {
      await page.goto("/siguiente");
      const contact = page.locator("#contacto");
      await expect(contact.getByRole("heading", { level: 2 })).toHaveText(nextSteps.contact.heading);
      await expect(contact).toContainText(nextSteps.contact.text);
      await expect(contact).toContainText("24-48");
      await expect(contact.getByRole("link", { name: nextSteps.contact.emailLabel })).toHaveAttribute(
        "href",
        `mailto:${settings.email}`,
      );
      const whatsapp = contact.getByRole("link", { name: nextSteps.contact.whatsappLabel });
      await expect(whatsapp).toHaveAttribute(
        "href",
        `https://wa.me/${settings.whatsappNumber}?text=${encodeURIComponent(settings.whatsappMessage)}`,
      );
      await expect(whatsapp).toHaveAttribute("target", "_blank");
      await expect(whatsapp).toHaveAttribute("rel", /noopener/);
      const booking = contact.getByRole("link", { name: nextSteps.contact.bookingLabel });
      await expect(booking).toHaveAttribute("href", settings.bookingUrl);
      await expect(booking).toHaveAttribute("target", "_blank");
    },
  );

  test("fits the screen, with targets of at least 24×24 px, and has no axe violations", async ({ page }) => {
    await expectLayoutAndAxe(page, "/siguiente");
  });
});

test.describe("/borrador", () => {
  test(
    "shows the ten sections of the draft contract in order, each reachable from the index",
    { tag: "@any-width" },
    async ({ page }) => {
      await page.goto("/borrador");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(contract.title);
      await expect(page.getByRole("main")).toContainText(contract.intro);
      const headings = page.getByRole("main").locator("section h2");
      await expect(headings).toHaveCount(10);
      await expect(headings).toHaveText(contract.sections.map((section: { heading: string }) => section.heading));
      const lastBody = contract.sections[9].body as Block[];
      await expect(page.locator("section#clausula-10")).toContainText(blockText(lastBody[lastBody.length - 1]));

      const index = page.getByRole("navigation", { name: contract.title });
      await expect(index.getByRole("link")).toHaveCount(10);
      await closeCookieBanner(page);
      await waitForHydration(page);
      for (const number of [6, 2, 10]) {
        await index.getByRole("link", { name: contract.sections[number - 1].heading, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`#clausula-${number}$`));
        await expectInViewport(page, `#clausula-${number}`);
      }
    },
  );

  test("fits the screen, with targets of at least 24×24 px, and has no axe violations", async ({ page }) => {
    await expectLayoutAndAxe(page, "/borrador");
  });
});
