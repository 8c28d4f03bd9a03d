// /sectores and every /sectores/{slug} in real Chromium: the directory and its tooltips, each sector
// page's layout, links and structured data, and the projection table checked against the page's own
// stat cards with the spec's formula.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, test } from "@playwright/test";

import { typeset } from "../../app/domain/typeset";
import {
  budgetMore,
  closeCookieBanner,
  contentChunksFetched,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  expectTargetsAtLeast24px,
  jsonLdBlocks,
  waitForHydration,
  watch,
} from "../support/page-checks";
import { seedDocument, seedDocumentsOfType } from "../support/seed-content";

const sectorPages = seedDocumentsOfType("sectorPage").sort(
  (a, b) => (a.order ?? 0) - (b.order ?? 0) || a.sectorName.localeCompare(b.sectorName),
);
const directory = seedDocument("sectorsDirectory");
/** A tooltip opened, read and closed: the time budget of one sector in a test that walks the whole grid. */
const TOOLTIP_MS = 3_000;
const settings = seedDocument("siteSettings");
const sector = (slug: string) => sectorPages.find((document) => document.slug.current === slug)!;

/** '3.500 €', '+483 %', '53,33 €', '22 %' → 3500, 483, 53.33, 22. */
function spanishNumber(text: string): number {
  const cleaned = text
    .replace(/[\s\u00a0\u202f€%+]/g, "")
    .replace(/\./g, "")
    .replace(",", ".");
  const value = Number(cleaned);
  if (!Number.isFinite(value)) throw new Error(`not a number: ${text}`);
  return value;
}

async function statValue(page: Page, key: "conversion" | "profit" | "cost"): Promise<number> {
  return spanishNumber(await page.locator(`[data-stat="${key}"] dd`).innerText());
}

/** The projection table that is displayed at this width (rows on desktop, transposed on phones). */
function projectionTable(page: Page): Locator {
  return page.locator("table[data-projection]:visible");
}

/**
 * Checks the visible table against the spec's formula applied to the page's own stat cards. The cells are read in one
 * round trip to the browser (thirty-odd reads of single cells took seconds per page on a loaded host).
 */
async function expectProjectionMatchesStats(page: Page, fixedInvestments?: number[]) {
  const conversion = await statValue(page, "conversion");
  const profit = await statValue(page, "profit");
  const cost = await statValue(page, "cost");
  const base = Math.max(1000, cost * 15);
  const investments = fixedInvestments ?? [base, base * 2.5, base * 5];
  const table = projectionTable(page);
  await expect(table).toHaveCount(1);
  const { shown, investmentCells } = await table.evaluate((element) => ({
    shown: [...element.querySelectorAll<HTMLElement>("[data-level][data-field]")].map((cell) => {
      const roi = cell.querySelector<HTMLElement>("[data-roi]");
      return {
        level: Number(cell.dataset.level),
        field: cell.dataset.field,
        text: (roi ?? cell).innerText,
        roiColor: roi ? getComputedStyle(roi).color : null,
      };
    }),
    investmentCells: element.querySelectorAll('[data-field="investment"]').length,
  }));
  const cell = (level: number, field: string) => {
    const found = shown.filter((item) => item.level === level && item.field === field);
    expect(found, `level ${level}, ${field}`).toHaveLength(1);
    return found[0]!;
  };
  for (const [level, investment] of investments.entries()) {
    const leads = Math.floor(investment / cost + 1e-9);
    const clients = Math.floor((leads * conversion) / 100 + 1e-9);
    const revenue = clients * profit;
    const roi = Math.floor(((revenue - investment) * 100) / investment + 1e-9);
    expect(spanishNumber(cell(level, "investment").text)).toBe(investment);
    expect(spanishNumber(cell(level, "leads").text)).toBe(leads);
    expect(spanishNumber(cell(level, "clients").text)).toBe(clients);
    expect(spanishNumber(cell(level, "revenue").text)).toBe(revenue);
    const roiCell = cell(level, "roi");
    expect(roiCell.roiColor, `level ${level}: the ROI's own element`).not.toBeNull();
    const roiText = roiCell.text;
    expect(spanishNumber(roiText) * (roiText.trim().startsWith("-") ? -1 : 1)).toBe(roi);
    if (roi > 0) {
      expect(roiText.trim()).toMatch(/^\+/);
      expect(roiCell.roiColor).toBe("rgb(4, 120, 87)");
    } else {
      expect(roiCell.roiColor).toBe("rgb(185, 28, 28)");
    }
  }
  expect(investmentCells).toBe(investments.length);
}

/** How many of `elements` React rendered (they carry its fiber); none in server HTML kept as it is. */
const reactRendered = (elements: Element[]) =>
  elements.filter((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber"))).length;

async function press(page: Page, target: Locator, isMobile: boolean) {
  if (isMobile) await target.tap();
  else await target.click();
}

test.describe("/sectores", () => {
  test("shows the featured sectors, then every sector, each linking to its page", async ({ page }) => {
    await page.goto("/sectores");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(directory.hero.title);

    const featured = page.locator("#destacados");
    await expect(featured.getByRole("heading", { level: 2 })).toHaveText(directory.featuredHeading);
    const featuredPages = sectorPages.filter((document) => document.featured);
    expect(featuredPages).toHaveLength(6);
    await expect(featured.locator("li")).toHaveCount(6);
    for (const [index, document] of featuredPages.entries()) {
      const link = featured.locator("li").nth(index).getByRole("link");
      await expect(link).toHaveText(document.sectorName);
      await expect(link).toHaveAttribute("href", `/sectores/${document.slug.current}`);
      // A figure in sight, without opening the tooltip.
      await expect(featured.locator("li").nth(index).locator("[data-sector-figures]")).toContainText(
        `${document.stats.conversionRate}\u00a0%`,
      );
    }

    const all = page.locator("#todos");
    await expect(all.getByRole("heading", { level: 2 })).toHaveText(directory.allHeading);
    await expect(all.locator("li")).toHaveCount(sectorPages.length);
    for (const [index, document] of sectorPages.entries()) {
      const link = all.locator("li").nth(index).getByRole("link");
      await expect(link).toHaveText(document.sectorName);
      await expect(link).toHaveAttribute("href", `/sectores/${document.slug.current}`);
    }

    await closeCookieBanner(page);
    await waitForHydration(page);
    const target = sector("logistica-transporte");
    await all.getByRole("link", { name: target.sectorName, exact: true }).click();
    await expect(page).toHaveURL(/\/sectores\/logistica-transporte$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(target.hero.title);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("each card shows its tooltip text under the name instead of an info button that could not open", async ({
      page,
    }) => {
      await page.goto("/sectores");
      const featured = page.locator("#destacados");
      for (const [index, document] of sectorPages.filter((item) => item.featured).entries()) {
        const card = featured.locator("li").nth(index);
        await expect(card.getByText(document.tooltip, { exact: true })).toBeVisible();
        await expect(card.getByText(document.tooltip, { exact: true })).toHaveCSS("display", "block");
        await expect(card.getByRole("link")).toHaveText(document.sectorName);
      }
      await expect(page.getByRole("main").getByRole("button")).toHaveCount(0);
    });
  });

  test("a tooltip opens on hover and on keyboard focus, toggles on click or tap, and closes on Escape or outside", async ({
    page,
    isMobile,
  }) => {
    await page.goto("/sectores");
    await closeCookieBanner(page);
    await waitForHydration(page);
    const document = sectorPages.find((item) => item.featured)!;
    const button = page
      .locator("#destacados")
      .getByRole("button", { name: `${directory.tooltipLabel} ${document.sectorName}` });
    const tooltip = page.getByRole("tooltip");
    await expect(tooltip).toHaveCount(0);

    if (!isMobile) {
      await button.hover();
      await expect(tooltip).toHaveText(document.tooltip);
      await expect(button).toHaveAttribute("aria-describedby", /.+/);
      const away = await page.getByRole("heading", { level: 1 }).boundingBox();
      await page.mouse.move(away!.x + 10, away!.y + 10, { steps: 10 });
      await page.mouse.move(away!.x + 20, away!.y + 10, { steps: 5 });
      await expect(tooltip).toHaveCount(0);
    }

    // Click or tap toggles.
    await press(page, button, isMobile);
    await expect(tooltip).toHaveText(document.tooltip);
    await press(page, button, isMobile);
    await expect(tooltip).toHaveCount(0);

    // Escape closes.
    await press(page, button, isMobile);
    await expect(tooltip).toHaveText(document.tooltip);
    await page.keyboard.press("Escape");
    await expect(tooltip).toHaveCount(0);

    // A click or tap outside closes.
    await press(page, button, isMobile);
    await expect(tooltip).toHaveText(document.tooltip);
    await press(page, page.getByRole("heading", { level: 1 }), isMobile);
    await expect(tooltip).toHaveCount(0);

    // Keyboard: Tab from the sector's link to its button opens, Enter toggles, Escape closes, Tab to the next
    // item moves the tooltip. (Tab, not a programmatic focus(): that is no keyboard focus for the page, and no
    // focus event at all while the button still has focus.)
    await page
      .locator("#destacados")
      .getByRole("link", { name: document.sectorName, exact: true })
      .evaluate((link: HTMLElement) => link.focus({ preventScroll: true }));
    await page.keyboard.press("Tab");
    await expect(button).toBeFocused();
    await expect(tooltip).toHaveText(document.tooltip);
    await page.keyboard.press("Enter");
    await expect(tooltip).toHaveCount(0);
    await page.keyboard.press("Enter");
    await expect(tooltip).toHaveText(document.tooltip);
    await page.keyboard.press("Escape");
    await expect(tooltip).toHaveCount(0);
    const next = sectorPages.filter((item) => item.featured)[1];
    await page.keyboard.press("Tab");
    await expect(page.locator("#destacados").getByRole("link", { name: next.sectorName })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(tooltip).toHaveText(next.tooltip);
  });

  test("tabbing to an info button below the fold shows its tooltip and keeps it while the page scrolls to it", async ({
    page,
  }) => {
    await page.goto("/sectores");
    await closeCookieBanner(page);
    await waitForHydration(page);
    const last = sectorPages[sectorPages.length - 1];
    const all = page.locator("#todos");
    await all
      .getByRole("link", { name: last.sectorName, exact: true })
      .evaluate((link: HTMLElement) => link.focus({ preventScroll: true }));
    await page.keyboard.press("Tab");
    const button = all.getByRole("button", { name: `${directory.tooltipLabel} ${last.sectorName}`, exact: true });
    await expect(button).toBeFocused();
    await expect(page.getByRole("tooltip")).toHaveText(last.tooltip);
    // Kept while the page scrolls to it: looked at again once the scroll has ended (the button whole in view and
    // the page still over two frames), not after a fixed half second a slow host might end mid-scroll.
    await expect(button).toBeInViewport({ ratio: 1 });
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const before = window.scrollY;
          await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
          return window.scrollY === before;
        }),
      )
      .toBe(true);
    await expect(page.getByRole("tooltip")).toHaveText(last.tooltip);
  });

  test("every sector of the full grid has its own tooltip", async ({ page, isMobile }) => {
    // One page, but a tooltip opened and closed per sector: the budget grows with the grid.
    budgetMore(TOOLTIP_MS * sectorPages.length);
    await page.goto("/sectores");
    await closeCookieBanner(page);
    await waitForHydration(page);
    const all = page.locator("#todos");
    for (const document of sectorPages) {
      await press(
        page,
        all.getByRole("button", { name: `${directory.tooltipLabel} ${document.sectorName}`, exact: true }),
        isMobile,
      );
      await expect(page.getByRole("tooltip")).toHaveText(document.tooltip);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("tooltip")).toHaveCount(0);
    }
  });

  test(
    "the directory keeps the server's HTML: hydration downloads none of its code and logs nothing",
    { tag: "@any-width" },
    async ({ page }) => {
      const { scripts, problems } = watch(page);
      await page.goto("/sectores");
      await closeCookieBanner(page);
      await waitForHydration(page);
      await expect(page.locator('[data-module="page:SectorsDirectory"][data-server-html]')).toHaveCount(1);
      const cards = page.locator("#destacados li, #todos li");
      await expect(cards).toHaveCount(6 + sectorPages.length);
      expect(await cards.evaluateAll(reactRendered)).toBe(0);
      // The tooltips work on that HTML.
      await page.locator("#destacados").getByRole("button").first().click();
      await expect(page.getByRole("tooltip")).toHaveCount(1);
      expect(scripts.filter((script) => /\/(SectorsDirectory|SectorGrid|InfoTooltip)-/.test(script))).toEqual([]);
      expect(problems).toEqual([]);
    },
  );

  test("reached by the header's link from a page with React, /sectores is a page load: the server's directory, no React, its tooltips work", async ({
    page,
    isMobile,
  }) => {
    await page.goto("/contacto");
    await closeCookieBanner(page);
    await waitForHydration(page);
    if (isMobile) await page.getByRole("button", { name: "Menú" }).click();
    await page
      .getByRole("navigation", { name: isMobile ? "Principal (móvil)" : "Principal", exact: true })
      .getByRole("link", { name: "Sectores" })
      .click();
    await expect(page).toHaveURL(/\/sectores$/);
    await waitForHydration(page);
    const cards = page.locator("#destacados li, #todos li");
    await expect(cards).toHaveCount(6 + sectorPages.length);
    // Navigation is the browser's (docs/decisions/0023-a-frame-without-a-framework.md): the server's HTML, no React.
    expect(await cards.evaluateAll(reactRendered)).toBe(0);
    const document = sectorPages.find((item) => item.featured)!;
    const button = page
      .locator("#destacados")
      .getByRole("button", { name: `${directory.tooltipLabel} ${document.sectorName}` });
    const tooltip = page.getByRole("tooltip");
    await press(page, button, isMobile);
    await expect(tooltip).toHaveText(document.tooltip);
    await expect(button).toHaveAttribute("data-state", "delayed-open");
    await expect(button).toHaveAttribute("aria-describedby", (await tooltip.getAttribute("id"))!);
    await page.keyboard.press("Escape");
    await expect(tooltip).toHaveCount(0);
    await expect(button).toHaveAttribute("data-state", "closed");
    if (!isMobile) {
      // Closed on purpose, it reopens on hover once the pointer has left it.
      await page.getByRole("heading", { level: 1 }).hover();
      await button.hover();
      await expect(tooltip).toHaveText(document.tooltip);
    }
  });

  test("fits the screen, with targets of at least 24×24 px, and has no axe violations (also with a tooltip open)", async ({
    page,
  }) => {
    await page.goto("/sectores");
    await closeCookieBanner(page);
    await waitForHydration(page);
    await expectNoHorizontalScroll(page);
    await expectTargetsAtLeast24px(page);
    await expectNoAxeViolations(page);
    await page.locator("#todos").getByRole("button").first().click();
    await expect(page.getByRole("tooltip")).toHaveCount(1);
    await expectNoAxeViolations(page);
  });
});

test.describe("/sectores/{slug}", () => {
  test("construccion: hero, buttons, stat cards, explanation, projection, services and the closing call", async ({
    page,
  }) => {
    const document = sector("construccion");
    await page.goto("/sectores/construccion");
    const hero = page.locator("#sector");
    await expect(hero.getByText(document.sectorName, { exact: true })).toBeVisible();
    await expect(hero.getByRole("heading", { level: 1 })).toHaveText(typeset(document.hero.title));
    await expect(hero).toContainText(typeset(document.hero.description));
    const calculatorHref = `/calculadora?${new URLSearchParams({ sector: document.sectorName })}`;
    await expect(hero.getByRole("link", { name: "Calcular mis Leads", exact: true })).toHaveAttribute(
      "href",
      calculatorHref,
    );
    await expect(hero.getByRole("link", { name: "Quiero Más Clientes", exact: true })).toHaveAttribute(
      "href",
      "/contacto",
    );
    await expect(hero.getByRole("link")).toHaveCount(2);

    const stats = page.locator("[data-stat]");
    await expect(stats).toHaveCount(3);
    expect(await statValue(page, "conversion")).toBe(document.stats.conversionRate);
    expect(await statValue(page, "profit")).toBe(document.stats.averageProfit);
    expect(await statValue(page, "cost")).toBe(document.stats.costPerLead);

    const explanation = page.locator("#por-que");
    await expect(explanation.getByRole("heading", { level: 2 })).toHaveText(typeset(document.explanation.title));
    await expect(explanation.locator("p")).toHaveCount(document.explanation.paragraphs.length);

    const projection = page.locator("#proyeccion");
    await expect(projection.getByRole("heading", { level: 2 })).toHaveText(typeset(document.projection.heading));
    await expect(projectionTable(page).locator("caption")).toHaveText(typeset(document.projection.heading));
    await expect(projectionTable(page).locator("th[scope=col]").first()).toBeVisible();
    await expect(projectionTable(page).locator("th[scope=row]").first()).toBeVisible();

    const services = page.locator("#servicios");
    await expect(services.getByRole("heading", { level: 2 })).toHaveText(typeset(document.services.heading));
    const cards = services.locator("ul").first().locator(":scope > li");
    await expect(cards).toHaveCount(3);
    for (const [index, service] of document.services.items.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole("heading", { level: 3 })).toHaveText(typeset(service.title));
      await expect(card).toContainText(typeset(service.description));
      await expect(card.locator("ul li")).toHaveText(service.features.map(typeset));
    }

    const closing = page.locator("#empezar");
    await expect(closing.getByRole("heading", { level: 2 })).toHaveText(typeset(document.closingCta.title));
    await expect(closing).toContainText(typeset(document.closingCta.description));
    await expect(closing.getByRole("link", { name: "Calcular mis Leads Mensuales", exact: true })).toHaveAttribute(
      "href",
      calculatorHref,
    );

    await closeCookieBanner(page);
    await waitForHydration(page);
    await hero.getByRole("link", { name: "Quiero Más Clientes", exact: true }).click();
    await expect(page).toHaveURL(/\/contacto$/);
  });

  test("logistica-transporte: its third hero button, fixed 3.000/8.000/15.000 € projection and canonical and Open Graph tags", async ({
    page,
  }) => {
    const document = sector("logistica-transporte");
    await page.goto("/sectores/logistica-transporte");
    const hero = page.locator("#sector");
    await expect(hero.getByRole("link", { name: document.hero.extraCta.label, exact: true })).toHaveAttribute(
      "href",
      document.hero.extraCta.href,
    );
    await expectProjectionMatchesStats(page, [3000, 8000, 15000]);
    const url = new URL("/sectores/logistica-transporte", page.url()).href;
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", url);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", document.seo.title);
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", document.seo.description);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", url);
  });

  // One test per page: a loop over every page inside one test would give a slow host the same time budget for
  // thirty pages as a fast one gives for one. The projection table is laid out by width, so this runs in both
  // projects; the head tags are read from the page already loaded (cheaper than loading it again in one project).
  for (const document of sectorPages) {
    const slug = document.slug.current;

    test(`${slug} shows its projection computed from its own stat cards, and its head tags`, async ({ page }) => {
      const response = await page.goto(`/sectores/${slug}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(document.hero.title);
      await expectProjectionMatchesStats(page, document.projection?.fixedInvestments);

      await expect(page).toHaveTitle(document.seo.title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", document.seo.description);
      await expect(page.locator('meta[name="keywords"]')).toHaveAttribute("content", document.seo.keywords.join(", "));
      const url = new URL(`/sectores/${slug}`, page.url()).href;
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", url);
      const service = (await jsonLdBlocks(page)).find((block) => block["@type"] === "Service");
      expect(service).toMatchObject({
        "@context": "https://schema.org",
        "@type": "Service",
        url,
        provider: { "@type": "Organization", name: settings.organization.name },
        areaServed: { "@type": "Country", name: "Spain" },
        serviceType: document.structuredData.serviceType,
        audience: { "@type": "Audience", audienceType: document.structuredData.audienceType },
      });
      expect(service?.offers?.length ?? 0).toBe(document.structuredData.offers?.length ?? 0);
    });
  }

  test(
    "on phones the projection table keeps its text readable: 16 px figures, nothing under 14 px",
    { tag: "@any-width" },
    async ({ browser }) => {
      const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const page = await phone.newPage();
      await page.goto("/sectores/construccion");
      const sizes = await projectionTable(page).evaluate((table) =>
        [...table.querySelectorAll<HTMLElement>("th, td")].map((cell) => ({
          text: cell.innerText.trim(),
          header: cell.tagName === "TH",
          size: parseFloat(getComputedStyle(cell.querySelector("[data-roi]") ?? cell).fontSize),
        })),
      );
      expect(sizes.length).toBeGreaterThan(0);
      expect(sizes.filter((cell) => cell.size < 14)).toEqual([]);
      expect(sizes.filter((cell) => !cell.header && cell.size < 16)).toEqual([]);
      // Wider than the phone, the table scrolls inside its own region: the page itself does not.
      await expectNoHorizontalScroll(page);
      await phone.close();
    },
  );

  test("an unknown sector answers 404 with the not-found page", { tag: "@any-width" }, async ({ page }) => {
    const response = await page.goto("/sectores/sector-que-no-existe");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(settings.notFound.title);
    await expect(page).toHaveTitle(settings.notFound.title);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.getByRole("main").locator('a[href="/"]')).toBeVisible();
  });

  for (const slug of ["construccion", "logistica-transporte", "tecnologia"]) {
    test(`${slug} fits the screen, with targets of at least 24×24 px, and has no axe violations`, async ({ page }) => {
      await page.goto(`/sectores/${slug}`);
      await closeCookieBanner(page);
      await waitForHydration(page);
      await expectNoHorizontalScroll(page);
      await expectTargetsAtLeast24px(page);
      await expectNoAxeViolations(page);
    });
  }

  test("names each landmark once (axe landmark-unique) and links to related sectors, the editor's picks first", async ({
    page,
  }) => {
    await page.goto("/sectores/construccion");
    const axe = await new AxeBuilder({ page }).withRules(["landmark-unique"]).analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);
    const related = page.getByRole("region", { name: directory.sectorPageLabels.relatedHeading });
    const links = related.getByRole("link");
    await expect(links).toHaveCount(4);
    await expect(links.nth(0)).toHaveAttribute("href", "/sectores/arquitectura-interiorismo");
    await expect(links.nth(1)).toHaveAttribute("href", "/sectores/instalaciones");
    await links.nth(0).click();
    await expect(page).toHaveURL(/\/sectores\/arquitectura-interiorismo$/);
  });
});

test.describe("a sector page's code", () => {
  test(
    "loaded as a document, it keeps the server's HTML and downloads none of its content's code; its links are page loads",
    { tag: "@any-width" },
    async ({ page }) => {
      const chunks = contentChunksFetched(page, "Page");
      await page.goto("/sectores/construccion");
      await closeCookieBanner(page);
      await waitForHydration(page);
      await page.waitForLoadState("networkidle");
      expect(chunks).toEqual([]);
      await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
      await page.locator("main a[href^='/calculadora']").first().click();
      await expect(page).toHaveURL(/\/calculadora\?sector=/);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(
        await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
      ).toBeUndefined();
    },
  );

  test(
    "reached by a link inside the site, it is a page load: the whole page, and none of its content's code",
    { tag: "@any-width" },
    async ({ page }) => {
      await page.goto("/sectores");
      await closeCookieBanner(page);
      await waitForHydration(page);
      const chunks = contentChunksFetched(page, "Page");
      await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
      await page.locator("main a[href='/sectores/construccion']").first().click();
      await expect(page).toHaveURL(/\/sectores\/construccion$/);
      await expect(page.locator("#proyeccion")).toBeVisible();
      await waitForHydration(page);
      await page.waitForLoadState("networkidle");
      expect(chunks).toEqual([]);
      expect(
        await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
      ).toBeUndefined();
    },
  );
});
