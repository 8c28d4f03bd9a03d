// Campaign pages in real Chromium at 390 and 1280 px: both seeded pages render every block with the
// minimal header, the lead form works with JavaScript (checks before sending, thank-you panel in place)
// and without it (a plain post), and is delivered to both destinations; in draft preview each block is
// marked for the click-to-edit overlay and a reorder saved in the draft shows in the open page.
import { randomUUID } from "node:crypto";
import fs from "node:fs";

import { type Browser, expect, type Page, test } from "@playwright/test";

import {
  closeCookieBanner,
  contentChunksFetched,
  expectNoHorizontalScroll,
  islandEntriesFetched,
  pageHydrates,
  rememberCookieChoice,
  waitForHydration,
} from "../support/page-checks";
import { secretDocument } from "../support/preview-fixtures";
import { seedDocument } from "../support/seed-content";
import { startTrackedServer, type TrackedServer } from "../support/tracked-server";

const receiverUrl = process.env.E2E_RECEIVER_URL ?? "";
const settings = seedDocument("siteSettings");

interface SeedCampaign {
  _id: string;
  title: string;
  slug: { current: string };
  blocks: Array<{ _key: string; _type: string; heading?: string }>;
}

const seed = fs
  .readFileSync("sanity-studio/seed/production.ndjson", "utf8")
  .split("\n")
  .filter((line) => line.includes('"_type":"campaignPage"'))
  .map((line) => JSON.parse(line) as SeedCampaign);

function uniqueEmail(tag: string) {
  return `${tag}-${test.info().project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@empresa.es`;
}

async function deliveriesFor(email: string) {
  const all = (await (await fetch(`${receiverUrl}/__received`)).json()) as Array<{
    path: string;
    body: Record<string, unknown>;
  }>;
  return all.filter((delivery) => delivery.body?.email === email).sort((a, b) => a.path.localeCompare(b.path));
}

async function fillLeadForm(page: Page, email: string) {
  const form = page.locator("#bloque-formulario form");
  await form.getByLabel("Nombre").fill("Marta Ruiz");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Teléfono").fill("+34 611 222 333");
  await form.getByLabel("Empresa").fill("Reformas Ruiz SL");
  await form.getByLabel("Mensaje").fill("Reformas de oficinas");
  return form;
}

async function expectDelivered(email: string) {
  await expect
    .poll(async () => (await deliveriesFor(email)).map((delivery) => delivery.path), { timeout: 10_000 })
    .toEqual(["/automation-webhook", "/form-service"]);
  const [delivery] = await deliveriesFor(email);
  expect(delivery!.body).toMatchObject({
    tipoFormulario: "Landing de campaña",
    tipo: "Consulta Campaña",
    nombre: "Marta Ruiz",
    telefono: "+34 611 222 333",
    empresa: "Reformas Ruiz SL",
    mensaje: "Reformas de oficinas",
    pagina: "/reformas-integrales",
    campana: "Reformas integrales: clientes B2B a precio fijo",
  });
}

test.describe("seeded campaign pages", () => {
  for (const campaign of seed) {
    test(`/${campaign.slug.current} shows its blocks under the minimal header`, async ({ page }) => {
      await page.goto(`/${campaign.slug.current}`);
      await closeCookieBanner(page);
      const hero = campaign.blocks.find((block) => block._type === "heroBlock")!;
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(hero.heading!);
      for (const block of campaign.blocks) await expect(page.locator(`#bloque-${block._key}`)).toHaveCount(1);
      // Logo and phone, no menu.
      await expect(page.locator("header").getByRole("link", { name: settings.phone })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Principal" })).toHaveCount(0);
      await expectNoHorizontalScroll(page);
    });
  }
});

test.describe("what a campaign page downloads", () => {
  test(
    "nothing but the frame script on load; the calculator's and the form's island when the visitor reaches for them; never a static block's code",
    { tag: "@any-width" },
    async ({ page }) => {
      // The static blocks' chunks (HeroBlock, FaqBlock...) are the app's, for a draft preview: a public page never
      // fetches them. The FAQ's accordion is the frame script's (app/components/frame/accordion.ts).
      const chunks = contentChunksFetched(page, "Block");
      const islands = islandEntriesFetched(page);
      await page.goto("/reformas-integrales");
      await closeCookieBanner(page);
      await waitForHydration(page);
      await page.waitForLoadState("networkidle");
      expect(await pageHydrates(page)).toBe(false);
      expect(islands).toEqual([]);

      // Scrolled past, the calculator and the form are still the server's HTML: nothing downloaded.
      const calculator = page.getByRole("form", { name: "Calculadora de precio por lead" });
      await page.locator("#bloque-formulario").scrollIntoViewIfNeeded();
      await page.waitForLoadState("networkidle");
      expect(islands).toEqual([]);
      await expect(calculator).not.toHaveAttribute("data-hydrated", "true");

      // Typing into the calculator brings its code; the live calculator keeps the typing and follows it.
      await calculator.getByLabel("Tasa de conversión (%)").fill("70");
      await expect(calculator).toHaveAttribute("data-hydrated", "true");
      expect(islands).toEqual(["calculator-block"]);
      await expect(calculator.getByLabel("Tasa de conversión (%)")).toHaveValue("70");

      await page.locator("#bloque-formulario").getByLabel("Nombre").fill("Ana");
      await expect.poll(() => [...islands].sort()).toEqual(["calculator-block", "lead-form-block"]);
      await expect(page.locator("#bloque-formulario").getByLabel("Nombre")).toHaveValue("Ana");
      // The FAQ works: one answer opens.
      const faq = page.locator("#bloque-preguntas");
      const question = faq.getByRole("button").first();
      await question.click();
      await expect(question).toHaveAttribute("aria-expanded", "true");

      // The static blocks still show what the server sent.
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        seed[0]!.blocks.find((block) => block._type === "heroBlock")!.heading!,
      );
      for (const block of seed[0]!.blocks) await expect(page.locator(`#bloque-${block._key}`)).toBeVisible();
      expect(chunks).toEqual([]);
    },
  );

  test(
    "the not-found page, served by the same route, fetches no block code",
    { tag: "@any-width" },
    async ({ page }) => {
      const chunks = contentChunksFetched(page, "Block");
      const response = await page.goto("/esta-pagina-no-existe");
      expect(response?.status()).toBe(404);
      await waitForHydration(page);
      await page.waitForLoadState("networkidle");
      expect(chunks).toEqual([]);
    },
  );
});

test.describe("campaign lead form", () => {
  test(
    "with JavaScript: the form's own checks, then the thank-you panel in place and both deliveries",
    { tag: "@any-width" },
    async ({ page }) => {
      await page.goto("/reformas-integrales");
      await closeCookieBanner(page);
      await waitForHydration(page);
      const form = page.locator("#bloque-formulario form");
      let posted = false;
      page.on("request", (request) => {
        if (request.method() === "POST" && new URL(request.url()).pathname === "/reformas-integrales") posted = true;
      });
      await form.getByLabel("Email").fill("marta@");
      await form.getByRole("button", { name: "Quiero más obras" }).click();
      await expect(form).toContainText("El nombre es obligatorio");
      await expect(form).toContainText("Formato de email inválido");
      await expect(form).toContainText("El teléfono es obligatorio");
      expect(posted).toBe(false);

      const email = uniqueEmail("campana");
      await fillLeadForm(page, email);
      await form.getByRole("button", { name: "Quiero más obras" }).click();
      await expect(page.getByTestId("campaign-success")).toBeVisible();
      await expect(page.getByTestId("campaign-success")).toContainText("¡Mensaje Enviado!");
      await expectDelivered(email);
    },
  );

  test(
    "without JavaScript: a plain post comes back with the thank-you panel and is delivered",
    { tag: "@any-width" },
    async ({ browser }: { browser: Browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, baseURL: test.info().project.use.baseURL });
      const page = await context.newPage();
      await page.goto("/reformas-integrales");
      const email = uniqueEmail("campana-nojs");
      const form = await fillLeadForm(page, email);
      await form.getByRole("button", { name: "Quiero más obras" }).click();
      await expect(page.getByTestId("campaign-success")).toBeVisible();
      await expect(page).toHaveURL(/\/reformas-integrales#bloque-formulario$/);
      await expectDelivered(email);
      await context.close();
    },
  );
});

test.describe("campaign pages in draft preview", () => {
  const secret = randomUUID();
  const page0 = seed.find((campaign) => campaign.slug.current === "software-b2b-demos")!;
  let server: TrackedServer;

  test.beforeAll(async () => {
    server = await startTrackedServer(
      {},
      {
        extraDocuments: [{ ...page0, _id: `drafts.${page0._id}` }, secretDocument(secret, new Date())],
      },
    );
  });
  test.afterAll(async () => server?.stop());
  test.beforeEach(async ({ context }) => rememberCookieChoice(context, server.url));

  test(
    "the overlay marks each block, and a reorder saved in the draft shows without a reload",
    { tag: "@any-width" },
    async ({ page }) => {
      const path = `/${page0.slug.current}`;
      // The public page carries no editing attributes.
      const publicHtml = await (await page.request.get(`${server.url}${path}`)).text();
      expect(publicHtml).not.toContain("data-sanity");

      const enable = new URL("/api/preview-mode/enable", server.url);
      enable.searchParams.set("sanity-preview-secret", secret);
      enable.searchParams.set("sanity-preview-pathname", path);
      await page.goto(enable.href);
      await expect(page.locator("sanity-visual-editing")).toHaveCount(1, { timeout: 30_000 });
      const keys = page0.blocks.map((block) => block._key);
      const marked = page.locator("[data-campaign-blocks] > [data-sanity]");
      await expect(marked).toHaveCount(keys.length);
      for (const [index, key] of keys.entries()) {
        const attribute = await marked.nth(index).getAttribute("data-sanity");
        expect(attribute).toContain(`id=${page0._id}`);
        // Studio path `blocks[_key=="…"]`, as the overlay encodes it.
        expect(attribute).toContain(`path=blocks:${key};`);
      }
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));

      // The editor drags the last block to the top (on the embedded dataset: the draft's line changes).
      const reordered = [page0.blocks.at(-1)!, ...page0.blocks.slice(0, -1)];
      const lines = fs.readFileSync(server.dataset, "utf8").split("\n");
      fs.writeFileSync(
        server.dataset,
        lines
          .map((line) =>
            line.includes(`"_id":"drafts.${page0._id}"`)
              ? JSON.stringify({ ...JSON.parse(line), blocks: reordered })
              : line,
          )
          .join("\n"),
      );
      await expect
        .poll(
          () => marked.evaluateAll((elements) => elements.map((element) => element.getAttribute("data-block-key"))),
          {
            timeout: 15_000,
          },
        )
        .toEqual(reordered.map((block) => block._key));
      expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    },
  );
  test(
    "reached by a client-side navigation (the preview runs the whole app), a campaign page loads its blocks' code and shows them all",
    { tag: "@any-width" },
    async ({ page }) => {
      // Public pages have no client-side router (links are the browser's: decision 0025); a draft preview does.
      const enable = new URL("/api/preview-mode/enable", server.url);
      enable.searchParams.set("sanity-preview-secret", secret);
      enable.searchParams.set("sanity-preview-pathname", "/mensual");
      await page.goto(enable.href);
      await expect(page.locator("sanity-visual-editing")).toHaveCount(1, { timeout: 30_000 });
      const chunks = contentChunksFetched(page, "Block");
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      await page.evaluate(() =>
        (window as unknown as { __remixRouter: { navigate: (to: string) => Promise<void> } }).__remixRouter.navigate(
          "/software-b2b-demos",
        ),
      );
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        page0.blocks.find((block) => block._type === "heroBlock")!.heading!,
      );
      for (const block of page0.blocks) await expect(page.locator(`#bloque-${block._key}`)).toHaveCount(1);
      expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
      expect(chunks).toContain("HeroBlock");
    },
  );
});
