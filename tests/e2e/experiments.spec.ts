// A/B experiments in real Chromium: with analytics consent, fresh browsers are spread over both variants
// at the control's address, each stays on its variant across reloads, and its lead is delivered with its
// variant; without consent only the control shows; in draft preview the bar shows the decision, the
// figures and switches variants, and warns «Revisa el tráfico» when the split departs from the weights
// (counts written beforehand in a third instance's DATA_DIR). A second server instance runs on a dataset
// copy with the experiment.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { type Browser, expect, type Page, test } from "@playwright/test";

import {
  CONTROL_HEADING,
  CONTROL_PATH,
  EXPERIMENT_KEY,
  experimentDocuments,
  VARIANT_HEADING,
} from "../support/experiment-fixtures";
import { budgetMore, waitForHydration } from "../support/page-checks";
import { enableUrl, secretDocument } from "../support/preview-fixtures";
import { startTrackedServer, type TrackedServer } from "../support/tracked-server";

const SECRET = `e2e-experiments-${Date.now()}`;
// A test's time budget grows with its work: the default minute, and this much more for each fresh browser (a new
// context loading the page up to three times) and each server it starts, so a slow host gets the same budget per
// page load as a fast one, whatever number of fresh browsers the random draw takes.
const FRESH_BROWSER_MS = 30_000;
const SERVER_START_MS = 60_000;
/** The server-rendered page is all these checks read: no need to wait for images. */
const HTML_ONLY = { waitUntil: "domcontentloaded" } as const;
let server: TrackedServer;

test.beforeAll(async () => {
  server = await startTrackedServer(
    {},
    { extraDocuments: [...experimentDocuments(), secretDocument(SECRET, new Date())] },
  );
});
test.afterAll(async () => {
  await server?.stop();
});

interface Received {
  path: string;
  body: Record<string, unknown>;
}

async function receivedFor(email: string): Promise<Received[]> {
  const all = (await (await fetch(`${process.env.E2E_RECEIVER_URL}/__received`)).json()) as Received[];
  return all.filter((delivery) => delivery.body?.email === email);
}

/** A fresh browser (no cookies) with the given consent choice already stored, on the experiment's server. */
async function freshBrowser(browser: Browser, consent: string | null): Promise<Page> {
  budgetMore(FRESH_BROWSER_MS);
  const context = await browser.newContext({ ...test.info().project.use, baseURL: server.url });
  if (consent) await context.addCookies([{ name: "cookie_consent", value: consent, url: server.url }]);
  return context.newPage();
}

async function shownVariant(page: Page): Promise<"a" | "b"> {
  const heading = (await page.getByRole("heading", { level: 1 }).innerText()).trim();
  expect([CONTROL_HEADING, VARIANT_HEADING]).toContain(heading);
  return heading === VARIANT_HEADING ? "b" : "a";
}

async function experimentCookie(page: Page): Promise<string | undefined> {
  return (await page.context().cookies()).find((cookie) => cookie.name === "experimentos")?.value;
}

test(
  "with analytics consent, fresh browsers see both variants, each sticky, each lead delivered with its variant",
  { tag: "@any-width" },
  async ({ browser }) => {
    const firstOf: Partial<Record<"a" | "b", Page>> = {};
    for (let visit = 0; visit < 30 && !(firstOf.a && firstOf.b); visit += 1) {
      const page = await freshBrowser(browser, "v1.a1.p0");
      await page.goto(CONTROL_PATH, HTML_ONLY);
      const variant = await shownVariant(page);
      // A random browser id (22 base64url characters), then the assignment.
      expect(await experimentCookie(page)).toMatch(new RegExp(`^[A-Za-z0-9_-]{22}\\|${EXPERIMENT_KEY}\\.${variant}$`));
      // The address stays the control's, and so does the canonical link.
      expect(new URL(page.url()).pathname).toBe(CONTROL_PATH);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${CONTROL_PATH}$`));
      for (let reload = 0; reload < 2; reload += 1) {
        await page.reload(HTML_ONLY);
        expect(await shownVariant(page)).toBe(variant);
      }
      if (firstOf[variant]) await page.context().close();
      else firstOf[variant] = page;
    }
    expect(firstOf.a, "the control was never drawn in 30 fresh browsers").toBeDefined();
    expect(firstOf.b, "the variant was never drawn in 30 fresh browsers").toBeDefined();

    for (const variant of ["a", "b"] as const) {
      const page = firstOf[variant]!;
      await waitForHydration(page);
      const email = `experimento-${variant}-${test.info().project.name}-${Date.now()}@reformas.es`;
      const form = page.locator("form").filter({ has: page.locator('input[name="nombre"]') });
      await form.locator('input[name="nombre"]').fill(`Visitante ${variant}`);
      await form.locator('input[name="email"]').fill(email);
      await form.locator('input[name="telefono"]').fill("+34 600 111 222");
      await form.locator('input[name="empresa"]').fill("Reformas SL");
      await form.locator('button[type="submit"]').click();
      await expect.poll(async () => (await receivedFor(email)).length, { timeout: 15_000 }).toBe(2);
      for (const delivery of await receivedFor(email)) {
        expect(delivery.body).toMatchObject({ experimento: EXPERIMENT_KEY, variante: variant, pagina: CONTROL_PATH });
      }
      await page.context().close();
    }
  },
);

test(
  "without analytics consent, every browser sees the control and gets no experiment cookie",
  { tag: "@any-width" },
  async ({ browser }) => {
    for (const consent of [null, "v1.a0.p0", "v1.a0.p1", null, "v1.a0.p0", null]) {
      const page = await freshBrowser(browser, consent);
      await page.goto(CONTROL_PATH, HTML_ONLY);
      expect(await shownVariant(page)).toBe("a");
      await page.reload(HTML_ONLY);
      expect(await shownVariant(page)).toBe("a");
      expect(await experimentCookie(page)).toBeUndefined();
      await page.context().close();
    }
  },
);

test(
  "in draft preview the bar shows the decision, each variant's figures, and switches between them",
  { tag: "@any-width" },
  async ({ browser }) => {
    const page = await freshBrowser(browser, "v1.a0.p0");
    await page.goto(enableUrl(server.url, SECRET, CONTROL_PATH));
    const bar = page.getByRole("region", { name: "Vista previa" });
    const figures = bar.getByRole("region", { name: "Experimento A/B" });
    await expect(figures).toContainText("Experimento «Titular de reformas»");
    // A handful of visitors from the first test: still collecting, no traffic warning.
    await expect(figures.locator("[data-decision]")).toHaveText(/^Recogiendo datos: aún no hay ganadora\./);
    await expect(figures).not.toContainText("Revisa el tráfico");
    await expect(figures.locator('[data-variante="a"]')).toContainText(
      /\d+ visitantes · \d+ conversiones · \d+ leads · conversión [\d,]+\s% · control/,
    );
    await expect(figures.locator('[data-variante="b"]')).toContainText(
      /\d+ visitantes · \d+ conversiones · \d+ leads · conversión [\d,]+\s% · diferencia con el control entre \S+ y \S+ puntos · probabilidad de superar al control [\d,]+\s% \(descriptiva\)/,
    );
    expect(await shownVariant(page)).toBe("a");
    await figures.getByRole("link", { name: "Titular de agenda (b)" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(VARIANT_HEADING);
    await expect(figures.getByRole("link", { name: "Titular de agenda (b)" })).toHaveAttribute("aria-current", "page");
    await page.context().close();
  },
);

test(
  "in draft preview the bar says «Revisa el tráfico» and names no winner when the split is off",
  { tag: "@any-width" },
  async ({ browser }) => {
    // 1,000 against 1,200 visitors at 50/50 (p ≈ 0.00002), with rates that would otherwise make B the winner.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-srm-"));
    const line = (variant: string, type: string) => `{"e":"${EXPERIMENT_KEY}","v":"${variant}","t":"${type}"}`;
    const counts = [
      ...Array.from({ length: 1000 }, () => line("a", "visitor")),
      ...Array.from({ length: 1200 }, () => line("b", "visitor")),
      ...Array.from({ length: 100 }, () => line("a", "conversion")),
      ...Array.from({ length: 240 }, () => line("b", "conversion")),
      ...Array.from({ length: 110 }, () => line("a", "lead")),
      ...Array.from({ length: 260 }, () => line("b", "lead")),
    ];
    fs.mkdirSync(path.join(dataDir, "experiments"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "experiments", "counts.ndjson"), `${counts.join("\n")}\n`);
    budgetMore(SERVER_START_MS + FRESH_BROWSER_MS);
    const skewed = await startTrackedServer(
      {},
      { extraDocuments: [...experimentDocuments(), secretDocument(SECRET, new Date())], env: { DATA_DIR: dataDir } },
    );
    try {
      const context = await browser.newContext({ ...test.info().project.use, baseURL: skewed.url });
      const page = await context.newPage();
      await page.goto(enableUrl(skewed.url, SECRET, CONTROL_PATH));
      const figures = page
        .getByRole("region", { name: "Vista previa" })
        .getByRole("region", { name: "Experimento A/B" });
      await expect(figures.getByRole("status")).toHaveText(
        "Revisa el tráfico: el reparto de visitantes (1.000 / 1.200) no cuadra con los pesos (50 / 50). Puede haber cookies perdidas, una redirección o un robot; mientras no se corrija, las cifras no sirven para decidir.",
      );
      await expect(figures.locator("[data-decision]")).toHaveAttribute("data-decision", "check-traffic");
      await expect(figures.locator("[data-decision]")).toHaveText(/^Revisa el tráfico antes de decidir/);
      await expect(figures).not.toContainText("Ganadora");
      await expect(figures.locator('[data-variante="b"]')).toContainText(
        "1.200 visitantes · 240 conversiones · 260 leads · conversión 20,0",
      );
      await context.close();
    } finally {
      await skewed.stop();
    }
  },
);
