// The site with 120 more sector pages (scripts/grow-dataset.mjs), on a server of its own: /sectores'
// search and pages work without JavaScript, and the calculator's sector field (a text field with
// suggestions once there are too many sectors for a dropdown) is used by keyboard, and without JavaScript;
// with JavaScript, /sectores' pages and search stay in the app, their tooltips working.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { expect, test } from "@playwright/test";

import { writeGrownDataset } from "../../scripts/grow-dataset.mjs";
import { startProductionServer } from "../../scripts/lib/build.mjs";
import { rememberCookieChoice, waitForHydration } from "../support/page-checks";

let server: Awaited<ReturnType<typeof startProductionServer>>;
let dir: string;

test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "grown-e2e-"));
  const file = writeGrownDataset(path.join(dir, "production.ndjson"), { sectors: 120, campaigns: 4 });
  server = await startProductionServer({ env: { CONTENT_DATASET_FILE: file } });
});
test.afterAll(async () => {
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("/sectores is searched with its form and browsed page by page", { tag: "@any-width" }, async ({ page }) => {
    await page.goto(`${server.baseUrl}/sectores`);
    const list = page.locator("#todos > div > ul > li");
    await expect(list).toHaveCount(40);
    const pages = page.getByRole("navigation", { name: "Páginas de la lista de sectores" });
    await pages.getByRole("link", { name: "Siguiente" }).click();
    await expect(page).toHaveURL(/\/sectores\?pagina=2$/);
    await expect(pages.getByRole("link", { name: "Página 2" })).toHaveAttribute("aria-current", "page");
    await expect(page.locator("#destacados")).toHaveCount(0);
    await expect(list).toHaveCount(40);

    const search = page.getByRole("searchbox", { name: "Buscar un sector" });
    await search.fill("CLINICAS");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/sectores\?q=CLINICAS$/);
    await expect(list.first()).toContainText("Clínicas");
    for (const name of await list.getByRole("link").allTextContents()) expect(name).toMatch(/^Clínicas/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);

    await page.getByRole("searchbox", { name: "Buscar un sector" }).fill("zzzz");
    await page.getByRole("searchbox", { name: "Buscar un sector" }).press("Enter");
    await expect(page.getByText("No hemos encontrado ningún sector que coincida con «zzzz».")).toBeVisible();
    await expect(list).toHaveCount(0);
  });

  test(
    "the calculator finds a sector by what was typed, then prefills its figures",
    { tag: "@any-width" },
    async ({ page }) => {
      await page.goto(`${server.baseUrl}/calculadora`);
      const sector = page.getByRole("combobox", { name: "Sector" });
      await sector.fill("constr");
      await sector.press("Enter");
      await expect(page.getByText("Ese sector no está en la lista. Elige uno de la lista.")).toBeVisible();
      const suggestions = await page
        .locator("datalist#calc-sector-opciones option")
        .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
      expect(suggestions).toContain("Construcción 33");
      for (const name of suggestions) expect(name).toMatch(/^Construcción/);

      await page.getByRole("combobox", { name: "Sector" }).fill("Construcción 33");
      await page.getByRole("combobox", { name: "Sector" }).press("Enter");
      await expect(page.getByLabel("Tasa de conversión (%)")).toHaveValue("15");
      await expect(page.getByLabel("Beneficio por cliente (€)")).toHaveValue("6000");
    },
  );
});

test(
  "the calculator's sector field is used by keyboard: typed, suggested, chosen, calculated",
  { tag: "@any-width" },
  async ({ page }) => {
    await page.goto(`${server.baseUrl}/calculadora`);
    const sector = page.getByRole("combobox", { name: "Sector" });
    // HTML bounded whatever the number of sectors: at most 40 suggestions in the page.
    expect(await page.locator("datalist#calc-sector-opciones option").count()).toBeLessThanOrEqual(40);
    // The focus is the visitor's reach for the calculator: its code comes and takes the server's form over.
    await sector.focus();
    await expect(page.locator("form#calculadora-form[data-hydrated]")).toHaveCount(1);
    await expect(sector).toBeFocused();
    await page.keyboard.type("Construcción 3");
    await expect(page.locator('datalist#calc-sector-opciones option[value="Construcción 33"]')).toHaveCount(1);
    await page.keyboard.type("3");
    await expect(page.getByLabel("Tasa de conversión (%)")).toHaveValue("15");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Tu precio máximo por lead", exact: true })).toBeVisible();
  },
);

test(
  "/sectores' page links and its search load their page (navigation is the browser's), and each new page's tooltips work",
  { tag: "@any-width" },
  async ({ page, context }) => {
    await rememberCookieChoice(context, server.baseUrl);
    await page.goto(`${server.baseUrl}/sectores`);
    await waitForHydration(page);
    // Kept by the same document only: a page load (docs/decisions/0023-a-frame-without-a-framework.md) loses it.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const list = page.locator("#todos > div > ul > li");
    const pages = page.getByRole("navigation", { name: "Páginas de la lista de sectores" });
    await pages.getByRole("link", { name: "Siguiente" }).click();
    await expect(page).toHaveURL(/\/sectores\?pagina=2$/);
    await waitForHydration(page);
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(false);
    await expect(pages.getByRole("link", { name: "Página 2" })).toHaveAttribute("aria-current", "page");
    await expect(list).toHaveCount(40);
    const card = list.first();
    await card.getByRole("button").click();
    await expect(page.getByRole("tooltip")).toHaveText((await card.locator("[data-open-without-js]").textContent())!);

    const search = page.getByRole("searchbox", { name: "Buscar un sector" });
    await search.fill("CLINICAS");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/sectores\?q=CLINICAS$/);
    await waitForHydration(page);
    await expect(list.first()).toContainText("Clínicas");
    await list.first().getByRole("button").click();
    await expect(page.getByRole("tooltip")).toHaveText(
      (await list.first().locator("[data-open-without-js]").textContent())!,
    );
  },
);

test("the floating WhatsApp button covers no page link of /sectores, wherever the list's end is on the screen", async ({
  page,
  context,
}) => {
  await rememberCookieChoice(context, server.baseUrl);
  await page.goto(`${server.baseUrl}/sectores?pagina=2`);
  const nav = page.getByRole("navigation", { name: "Páginas de la lista de sectores" });
  const links = nav.getByRole("link");
  expect(await links.count()).toBeGreaterThan(3);
  // On a phone it shows once the page has scrolled (app/tailwind.css), as it has at the list's end.
  const button = page.locator("[data-whatsapp-float]");
  // The list's end at the screen's bottom edge, then a little higher and lower: the positions where the
  // button (fixed in the bottom corner) sits level with it.
  for (const offset of [0, 24, 48, 72]) {
    await nav.evaluate((element, offset) => {
      const { bottom } = element.getBoundingClientRect();
      window.scrollBy(0, bottom - window.innerHeight + offset);
    }, offset);
    await expect(button).toBeVisible();
    const float = (await button.boundingBox())!;
    for (const link of await links.all()) {
      const box = await link.boundingBox();
      if (!box) continue;
      const overlaps =
        box.x < float.x + float.width &&
        float.x < box.x + box.width &&
        box.y < float.y + float.height &&
        float.y < box.y + box.height;
      expect(
        overlaps,
        `${(await link.getAttribute("aria-label")) ?? (await link.textContent())} at offset ${offset}`,
      ).toBe(false);
    }
  }
});
