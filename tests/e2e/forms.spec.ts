// Every lead form in real Chromium, with JavaScript on and off: the spec's states and messages on the
// page, and the deliveries the stand-in destinations (tests/support/receiver.mjs) receive.
import fs from "node:fs";
import path from "node:path";

import { type Browser, expect, type Page, test } from "@playwright/test";

import { fillContactForm, fillServiceStart } from "../support/lead-form-fill";
import { closeCookieBanner, rememberCookieChoice, waitForHydration } from "../support/page-checks";
import { resolveRefs, seedDocument } from "../support/seed-content";

const receiverUrl = process.env.E2E_RECEIVER_URL ?? "";
const landing = seedDocument("landingPage");
const plansPage = seedDocument("plansPage");
const serviceStart = seedDocument("serviceStartPage");
const settings = seedDocument("siteSettings");
const cplButtonLabel = resolveRefs(plansPage.plans, "plan")
  .find((plan) => plan.key === "cpl")!
  .buttons.find((button) => button.action === "cplDialog")!.label;

interface Received {
  path: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/** A unique address per test and project, so deliveries of other tests never match. */
function uniqueEmail(tag: string) {
  return `${tag}-${test.info().project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@empresa.es`;
}

async function receivedFor(email: string): Promise<Received[]> {
  const response = await fetch(`${receiverUrl}/__received`);
  const all = (await response.json()) as Received[];
  return all.filter((delivery) => delivery.body?.email === email).sort((a, b) => a.path.localeCompare(b.path));
}

async function expectDeliveries(email: string, paths: string[]): Promise<Received[]> {
  await expect
    .poll(async () => (await receivedFor(email)).map((delivery) => delivery.path), { timeout: 10_000 })
    .toEqual(paths);
  return receivedFor(email);
}

async function noScriptPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: test.info().project.use.baseURL });
  return context.newPage();
}

test.describe("landing contact form", () => {
  test(
    "with JavaScript: 'Enviando...', the success panel and toast, both deliveries with one key, then a clean reset",
    { tag: "@any-width" },
    async ({ page }) => {
      await page.goto("/");
      await closeCookieBanner(page);
      await waitForHydration(page);
      const email = uniqueEmail("landing");
      const form = await fillContactForm(page.locator("#formulario-contacto"), email);
      await expect(form.getByLabel("Email")).toHaveAttribute("type", "email");
      await expect(form.getByLabel("Teléfono")).toHaveAttribute("type", "tel");
      await expect(form.locator("label", { hasText: "Nombre" })).toContainText("*");
      await expect(form.locator("label", { hasText: "Empresa" })).not.toContainText("*");

      // Hold the post a moment to see the sending state.
      await page.route(
        (url) => url.pathname === "/" && url.searchParams.has("index"),
        async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 400));
          await route.continue();
        },
      );
      await form.getByRole("button", { name: "Enviar mensaje" }).click();
      await expect(form.getByRole("button", { name: "Enviando..." })).toBeDisabled();

      await expect(form.getByRole("heading", { name: landing.contactSection.successTitle })).toBeVisible();
      await expect(form).toContainText(landing.contactSection.successText);
      await expect(page.getByRole("status").filter({ hasText: "¡Mensaje enviado correctamente!" })).toContainText(
        "Nos pondremos en contacto contigo pronto.",
      );

      const deliveries = await expectDeliveries(email, ["/automation-webhook", "/form-service"]);
      expect(deliveries[0]!.headers["idempotency-key"]).toBeTruthy();
      expect(deliveries[0]!.headers["idempotency-key"]).toBe(deliveries[1]!.headers["idempotency-key"]);
      expect(deliveries[0]!.body).toMatchObject({
        tipoFormulario: "Contacto General",
        tipo: "Consulta General",
        nombre: "Ana García",
      });

      await form.getByRole("button", { name: landing.contactSection.resetLabel }).click();
      await expect(form.getByLabel("Nombre")).toHaveValue("");
      await expect(form.getByLabel("Email")).toHaveValue("");
    },
  );

  test(
    "with JavaScript: empty required fields show 'Campos requeridos' and nothing is sent",
    { tag: "@any-width" },
    async ({ page }) => {
      await page.goto("/");
      await closeCookieBanner(page);
      await waitForHydration(page);
      let posted = false;
      page.on("request", (request) => {
        if (request.method() === "POST") posted = true;
      });
      const form = page.locator("#formulario-contacto");
      await form.getByLabel("Empresa").fill("Solo empresa");
      await form.getByRole("button", { name: "Enviar mensaje" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Campos requeridos" })).toContainText(
        "Por favor, completa todos los campos obligatorios",
      );
      await expect(form.getByLabel("Nombre")).toHaveAttribute("aria-invalid", "true");
      await expect(form.getByLabel("Nombre")).toBeFocused();
      expect(posted).toBe(false);
    },
  );

  test(
    "with JavaScript: when the network fails, 'Error al enviar' and every field is kept",
    { tag: "@any-width" },
    async ({ page }) => {
      await page.goto("/contacto");
      await closeCookieBanner(page);
      await waitForHydration(page);
      const email = uniqueEmail("offline");
      const form = await fillContactForm(page.locator("#formulario-contacto"), email);
      await page.route(
        (url) => url.pathname === "/contacto" && url.searchParams.has("_data"),
        (route) => (route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue()),
      );
      await form.getByRole("button", { name: "Enviar mensaje" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Error al enviar" })).toContainText(
        "Ha ocurrido un error. Por favor, inténtalo de nuevo.",
      );
      await expect(form.getByLabel("Email")).toHaveValue(email);
      await expect(form.getByLabel("Mensaje")).toHaveValue("Quiero más clientes");
      await expect(form.getByRole("button", { name: "Enviar mensaje" })).toBeEnabled();
    },
  );

  test(
    "without JavaScript: a plain post comes back with the success panel and is delivered",
    { tag: "@any-width" },
    async ({ browser }) => {
      const page = await noScriptPage(browser);
      await page.goto("/");
      const email = uniqueEmail("nojs-landing");
      const form = await fillContactForm(page.locator("#formulario-contacto"), email);
      await form.getByRole("button", { name: "Enviar mensaje" }).click();
      await expect(page.getByRole("heading", { name: landing.contactSection.successTitle })).toBeVisible();
      await expect(page.locator("#formulario-contacto")).toContainText(landing.contactSection.successText);
      await expectDeliveries(email, ["/automation-webhook", "/form-service"]);
      await page.context().close();
    },
  );

  test(
    "without JavaScript: the server's messages come back with every value kept, hostile markup shown as text",
    { tag: "@any-width" },
    async ({ browser }) => {
      const page = await noScriptPage(browser);
      await page.goto("/contacto");
      const hostile = '<img src=x onerror="document.title=1">';
      const form = await fillContactForm(page.locator("#formulario-contacto"), uniqueEmail("nojs-invalid"), hostile);
      await form.getByLabel("Sector").fill("   ");
      await form.getByRole("button", { name: "Enviar mensaje" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Campos requeridos" })).toBeVisible();
      const again = page.locator("#formulario-contacto");
      await expect(again.getByLabel("Sector")).toHaveAttribute("aria-invalid", "true");
      await expect(again).toContainText("Este campo es obligatorio");
      await expect(again.getByLabel("Nombre")).toHaveValue(hostile);
      await expect(page.locator("main img[src=x]")).toHaveCount(0);
      await page.context().close();
    },
  );
});

test.describe("plan dialogs on /mensual", () => {
  /**
   * Holds the app's scripts back until the returned function is called, as on a slow phone. The frame script
   * (header, banner) is not the app: it comes as on any page, and the page's load waits for it.
   */
  async function holdAppScripts(page: Page): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/build/**", async (route) => {
      if (route.request().resourceType() === "script" && !/\/frame-[\w-]+\.js$/.test(route.request().url()))
        await released;
      await route.fallback();
    });
    return release;
  }

  async function fillDialogContact(scope: ReturnType<Page["locator"]>, email: string) {
    await scope.getByLabel("Nombre").fill("Luis Pérez");
    await scope.getByLabel("Email").fill(email);
    await scope.getByLabel("Teléfono").fill("600 222 333");
    await scope.getByLabel("Empresa").fill("Clínica Sonrisa");
    await scope.getByLabel("Sector").selectOption(plansPage.sectorOptions[3]);
  }

  test(
    "with JavaScript: the monthly-plan dialog sends to the webhook, promises 2 hours, and empties on close",
    { tag: "@any-width" },
    async ({ page }) => {
      await page.goto("/mensual");
      await closeCookieBanner(page);
      await waitForHydration(page);
      // With JavaScript the form is a dialog: its in-page section is not shown.
      await expect(page.locator("section#solicitar-informacion")).toBeHidden();
      const trigger = page.locator("#empezar").getByRole("link", { name: plansPage.finalCta.ctaLabel });
      await trigger.click();
      const dialog = page.getByRole("dialog", { name: plansPage.monthlyDialog.title });
      await expect(dialog).toBeVisible();
      const email = uniqueEmail("mensual");
      await fillDialogContact(dialog, email);
      await dialog.getByLabel("Describe tu negocio").fill("Clínica dental");
      await dialog.getByRole("button", { name: plansPage.monthlyDialog.submitLabel }).click();
      await expect(dialog).toContainText(plansPage.monthlyDialog.successTitle);
      await expect(dialog).toContainText(plansPage.monthlyDialog.successText);

      const [delivery] = await expectDeliveries(email, ["/automation-webhook"]);
      expect(delivery!.body).toMatchObject({
        tipo: "Contacto Plan Mensual",
        nombre: "Luis Pérez",
        sector: plansPage.sectorOptions[3],
      });
      expect(delivery!.body.fecha).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(trigger).toBeFocused();
      await trigger.click();
      await expect(dialog.getByLabel("Email")).toHaveValue("");
    },
  );

  test(
    "with JavaScript: the CPL dialog sends planSeleccionado 'Coste por Lead (CPL)' and promises 24-48 h",
    { tag: "@any-width" },
    async ({ page }) => {
      await page.goto("/mensual");
      await closeCookieBanner(page);
      await waitForHydration(page);
      await page.getByRole("link", { name: cplButtonLabel }).first().click();
      const dialog = page.getByRole("dialog", { name: plansPage.cplDialog.title });
      const email = uniqueEmail("cpl");
      await fillDialogContact(dialog, email);
      await dialog.getByLabel("Describe tu negocio").fill("Clínica dental");
      await dialog.getByLabel("Inversión mensual en publicidad").selectOption(plansPage.budgetOptions[1]);
      await dialog.getByLabel("Describe a tu cliente potencial").fill("Familias de Lleida");
      await dialog.getByRole("button", { name: plansPage.cplDialog.submitLabel }).click();
      await expect(dialog).toContainText(plansPage.cplDialog.successText);
      const [delivery] = await expectDeliveries(email, ["/automation-webhook"]);
      expect(delivery!.body).toMatchObject({
        tipo: "Contacto Plan CPL",
        planSeleccionado: "Coste por Lead (CPL)",
        presupuestoMensual: plansPage.budgetOptions[1],
        descripcionClientePotencial: "Familias de Lleida",
      });
    },
  );

  test(
    "a form started in the page before it was interactive becomes its dialog with what was typed, and sends",
    { tag: "@any-width" },
    async ({ page, baseURL }) => {
      await rememberCookieChoice(page.context(), baseURL);
      // The app's scripts are held back while the visitor taps the link and types, as on a slow phone.
      const release = await holdAppScripts(page);
      await page.goto("/mensual");
      // The link's open waits for the dialog's code (HELD_OPEN_TIMEOUT_MS, app/components/islands/island-markup.ts),
      // then goes to the form's section as without JavaScript.
      await page.locator('a[href="#solicitar-informacion"]').first().click();
      const section = page.locator("section#solicitar-informacion");
      const email = uniqueEmail("empezado-mensual");
      await section.getByLabel("Nombre").fill("Luis Pérez");
      await section.getByLabel("Email").fill(email);
      await section.getByLabel("Sector").selectOption(plansPage.sectorOptions[3]);
      await section.getByLabel("Teléfono").fill("600 222");

      release();
      await waitForHydration(page);
      // The dialog takes over: every value, and typing goes on in the field where it stopped.
      const dialog = page.getByRole("dialog", { name: plansPage.monthlyDialog.title });
      await expect(dialog).toBeVisible();
      await expect(page.locator("section#solicitar-informacion")).toHaveCount(0);
      await expect(dialog.getByLabel("Nombre")).toHaveValue("Luis Pérez");
      await expect(dialog.getByLabel("Email")).toHaveValue(email);
      await expect(dialog.getByLabel("Sector")).toHaveValue(plansPage.sectorOptions[3]!);
      await expect(dialog.getByLabel("Teléfono")).toBeFocused();
      await page.keyboard.type(" 333");
      await expect(dialog.getByLabel("Teléfono")).toHaveValue("600 222 333");
      await dialog.getByLabel("Empresa").fill("Clínica Sonrisa");
      await dialog.getByRole("button", { name: plansPage.monthlyDialog.submitLabel }).click();
      await expect(dialog).toContainText(plansPage.monthlyDialog.successTitle);
      const [delivery] = await expectDeliveries(email, ["/automation-webhook"]);
      expect(delivery!.body).toMatchObject({
        nombre: "Luis Pérez",
        telefono: "600 222 333",
        tipo: "Contacto Plan Mensual",
      });
    },
  );

  test(
    "a form sent before the page was interactive comes back as the page's answer, and its dialog opens to show it",
    { tag: "@any-width" },
    async ({ page, baseURL }) => {
      // The cookie banner was answered on an earlier visit: it would cover the section's button.
      await rememberCookieChoice(page.context(), baseURL);
      // The app's scripts are held back until the answer has arrived, as on a slow phone. Arrived at the form's
      // address (a link from elsewhere), the visitor finds its section while the dialog's code is coming.
      const release = await holdAppScripts(page);
      await page.goto("/mensual#solicitar-informacion");
      const section = page.locator("section#solicitar-informacion");
      const email = uniqueEmail("antes-mensual");
      await fillDialogContact(section, email);
      // Which of the two steps fails, should one: the press sending the form, or the server's answer arriving.
      const sent = page.waitForRequest(
        (request) => request.method() === "POST" && new URL(request.url()).pathname === "/mensual",
      );
      await section.getByRole("button", { name: plansPage.monthlyDialog.submitLabel }).click();
      expect((await sent).postData() ?? "", "the press sent the form").toContain(encodeURIComponent(email));
      await expect(page.locator("section#solicitar-informacion")).toContainText(plansPage.monthlyDialog.successTitle);
      await expectDeliveries(email, ["/automation-webhook"]);

      release();
      await waitForHydration(page);
      const dialog = page.getByRole("dialog", { name: plansPage.monthlyDialog.title });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(plansPage.monthlyDialog.successText);
      await expect(page.locator("section#solicitar-informacion")).toHaveCount(0);
    },
  );

  test(
    "without JavaScript: each dialog is an in-page section whose form posts and comes back with its success",
    { tag: "@any-width" },
    async ({ browser }) => {
      const page = await noScriptPage(browser);
      await page.goto("/mensual");
      const section = page.locator("section#solicitar-analisis");
      await expect(section.getByRole("heading", { name: plansPage.cplDialog.title })).toBeVisible();
      const email = uniqueEmail("nojs-cpl");
      await fillDialogContact(section, email);
      await section.getByLabel("Describe tu negocio").fill("Clínica dental");
      await section.getByLabel("Inversión mensual en publicidad").selectOption(plansPage.budgetOptions[0]);
      await section.getByLabel("Describe a tu cliente potencial").fill("Familias");
      await section.getByRole("button", { name: plansPage.cplDialog.submitLabel }).click();
      await expect(page.locator("section#solicitar-analisis")).toContainText(plansPage.cplDialog.successText);
      await expect(page.locator("section#solicitar-informacion form")).toBeVisible();
      await expectDeliveries(email, ["/automation-webhook"]);

      const monthly = page.locator("section#solicitar-informacion");
      const monthlyEmail = uniqueEmail("nojs-mensual");
      await fillDialogContact(monthly, monthlyEmail);
      await monthly.getByRole("button", { name: plansPage.monthlyDialog.submitLabel }).click();
      await expect(page.locator("section#solicitar-informacion")).toContainText(plansPage.monthlyDialog.successText);
      const [delivery] = await expectDeliveries(monthlyEmail, ["/automation-webhook"]);
      expect(delivery!.body.tipo).toBe("Contacto Plan Mensual");
      await page.context().close();
    },
  );
});

test.describe("service start /iniciar-servicio", () => {
  const logo = {
    name: "logo-reformas.png",
    mimeType: "image/png",
    buffer: Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
  };

  test("shows five cards, the 8 styles and the logo choice; without a plan: 'Plan requerido' and nothing sent", async ({
    page,
  }) => {
    await page.goto("/iniciar-servicio");
    await closeCookieBanner(page);
    await waitForHydration(page);
    await expect(page).toHaveTitle(serviceStart.seo.title);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(serviceStart.heading);
    for (const legend of Object.values(serviceStart.cards) as string[])
      await expect(page.getByRole("group", { name: legend })).toBeVisible();
    await expect(page.getByLabel("Estilo preferido").locator("option")).toHaveText([
      "Selecciona un estilo",
      ...serviceStart.styleOptions,
    ]);

    await expect(page.getByLabel("Sube tu logo")).toBeHidden();
    await page.getByLabel("Sí, ya tengo logo").check();
    await expect(page.getByLabel("Sube tu logo")).toBeVisible();
    await expect(page.getByLabel("Sube tu logo")).toHaveAttribute("accept", "image/*");
    await expect(page.getByTestId("logo-offer")).toBeHidden();
    await page.getByLabel("No, quiero que me lo diseñéis").check();
    await expect(page.getByLabel("Sube tu logo")).toBeHidden();
    await expect(page.getByLabel("Describe cómo te gustaría tu logo")).toBeVisible();
    await expect(page.getByTestId("logo-offer")).toContainText(serviceStart.logoOffer.text);

    await fillServiceStart(page, uniqueEmail("noplan"));
    let posted = false;
    page.on("request", (request) => {
      if (request.method() === "POST") posted = true;
    });
    const submit = page.getByRole("button", { name: serviceStart.submitLabel });
    await expect(submit).toHaveAttribute("aria-disabled", "true");
    // The button only looks disabled: pressing it (here: Enter in a field) explains why nothing is sent.
    await page.getByLabel("Email").press("Enter");
    await expect(page.getByRole("alert").filter({ hasText: "Plan requerido" })).toContainText(
      "Por favor selecciona un plan antes de continuar.",
    );
    expect(posted).toBe(false);
  });

  test(
    "plan cards are a radio group: arrow keys move the choice and wrap around",
    { tag: "@any-width" },
    async ({ page }) => {
      await page.goto("/iniciar-servicio");
      await closeCookieBanner(page);
      const radios = page.getByRole("radio", { name: /^(Presencia Activa|Captación Pro)$/ });
      await expect(radios).toHaveCount(2);
      await radios.first().check();
      await radios.first().focus();
      await expect(radios.first()).toBeChecked();
      await page.keyboard.press("ArrowRight");
      await expect(radios.nth(1)).toBeChecked();
      await expect(radios.nth(1)).toBeFocused();
      await page.keyboard.press("ArrowDown");
      await expect(radios.first()).toBeChecked();
      await page.keyboard.press("ArrowUp");
      await expect(radios.nth(1)).toBeChecked();
    },
  );

  test(
    "with JavaScript: 'Procesando...', success, the plan's payment page in a new tab 1.5 s later and an 'Ir al pago' link",
    { tag: "@any-width" },
    async ({ page, context }) => {
      await context.route("https://pagos.example.com/**", (route) =>
        route.fulfill({ contentType: "text/html", body: "<title>Pago</title>" }),
      );
      await page.goto("/iniciar-servicio");
      await closeCookieBanner(page);
      await waitForHydration(page);
      const email = uniqueEmail("servicio");
      await fillServiceStart(page, email);
      await page.getByLabel("Sí, ya tengo logo").check();
      await page.getByLabel("Sube tu logo").setInputFiles(logo);
      await page.getByRole("radio", { name: "Captación Pro", exact: true }).check();
      await page.route(
        (url) => url.pathname === "/iniciar-servicio" && url.searchParams.has("_data"),
        async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 400));
          await route.continue();
        },
      );
      // Waits for the tab however long the host takes (the test's own timeout); when it opens is checked below.
      const popup = context.waitForEvent("page");
      const clickedAt = Date.now();
      await page.getByRole("button", { name: serviceStart.submitLabel }).click();
      await expect(page.getByRole("button", { name: serviceStart.sendingLabel })).toBeDisabled();

      await expect(page.getByTestId("service-start-success")).toContainText(serviceStart.successTitle);
      await expect(
        page.getByRole("status").filter({ hasText: "¡Solicitud enviada correctamente!" }).first(),
      ).toBeVisible();
      const link = page.getByRole("link", { name: serviceStart.paymentLinkLabel });
      await expect(link).toHaveAttribute("href", settings.paymentLinks.captacionPro);
      await expect(link).toHaveAttribute("target", "_blank");
      const tab = await popup;
      expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(1500);
      await expect.poll(() => tab.url()).toBe(settings.paymentLinks.captacionPro);

      const [delivery] = await expectDeliveries(email, ["/automation-webhook"]);
      expect(delivery!.body).toMatchObject({
        tipo: "Iniciar Servicio Web",
        planSeleccionado: "Captación Pro",
        tieneLogoPropio: "si",
        archivoLogo: "logo-reformas.png",
        estiloPreferido: serviceStart.styleOptions[5],
      });
      expect(Number.isNaN(Date.parse(String(delivery!.body.fecha)))).toBe(false);
    },
  );

  /** A visitor without JavaScript who filled the form, chose 'Sí, ya tengo logo' and picked `file`. */
  async function noScriptWithLogo(browser: Browser, tag: string, file: Parameters<Page["setInputFiles"]>[1]) {
    const page = await noScriptPage(browser);
    await page.goto("/iniciar-servicio");
    const email = uniqueEmail(tag);
    await fillServiceStart(page, email);
    await page.getByLabel("Sí, ya tengo logo").check();
    await page.getByLabel("Sube tu logo").setInputFiles(file);
    return { page, email };
  }

  test(
    "without JavaScript: a multipart post keeps only the logo's name and shows the 'Ir al pago' link",
    { tag: "@any-width" },
    async ({ browser }) => {
      const { page, email } = await noScriptWithLogo(browser, "nojs-servicio", logo);
      await page.getByRole("radio", { name: "Presencia Activa", exact: true }).check();
      await page.getByRole("button", { name: serviceStart.submitLabel }).click();
      await expect(page.getByTestId("service-start-success")).toContainText(serviceStart.successText);
      await expect(page.getByRole("link", { name: serviceStart.paymentLinkLabel })).toHaveAttribute(
        "href",
        settings.paymentLinks.presenciaActiva,
      );
      const [delivery] = await expectDeliveries(email, ["/automation-webhook"]);
      expect(delivery!.body).toMatchObject({ planSeleccionado: "Presencia Activa", archivoLogo: "logo-reformas.png" });
      await page.context().close();
    },
  );

  test(
    "without JavaScript: a logo over 1 MB brings the form back with 'Envío demasiado grande' and every value kept",
    { tag: "@any-width" },
    async ({ browser }) => {
      const { page, email } = await noScriptWithLogo(browser, "nojs-logo-grande", {
        name: "logo-grande.jpg",
        mimeType: "image/jpeg",
        buffer: Buffer.alloc(4 * 1024 * 1024, 7),
      });
      await page.getByRole("radio", { name: "Captación Pro", exact: true }).check();
      await page.getByRole("button", { name: serviceStart.submitLabel }).click();
      await expect(page.getByText("Envío demasiado grande")).toBeVisible();
      await expect(page.getByLabel("Email")).toHaveValue(email);
      await expect(page.getByLabel("Describe tu negocio")).toHaveValue("Reformas integrales");
      await expect(page.getByRole("radio", { name: "Captación Pro", exact: true })).toBeChecked();
      expect(await receivedFor(email)).toEqual([]);

      // A smaller file, and the same request goes through.
      await page.getByLabel("Sí, ya tengo logo").check();
      await page.getByLabel("Sube tu logo").setInputFiles(logo);
      await page.getByRole("button", { name: serviceStart.submitLabel }).click();
      await expect(page.getByTestId("service-start-success")).toContainText(serviceStart.successText);
      const [delivery] = await expectDeliveries(email, ["/automation-webhook"]);
      expect(delivery!.body).toMatchObject({ planSeleccionado: "Captación Pro", archivoLogo: "logo-reformas.png" });
      await page.context().close();
    },
  );

  test(
    "without JavaScript and without a plan: the page comes back with 'Plan requerido' and the values kept",
    { tag: "@any-width" },
    async ({ browser }) => {
      const page = await noScriptPage(browser);
      await page.goto("/iniciar-servicio");
      const email = uniqueEmail("nojs-noplan");
      await fillServiceStart(page, email);
      await page.getByRole("button", { name: serviceStart.submitLabel }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Plan requerido" })).toBeVisible();
      await expect(page.getByLabel("Email")).toHaveValue(email);
      await expect(page.getByLabel("Estilo preferido")).toHaveValue(serviceStart.styleOptions[5]);
      expect(await receivedFor(email)).toEqual([]);
      await page.context().close();
    },
  );
});

test("the client bundle holds no destination setting and no lead-delivery code", { tag: "@any-width" }, () => {
  const files: string[] = [];
  const walk = (directory: string) => {
    for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
      const file = path.join(directory, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith(".js")) files.push(file);
    }
  };
  walk(path.resolve("public", "build"));
  expect(files.length).toBeGreaterThan(0);
  const bundle = files.map((file) => fs.readFileSync(file, "utf8")).join("\n");
  for (const secret of [
    "FORM_SERVICE_URL",
    "AUTOMATION_WEBHOOK_URL",
    "DELIVERY_RETRY_BASE_MS",
    "Idempotency-Key",
    "lead delivery started",
    "leads-b2b.lead-delivery",
    receiverUrl,
  ].filter(Boolean)) {
    expect(bundle, secret).not.toContain(secret);
  }
});
