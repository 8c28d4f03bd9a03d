// The frame of every page: header menu behaviours, WhatsApp button, footer, 404 page.
import { expect, type Page, test } from "@playwright/test";

import { coveredByFloatingButton } from "../support/floating";
import { budgetMore, rememberCookieChoice, waitForHydration } from "../support/page-checks";
import { seedDocument } from "../support/seed-content";
import { EVERY_PAGE_KIND } from "../support/site-pages";

// A visitor who already answered the cookie banner; the banner has its own spec (consent.spec.ts).
test.beforeEach(async ({ context, baseURL }) => rememberCookieChoice(context, baseURL));

test.describe("header", () => {
  // From a page that hydrates React (/contacto) and from one that carries none (a sector page): the frame script
  // does it on both.
  for (const from of ["/contacto", "/sectores/construccion"]) {
    test(`a scroll item on ${from} replaces the history entry with / and scrolls to its section`, async ({
      page,
      isMobile,
    }) => {
      await page.goto("/sectores");
      await page.goto(from);
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
      await expect(page.locator("#proceso")).toBeFocused();
      if (isMobile) await expect(page.getByRole("navigation", { name: "Principal (móvil)" })).toBeHidden();
      // The page was replaced: going back lands on the page before it.
      await page.goBack();
      await expect(page).toHaveURL(/\/sectores$/);
    });
  }

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

  test("a page link followed while a section's smooth scroll is still under way shows the new page from its top", async ({
    page,
  }) => {
    await page.goto("/");
    await waitForHydration(page);
    // Both clicks inside the page, so the second one surely lands while the first one's scroll animates
    // (a visitor tapping 'FAQ', then at once 'Calculadora').
    const scrollYAtSecondClick = await page.evaluate(async () => {
      document.querySelector<HTMLAnchorElement>('header a[href="/#faq"]')!.click();
      // Until the scroll has begun, however long the host takes to start it (no timer: the test's own timeout ends
      // a scroll that never starts).
      await new Promise<void>((resolve) => {
        const check = () => (window.scrollY > 0 ? resolve() : requestAnimationFrame(check));
        check();
      });
      document.querySelector<HTMLAnchorElement>('header a[href="/calculadora"]')!.click();
      return window.scrollY;
    });
    expect(scrollYAtSecondClick).toBeGreaterThan(0);
    await expect(page).toHaveURL(/\/calculadora$/);
    // Settled: the same offset twice, 300 ms apart (a jump to 0 that an animation then undoes is not "at the top").
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const before = window.scrollY;
          await new Promise((resolve) => window.setTimeout(resolve, 300));
          return window.scrollY === before ? before : "still moving";
        }),
      )
      .toBe(0);
  });

  // The small-screen menu exists below the desktop breakpoint: a phone's width set here, so one project runs it.
  test.describe("without JavaScript", { tag: "@any-width" }, () => {
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

test(
  "the WhatsApp button opens a chat with a prefilled Spanish message in a new tab",
  { tag: "@any-width" },
  async ({ page }) => {
    await page.goto("/mensual");
    const button = page.locator('a[href^="https://wa.me/"]').last();
    await expect(button).toHaveAttribute("target", "_blank");
    const href = new URL((await button.getAttribute("href"))!);
    expect(href.searchParams.get("text")).toMatch(/lead/i);
  },
);

test(
  "the footer links to Sectores, Calculadora ROI, Contacto and the legal notice, with the 2024 copyright",
  {
    tag: "@any-width",
  },
  async ({ page }) => {
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
  },
);

test(
  "an unknown path shows 'Oops! Page not found' with a link home and status 404",
  { tag: "@any-width" },
  async ({ page }) => {
    const response = await page.goto("/esto-no-existe");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    await page.getByRole("main").locator('a[href="/"]').click();
    await expect(page).toHaveURL(/\/$/);
  },
);

/** Records every console error or warning and page error, but the two about empty tracking ids (the seed has none). */
function consoleProblems(page: Page): string[] {
  const messages: string[] = [];
  page.on("console", (message) => {
    if (!["error", "warning"].includes(message.type())) return;
    if (/^\[tracking\] siteSettings\.tracking\.(googleAdsId|metaPixelId) is empty/.test(message.text())) return;
    // The browser's own note on the 404 page's status is no message of the site.
    if (page.url().endsWith("/ruta-que-no-existe") && message.text().includes("status of 404")) return;
    messages.push(`${page.url()} ${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => messages.push(`${page.url()} pageerror: ${error.message}`));
  return messages;
}

// One test per page (a loop over every page inside one test would give a slow host the time budget of one test for
// all of them); each loads its page once for what used to be four walks over every page: status, language,
// canonical and width; accents; blur filters; prices; console messages.
for (const path of EVERY_PAGE_KIND) {
  test(`${path} answers 200 with server-rendered Spanish HTML, no horizontal scroll, no blur filter, no doubled currency and no console message`, async ({
    page,
  }) => {
    const messages = consoleProblems(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /^http/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, "scrolls horizontally").toBeLessThanOrEqual(0);
    // Every accented letter arrives whole: no U+FFFD anywhere in the document the browser built.
    await waitForHydration(page);
    const broken = await page.evaluate(() => {
      const html = document.documentElement.outerHTML;
      const at = html.indexOf("\ufffd");
      return at < 0 ? null : html.slice(Math.max(0, at - 60), at + 10);
    });
    expect(broken, "shows a replacement character").toBeNull();
    // No element drawn through a blur filter or a backdrop filter, which costs phones a pass per frame.
    const blurred = await page.evaluate(() =>
      [...document.querySelectorAll("*")]
        .filter((element) => {
          const style = getComputedStyle(element);
          return style.filter.includes("blur") || style.backdropFilter !== "none";
        })
        .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join(".")}`),
    );
    expect(blurred, "drawn through a blur filter").toEqual([]);
    // No price shows its currency twice.
    const text = await page.locator("body").innerText();
    expect(text.match(/€[\s\u00a0]*€/g)).toBeNull();
    expect(messages).toEqual([]);
  });
}

for (const path of ["/sectores/logistica-transporte", "/ruta-que-no-existe"]) {
  test(`${path} logs no console error or warning`, async ({ page }) => {
    const messages = consoleProblems(page);
    await page.goto(path);
    await waitForHydration(page);
    expect(messages).toEqual([]);
  });
}

test("the dialogs of /mensual log no console error or warning", async ({ page }) => {
  const messages = consoleProblems(page);
  await page.goto("/mensual");
  await waitForHydration(page);
  for (const anchor of ["#solicitar-informacion", "#solicitar-analisis"]) {
    await page.locator(`a[href="${anchor}"]`).first().click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cerrar" }).click();
    await expect(dialog).toBeHidden();
  }
  expect(messages).toEqual([]);
});

// A phone's viewport set here, whatever the project: run in one project only (@any-width), one test per page.
test.describe("on a phone (390×844)", { tag: "@any-width" }, () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  for (const path of EVERY_PAGE_KIND) {
    test(`${path}: the floating WhatsApp button is never over text or a control in a phone's first screen`, async ({
      page,
    }) => {
      await page.goto(path);
      await waitForHydration(page);
      const covered = await coveredByFloatingButton(page, { withText: true });
      expect(covered, `${path}: under the WhatsApp button`).toEqual([]);
    });

    // Further down text may pass under it, a control never: the button steps aside while one lies beneath
    // (app/components/frame/floating-button.ts). A third of a screen at a time, from the top to the page's end.
    test(`${path}: at every scroll position the floating WhatsApp button is over no control`, async ({ page }) => {
      await page.goto(path);
      await waitForHydration(page);
      const end = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
      const step = Math.round(844 / 3);
      budgetMore(Math.ceil(end / step) * 1_000);
      for (let top = step; top < end + step; top += step) {
        const at = Math.min(top, end);
        await page.evaluate((y) => window.scrollTo({ top: y, behavior: "instant" }), at);
        await expect.poll(() => coveredByFloatingButton(page), { message: `${path} scrolled to ${at} px` }).toEqual([]);
      }
    });
  }

  test("once the visitor scrolls, the floating WhatsApp button is there, at least 44×44 px", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => window.scrollTo({ top: window.innerHeight, behavior: "instant" }));
    const button = page.locator("[data-whatsapp-float]");
    await expect(button).toBeVisible();
    await expect.poll(() => button.evaluate((element) => getComputedStyle(element).opacity)).toBe("1");
    const box = await button.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(44);
    expect(box?.height).toBeGreaterThanOrEqual(44);
  });
});

test("a header link to another page shows the new page from its top at once", async ({ page, isMobile }) => {
  await page.goto("/");
  await waitForHydration(page);
  await page.evaluate(() => window.scrollTo({ top: 2500, behavior: "instant" }));
  if (isMobile) await page.getByRole("button", { name: "Menú" }).click();
  const nav = page.getByRole("navigation", { name: isMobile ? "Principal (móvil)" : "Principal", exact: true });
  await nav.getByRole("link", { name: "Calculadora", exact: true }).click();
  await expect(page).toHaveURL(/\/calculadora$/);
  // The new page's own heading (the landing's h1 may still be on screen while the navigation runs).
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(seedDocument("calculatorPage").hero.title);
  // Not an animation up from the old position: already at the top when the new page shows.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test("the header marks the current page, sector pages under 'Sectores' and the landing section in view", async ({
  page,
  isMobile,
}) => {
  const navName = isMobile ? "Principal (móvil)" : "Principal";
  const current = async () => {
    const nav = page.getByRole("navigation", { name: navName, exact: true });
    return nav.locator('[aria-current="page"]').allInnerTexts();
  };
  const openMenu = async () => {
    if (isMobile) await page.getByRole("button", { name: "Menú" }).click();
  };
  for (const [path, label] of [
    ["/mensual", "Planes"],
    ["/calculadora", "Calculadora"],
    ["/sectores", "Sectores"],
    ["/sectores/construccion", "Sectores"],
    ["/contacto", "Contacto"],
  ] as const) {
    await page.goto(path);
    await waitForHydration(page);
    await openMenu();
    expect(await current(), path).toEqual([label]);
    // Seen, not only announced: the current item looks different from the others.
    const nav = page.getByRole("navigation", { name: navName, exact: true });
    const look = (name: string) =>
      nav
        .getByRole("link", { name, exact: true })
        .evaluate((element) => `${getComputedStyle(element).color} ${getComputedStyle(element).fontWeight}`);
    expect(await look(label), path).not.toBe(await look(label === "Contacto" ? "Planes" : "Contacto"));
  }
  await page.goto("/");
  await waitForHydration(page);
  await openMenu();
  expect(await current()).toEqual(["Inicio"]);
  // Where each item of the row sits: the mark moving to another item must not move any of them.
  const itemBoxes = () =>
    page
      .getByRole("navigation", { name: navName, exact: true })
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => JSON.stringify(link.getBoundingClientRect())));
  const before = await itemBoxes();
  if (isMobile) await page.getByRole("button", { name: "Menú" }).click();
  await page.evaluate(() => document.getElementById("faq")?.scrollIntoView({ behavior: "instant" }));
  await openMenu();
  await expect.poll(() => current()).toEqual(["FAQ"]);
  if (!isMobile) expect(await itemBoxes()).toEqual(before);
});

test.describe("icons", { tag: "@any-width" }, () => {
  for (const javaScriptEnabled of [true, false]) {
    test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
      test.use({ javaScriptEnabled });

      test("every icon of a page is drawn from the cached sprite, at its size", async ({ page, request }) => {
        await page.goto("/calculadora");
        const hrefs = await page.locator("svg use").evaluateAll((uses) => uses.map((use) => use.getAttribute("href")));
        expect(hrefs.length).toBeGreaterThan(3);
        const sprites = new Set(hrefs.map((href) => href?.split("#")[0]));
        expect([...sprites]).toEqual([expect.stringMatching(/^\/icons\.svg\?v=[0-9a-f]{10}$/)]);
        const sprite = await request.get([...sprites][0]!);
        expect(sprite.status()).toBe(200);
        expect(sprite.headers()["cache-control"]).toContain("immutable");
        const body = await sprite.text();
        for (const href of hrefs) expect(body).toContain(`<symbol id="${href!.split("#")[1]}"`);
        // The symbol has arrived and is drawn: the first visible icon has the box of its drawing.
        const firstVisible = page.locator("svg:visible use").first();
        await expect
          .poll(() => firstVisible.evaluate((use) => (use as SVGUseElement).getBBox().width))
          .toBeGreaterThan(4);
      });
    });
  }
});
