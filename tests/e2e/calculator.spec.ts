// /calculadora in real Chromium: the whole flow with JavaScript, the shared-URL flow without it, and axe.
import fs from "node:fs";
import path from "node:path";

import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

import { startProductionServer } from "../../scripts/lib/build.mjs";
import { AXE_RUN_MS, budgetMore, settled } from "../support/page-checks";

const SHARED_RESULTS = "/calculadora?sector=Consultor%C3%ADa&conversion=35&beneficio=2000&presupuesto=1000";
const receiverUrl = process.env.E2E_RECEIVER_URL;

async function closeCookieBanner(page: Page) {
  const reject = page.getByRole("button", { name: "Rechazar", exact: true });
  if (await reject.isVisible()) {
    await reject.click();
    await expect(reject).toBeHidden();
  }
}

/**
 * The calculator live: its code comes when a visitor reaches for it (a pointer over its form), and the live
 * calculator takes the server's form over (app/components/frame/islands.ts).
 */
async function waitForHydration(page: Page) {
  await calculator(page).hover({ position: { x: 12, y: 12 } });
  await expect(calculator(page)).toHaveAttribute("data-hydrated", "true");
}

/** The calculator's own form (the lead form has a 'Sector' field too). */
function calculator(page: Page) {
  return page.getByRole("form", { name: "Calculadora de precio por lead" });
}

function priceCard(page: Page, roi: "150" | "300") {
  return page.getByTestId(`precio-roi-${roi}`);
}

async function expectScenario(page: Page, roi: "150" | "300", [leads, clients, income, returnPct]: string[]) {
  const card = page.getByTestId(`escenario-roi-${roi}`);
  for (const [label, value] of [
    ["Leads estimados", leads],
    ["Nuevos clientes", clients],
    ["Ingresos estimados", income],
    ["ROI real", returnPct],
  ]) {
    await expect(card.locator("div", { has: page.locator("dt", { hasText: label }) }).locator("dd")).toHaveText(value);
  }
}

async function fillLeadForm(page: Page, email: string) {
  const form = page.getByRole("form", { name: "Completa tus datos" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Sector").fill("Consultoría estratégica");
  await form.getByLabel("Empresa").fill("Acme Consultores SL");
  await form.getByLabel("Teléfono").fill("+34 600 123 456");
  await form.getByLabel("Web").fill("https://acme.example");
  await form.getByLabel("Mensaje").fill("Consultoría de procesos para pymes");
  return form;
}

async function deliveredTo(path: string, email: string) {
  if (!receiverUrl) return null;
  const response = await fetch(`${receiverUrl}/__received`);
  const received = (await response.json()) as Array<{ path: string; body: Record<string, unknown> | null }>;
  return received.find((entry) => entry.path === path && entry.body?.email === email)?.body ?? null;
}

test.describe("with JavaScript", () => {
  test("the lead form's code is not part of the page's startup: it comes once the visitor uses the calculator", async ({
    page,
  }) => {
    // "Enviando análisis..." is the lead form's sending label: only its code holds it.
    const scriptsWithLeadForm: string[] = [];
    page.on("response", async (response) => {
      if (response.request().resourceType() !== "script") return;
      const body = await response.text().catch(() => "");
      if (body.includes("Enviando análisis...")) scriptsWithLeadForm.push(response.url());
    });
    await page.goto("/calculadora");
    await closeCookieBanner(page);
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    expect(scriptsWithLeadForm).toEqual([]);

    await calculator(page).getByLabel("Sector").selectOption({ label: "Consultoría" });
    await page.getByRole("button", { name: "Calcular mi precio máximo por lead" }).click();
    await expect(page.getByRole("form", { name: "Completa tus datos" })).toBeVisible();
    // The listener reads each script's body after the browser has it: on a loaded host the form can show first.
    await expect.poll(() => scriptsWithLeadForm.length).toBe(1);
  });

  test("Consultoría: prices, scenarios, live updates, lead form, thank-you and reset", async ({ page }) => {
    await page.goto("/calculadora");
    await closeCookieBanner(page);
    await waitForHydration(page);
    await expect(page.getByRole("button", { name: "Calcular mi precio máximo por lead" })).toBeDisabled();
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    await calculator(page).getByLabel("Sector").selectOption({ label: "Consultoría" });
    await expect(calculator(page).getByLabel("Tasa de conversión (%)")).toHaveValue("35");
    await expect(calculator(page).getByLabel("Beneficio por cliente (€)")).toHaveValue("2000");
    await page.getByRole("button", { name: "Calcular mi precio máximo por lead" }).click();

    await expect(priceCard(page, "150")).toContainText("280,00 €");
    await expect(priceCard(page, "150")).toContainText("ROI del 150 %");
    await expect(priceCard(page, "300")).toContainText("175,00 €");
    await expect(page).toHaveURL(/\?sector=Consultor%C3%ADa&conversion=35&beneficio=2000$/);

    // The budget: the button waits for a positive amount, with the spec's messages.
    const budget = page.getByLabel("Presupuesto mensual (€)");
    const simulate = page.getByRole("button", { name: "Ver mis resultados estimados" });
    await expect(simulate).toBeDisabled();
    await budget.fill("0");
    await expect(page.getByText("El presupuesto debe ser mayor a 0")).toBeVisible();
    await expect(budget).toHaveAttribute("aria-invalid", "true");
    await expect(simulate).toBeDisabled();
    await budget.fill("");
    await expect(page.getByText("El presupuesto es obligatorio")).toBeVisible();
    await budget.fill("1.000");
    await expect(simulate).toBeEnabled();
    await simulate.click();

    await expectScenario(page, "150", ["3", "1", "2.000 €", "200 %"]);
    await expectScenario(page, "300", ["5", "1", "2.000 €", "200 %"]);
    await expect(page).toHaveURL(/presupuesto=1\.000$/);

    // Results follow the typing, and so does the address, without a reload.
    const conversion = calculator(page).getByLabel("Tasa de conversión (%)");
    await conversion.fill("70");
    await expect(priceCard(page, "150")).toContainText("560,00 €");
    await expect(page).toHaveURL(/conversion=70/);
    await conversion.fill("35");
    await expect(priceCard(page, "150")).toContainText("280,00 €");
    await expect(page).toHaveURL(/conversion=35/);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

    // The lead form: the spec's messages, each cleared when its field is edited.
    const form = page.getByRole("form", { name: "Completa tus datos" });
    const send = form.getByRole("button", { name: "Solicitar mi análisis" });
    await form.getByLabel("Sector").fill("");
    await send.click();
    await expect(page.getByTestId("toast")).toContainText("Error de validación");
    await expect(form.getByText("El email es obligatorio")).toBeVisible();
    await expect(form.getByText("El sector es obligatorio")).toBeVisible();
    await expect(form.getByText("El nombre de la empresa es obligatorio")).toBeVisible();
    await expect(form.getByText("El teléfono es obligatorio")).toBeVisible();
    await expect(form.getByLabel("Email")).toBeFocused();
    await form.getByLabel("Email").fill("no-es-un-email");
    await expect(form.getByText("El email es obligatorio")).toBeHidden();
    await form.getByLabel("Web").fill("acme.example");
    await form.getByLabel("Teléfono").fill("llámame");
    await send.click();
    await expect(form.getByText("Formato de email inválido")).toBeVisible();
    await expect(form.getByText("Formato de teléfono inválido")).toBeVisible();
    await expect(form.getByText("La URL debe comenzar con http:// o https://")).toBeVisible();

    const email = `calc-${Date.now()}@acme.example`;
    await fillLeadForm(page, email);
    // Hold the answer a moment to see the sending state.
    await page.route("**/calculadora?**", async (route) => {
      if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await send.click();
    await expect(form.getByRole("button", { name: "Enviando análisis..." })).toBeDisabled();

    await expect(page.getByRole("heading", { name: "¡Gracias por tu solicitud!" })).toBeVisible();
    await expect(page.getByTestId("toast")).toContainText("¡Solicitud enviada correctamente!");
    await page.unrouteAll();

    if (receiverUrl) {
      await expect.poll(() => deliveredTo("/form-service", email), { timeout: 15_000 }).not.toBeNull();
      const payload = (await deliveredTo("/form-service", email))!;
      expect(payload).toMatchObject({
        tipoFormulario: "Calculadora",
        sectorCalculadora: "Consultoría",
        sector: "Consultoría estratégica",
        empresa: "Acme Consultores SL",
        telefono: "+34 600 123 456",
        web: "https://acme.example",
        productoVendido: "Consultoría de procesos para pymes",
        porcentajeConversion: 35,
        beneficioPorCliente: 2000,
        ROI150: 280,
        ROI300: 175,
        presupuestoMensual: 1000,
        planSeleccionado: "incluido",
      });
      const info = payload.browserInfo as Record<string, unknown>;
      expect(info.userAgent).toEqual(expect.any(String));
      expect(info.language).toMatch(/^es/);
      expect(info.timezone).toBe("Europe/Madrid");
      expect(info.screenResolution).toMatch(/^\d+x\d+$/);
      expect(info.windowSize).toMatch(/^\d+x\d+$/);
      expect(info.cookiesEnabled).toBe(true);
      expect(info.online).toBe(true);
    }

    await page.getByRole("link", { name: "Realizar otra consulta" }).click();
    await expect(page).toHaveURL(/\/calculadora$/);
    await expect(calculator(page).getByLabel("Sector")).toHaveValue("");
    await expect(calculator(page).getByLabel("Sector")).toBeFocused();
    await expect(calculator(page).getByLabel("Tasa de conversión (%)")).toHaveValue("");
    await expect(page.getByTestId("calc-resultados")).toHaveCount(0);
    await expect(page.getByRole("form", { name: "Completa tus datos" })).toHaveCount(0);
  });

  test("changing the sector hides the results; 'Empezar de nuevo' returns to the start", async ({ page }) => {
    await page.goto(SHARED_RESULTS);
    await closeCookieBanner(page);
    await expect(priceCard(page, "150")).toContainText("280,00 €");
    await waitForHydration(page);

    await calculator(page).getByLabel("Sector").selectOption({ label: "Tecnología" });
    await expect(page.getByTestId("calc-resultados")).toHaveCount(0);
    await expect(calculator(page).getByLabel("Tasa de conversión (%)")).toHaveValue("45");
    await expect(calculator(page).getByLabel("Beneficio por cliente (€)")).toHaveValue("600");
    await expect(page).toHaveURL(/\?sector=Tecnolog%C3%ADa$/);
    await page.getByRole("button", { name: "Calcular mi precio máximo por lead" }).click();
    await expect(priceCard(page, "150")).toContainText("108,00 €");
    await expect(priceCard(page, "300")).toContainText("67,50 €");

    await page.getByRole("link", { name: "Empezar de nuevo" }).click();
    await expect(page).toHaveURL(/\/calculadora$/);
    await expect(calculator(page).getByLabel("Sector")).toHaveValue("");
    await expect(page.getByTestId("calc-resultados")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Calcular mi precio máximo por lead" })).toBeDisabled();
  });

  test(
    "a sector named in the address (name or alias) is chosen and prefilled",
    { tag: "@any-width" },
    async ({ page }) => {
      await page.goto("/calculadora?sector=saas");
      await waitForHydration(page);
      await expect(calculator(page).getByLabel("Sector")).toHaveValue("Software B2B (SaaS)");
      await expect(calculator(page).getByLabel("Tasa de conversión (%)")).toHaveValue("40");
      await expect(calculator(page).getByLabel("Beneficio por cliente (€)")).toHaveValue("1500");
      await expect(page.getByTestId("calc-resultados")).toHaveCount(0);
    },
  );

  test("a failed send keeps every field and says 'Error al enviar'", { tag: "@any-width" }, async ({ page }) => {
    await page.goto(SHARED_RESULTS);
    await closeCookieBanner(page);
    await waitForHydration(page);
    const form = await fillLeadForm(page, "falla@acme.example");
    await page.route("**/calculadora?**", (route) =>
      route.request().method() === "POST" ? route.abort("failed") : route.continue(),
    );
    await form.getByRole("button", { name: "Solicitar mi análisis" }).click();
    await expect(page.getByTestId("toast")).toContainText("Error al enviar");
    await expect(page.getByTestId("toast")).toContainText("inténtalo de nuevo o contáctanos directamente");
    await expect(form.getByRole("button", { name: "Solicitar mi análisis" })).toBeEnabled();
    await expect(form.getByLabel("Email")).toHaveValue("falla@acme.example");
    await expect(form.getByLabel("Empresa")).toHaveValue("Acme Consultores SL");
  });

  test(
    "a lead sent while the calculation is invalid gets 'Error de cálculo' and is not sent",
    { tag: "@any-width" },
    async ({ page }) => {
      await page.goto(SHARED_RESULTS);
      await closeCookieBanner(page);
      await waitForHydration(page);
      await calculator(page).getByLabel("Beneficio por cliente (€)").fill("0");
      await expect(page.getByText("El beneficio por cliente debe ser mayor a 0")).toBeVisible();
      const form = await fillLeadForm(page, "calculo@acme.example");
      let posted = false;
      page.on("request", (request) => {
        if (request.method() === "POST") posted = true;
      });
      await form.getByRole("button", { name: "Solicitar mi análisis" }).click();
      await expect(page.getByTestId("toast")).toContainText("Error de cálculo");
      await expect(page.getByTestId("toast")).toContainText("realiza el cálculo nuevamente");
      expect(posted).toBe(false);
    },
  );

  test("a shared address hydrates without errors and without layout shift", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { __shifts: number[] }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
          if (!entry.hadRecentInput) shifts.push(entry.value);
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto(SHARED_RESULTS);
    await waitForHydration(page);
    await expect(priceCard(page, "150")).toContainText("280,00 €");
    // Every shift of the load and the hydration, read once the page has done all it does on its own (not after a
    // fixed second, which a slow host could end before a late shift).
    await settled(page);
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
    expect(shifts.reduce((total, value) => total + value, 0)).toBeLessThan(0.01);
    expect(errors).toEqual([]);
  });

  test("has no axe violations, with results, scenarios, messages and the lead form showing", async ({ page }) => {
    await page.goto(`${SHARED_RESULTS}`);
    await closeCookieBanner(page);
    await waitForHydration(page);
    await page.getByLabel("Presupuesto mensual (€)").fill("0");
    await expect(page.getByText("El presupuesto debe ser mayor a 0")).toBeVisible();
    await page
      .getByRole("form", { name: "Completa tus datos" })
      .getByRole("button", { name: "Solicitar mi análisis" })
      .click();
    await expect(page.getByText("El email es obligatorio")).toBeVisible();
    // WCAG 2.2 AA on the whole page (as the other pages' checks), every rule including best practices on the calculator's part.
    budgetMore(2 * AXE_RUN_MS);
    const wcag = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
      .analyze();
    const all = await new AxeBuilder({ page }).include("main").analyze();
    const list = (violations: typeof wcag.violations) =>
      violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
      );
    expect(list(wcag.violations)).toEqual([]);
    expect(list(all.violations)).toEqual([]);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test(
    "a shared address shows the prices and scenarios, and the lead form still sends",
    { tag: "@any-width" },
    async ({ page }) => {
      await page.goto(SHARED_RESULTS);
      await expect(calculator(page).getByLabel("Sector")).toHaveValue("Consultoría");
      await expect(priceCard(page, "150")).toContainText("280,00 €");
      await expect(priceCard(page, "300")).toContainText("175,00 €");
      await expectScenario(page, "150", ["3", "1", "2.000 €", "200 %"]);
      await expectScenario(page, "300", ["5", "1", "2.000 €", "200 %"]);

      const email = `sinjs-${Date.now()}@acme.example`;
      const form = page.getByRole("form", { name: "Completa tus datos" });
      await form.getByLabel("Email").fill("");
      await form.getByRole("button", { name: "Solicitar mi análisis" }).click();
      await expect(page.getByText("El email es obligatorio")).toBeVisible();
      await expect(page.getByTestId("toast")).toContainText("Error de validación");
      // The calculation survived the round trip.
      await expect(priceCard(page, "150")).toContainText("280,00 €");

      await fillLeadForm(page, email);
      await form.getByRole("button", { name: "Solicitar mi análisis" }).click();
      await expect(page.getByRole("heading", { name: "¡Gracias por tu solicitud!" })).toBeVisible();
      if (receiverUrl) {
        await expect.poll(() => deliveredTo("/automation-webhook", email), { timeout: 15_000 }).not.toBeNull();
        const payload = (await deliveredTo("/automation-webhook", email))!;
        expect(payload).toMatchObject({
          tipoFormulario: "Calculadora",
          ROI150: 280,
          ROI300: 175,
          presupuestoMensual: 1000,
        });
        expect((payload.browserInfo as Record<string, unknown>).userAgent).toEqual(expect.any(String));
      }
      await page.getByRole("link", { name: "Realizar otra consulta" }).click();
      await expect(page).toHaveURL(/\/calculadora$/);
      await expect(page.getByTestId("calc-resultados")).toHaveCount(0);
    },
  );

  test(
    "choosing a sector and pressing the buttons computes on the server, with the spec's messages",
    { tag: "@any-width" },
    async ({ page }) => {
      await page.goto("/calculadora");
      await calculator(page).getByLabel("Sector").selectOption({ label: "Consultoría" });
      await page.getByRole("button", { name: "Calcular mi precio máximo por lead" }).click();
      await expect(page).toHaveURL(/sector=Consultor%C3%ADa/);
      await expect(calculator(page).getByLabel("Tasa de conversión (%)")).toHaveValue("35");
      await expect(priceCard(page, "150")).toContainText("280,00 €");
      await expect(priceCard(page, "300")).toContainText("175,00 €");

      await page.getByRole("button", { name: "Ver mis resultados estimados" }).click();
      await expect(page.getByText("El presupuesto es obligatorio")).toBeVisible();
      await page.getByLabel("Presupuesto mensual (€)").fill("-50");
      await page.getByRole("button", { name: "Ver mis resultados estimados" }).click();
      await expect(page.getByText("El presupuesto debe ser mayor a 0")).toBeVisible();
      await page.getByLabel("Presupuesto mensual (€)").fill("1000");
      await page.getByRole("button", { name: "Ver mis resultados estimados" }).click();
      await expectScenario(page, "150", ["3", "1", "2.000 €", "200 %"]);
      await expectScenario(page, "300", ["5", "1", "2.000 €", "200 %"]);
    },
  );
});

test.describe("a sector launched by publishing its page", () => {
  // Its own server over a copy of the dataset, so the new page never leaks into the other specs.
  let server: Awaited<ReturnType<typeof startProductionServer>>;
  test.beforeAll(async () => {
    server = await startProductionServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test(
    "is a calculator choice with its figures, and its 'Calcular mis Leads' button prefills it",
    { tag: "@any-width" },
    async ({ page }) => {
      const file = path.join(server.dataDir, "production.ndjson");
      const documents = fs
        .readFileSync(file, "utf8")
        .split("\n")
        .filter((line) => line.trim())
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const template = documents.find((document) => document._type === "sectorPage")!;
      const launched = {
        ...template,
        _id: "sectorPage.reformas-integrales",
        slug: { _type: "slug", current: "reformas-integrales" },
        sectorName: "Reformas Integrales",
        stats: { conversionRate: 17, averageProfit: 7200, costPerLead: 95 },
      };
      fs.writeFileSync(`${file}.tmp`, [...documents, launched].map((document) => JSON.stringify(document)).join("\n"));
      fs.renameSync(`${file}.tmp`, file);

      // Live within 5 s, no restart.
      await expect
        .poll(async () => (await fetch(`${server.baseUrl}/sectores/reformas-integrales`)).status, { timeout: 5000 })
        .toBe(200);
      await page.goto(`${server.baseUrl}/sectores/reformas-integrales`);
      await closeCookieBanner(page);
      await page.getByRole("link", { name: "Calcular mis Leads", exact: true }).click();
      await expect(page).toHaveURL(/\/calculadora\?sector=Reformas\+Integrales$/);
      await expect(calculator(page).getByLabel("Sector")).toHaveValue("Reformas Integrales");
      await expect(calculator(page).getByLabel("Tasa de conversión (%)")).toHaveValue("17");
      await expect(calculator(page).getByLabel("Beneficio por cliente (€)")).toHaveValue("7200");
      await expect(page.getByText("Ese sector no está en la lista")).toHaveCount(0);
    },
  );
});
