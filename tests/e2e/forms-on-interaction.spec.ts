// The lead forms of `/`, `/contacto`, `/iniciar-servicio` and the campaign pages keep the server's HTML
// until the visitor reaches for them, and only then download their code
// (app/components/islands/on-interaction.tsx). What a visitor must never notice: what they typed meanwhile,
// where they were typing and a send made meanwhile all carry over to the live form; and when the code
// cannot come, the form still sends, as without JavaScript.
import { expect, type Page, type Route, test } from "@playwright/test";

import { fillContactForm, fillServiceStart } from "../support/lead-form-fill";
import { closeCookieBanner, waitForHydration } from "../support/page-checks";
import { seedDocument } from "../support/seed-content";

const receiverUrl = process.env.E2E_RECEIVER_URL ?? "";
const serviceStart = seedDocument("serviceStartPage");

function uniqueEmail(tag: string) {
  return `${tag}-${test.info().project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@empresa.es`;
}

async function deliveredPaths(email: string): Promise<string[]> {
  const response = await fetch(`${receiverUrl}/__received`);
  const all = (await response.json()) as Array<{ path: string; body: Record<string, unknown> | null }>;
  return all
    .filter((delivery) => delivery.body?.email === email)
    .map((delivery) => delivery.path)
    .sort();
}

/** Scripts the page downloads from now on whose code holds `text` (a string only a form's code has). */
function scriptsHolding(page: Page, text: string): string[] {
  const found: string[] = [];
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    const body = await response.text().catch(() => "");
    if (body.includes(text)) found.push(response.url());
  });
  return found;
}

/** Holds the chunk whose file name starts with `name` until `release` is called. */
async function holdChunk(page: Page, name: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: Route[] = [];
  await page.route(new RegExp(`/${name}-[\\w-]+\\.js$`), async (route) => {
    held.push(route);
    await released;
    await route.continue();
  });
  return { release, requested: () => held.length };
}

/** True once React renders the form (its element carries a fiber): the live form, not the server's HTML. */
function isLive(page: Page, selector: string) {
  return page.evaluate((css) => {
    const form = document.querySelector(css);
    return Boolean(form && Object.keys(form).some((key) => key.startsWith("__reactFiber")));
  }, selector);
}

const CONTACT_FORM = "#formulario-contacto form";

test(
  "the pages' startup carries no lead-form code: it comes when the visitor reaches for a form",
  { tag: "@any-width" },
  async ({ page }) => {
    // 'Enviando...' is the contact form's sending label, 'Procesando...' the service-start form's: only their
    // code holds them (the server's HTML shows neither).
    const contactCode = scriptsHolding(page, "Enviando...");
    const serviceStartCode = scriptsHolding(page, "Procesando...");
    for (const path of ["/", "/contacto", "/iniciar-servicio"]) {
      await page.goto(path);
      await closeCookieBanner(page);
      await waitForHydration(page);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForLoadState("networkidle");
      expect(contactCode, path).toEqual([]);
      expect(serviceStartCode, path).toEqual([]);
    }

    await page.goto("/contacto");
    await waitForHydration(page);
    await page.locator(CONTACT_FORM).getByLabel("Nombre").focus();
    await expect.poll(() => contactCode.length).toBeGreaterThan(0);
    await expect.poll(() => isLive(page, CONTACT_FORM)).toBe(true);
  },
);

test(
  "typed before the code arrived: every value, the focus and the caret carry over to the live form",
  { tag: "@any-width" },
  async ({ page }) => {
    const code = await holdChunk(page, "island-contact-form");
    await page.goto("/contacto");
    await closeCookieBanner(page);
    await waitForHydration(page);
    const form = page.locator(CONTACT_FORM);
    await form.getByLabel("Nombre").fill("Ana García");
    await form.getByLabel("Email").fill("ana@empresa.es");
    await form.getByLabel("Mensaje").fill("Quiero más clien");
    await expect.poll(code.requested).toBeGreaterThan(0);
    expect(await isLive(page, CONTACT_FORM)).toBe(false);

    code.release();
    await expect.poll(() => isLive(page, CONTACT_FORM)).toBe(true);
    await expect(form.getByLabel("Nombre")).toHaveValue("Ana García");
    await expect(form.getByLabel("Email")).toHaveValue("ana@empresa.es");
    await expect(form.getByLabel("Mensaje")).toBeFocused();
    // Typing goes on where it stopped.
    await page.keyboard.type("tes");
    await expect(form.getByLabel("Mensaje")).toHaveValue("Quiero más clientes");
    // The live form's in-place checks see the carried values: only the still-empty fields are refused.
    await form.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect(page.getByText("Campos requeridos")).toBeVisible();
    await expect(form.getByLabel("Teléfono")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Nombre")).not.toHaveAttribute("aria-invalid", "true");
  },
);

test(
  "a send made before the code arrived waits for it (no reload) and is made by the live form, checks included",
  { tag: "@any-width" },
  async ({ page }) => {
    await page.goto("/");
    await closeCookieBanner(page);
    await waitForHydration(page);
    const code = await holdChunk(page, "island-contact-form");
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    const form = page.locator(CONTACT_FORM);
    await form.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect.poll(code.requested).toBe(1);
    // Held: neither the browser's own bubble nor a post; the page stays.
    await expect(page.getByText("Campos requeridos")).toHaveCount(0);

    code.release();
    await expect(page.getByText("Campos requeridos")).toBeVisible();
    await expect(form.getByLabel("Nombre")).toBeFocused();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    // Filled in and sent again, it goes as every live send does, and is delivered.
    const email = uniqueEmail("held");
    await fillContactForm(form, email);
    await form.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect(page.getByTestId("contact-success")).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await expect.poll(() => deliveredPaths(email)).toEqual(["/automation-webhook", "/form-service"]);
  },
);

test(
  "when the form's code cannot be downloaded, a send goes as without JavaScript and the lead is delivered",
  { tag: "@any-width" },
  async ({ page }) => {
    await page.route(/\/island-contact-form-[\w-]+\.js$/, (route) => route.abort("internetdisconnected"));
    await page.goto("/contacto");
    await closeCookieBanner(page);
    await waitForHydration(page);
    const email = uniqueEmail("nocode");
    const form = page.locator(CONTACT_FORM);
    await fillContactForm(form, email);
    await form.getByRole("button", { name: "Enviar mensaje" }).click();
    // The server's answer to a plain post: the same success panel.
    await expect(page.getByTestId("contact-success")).toBeVisible();
    await expect.poll(() => deliveredPaths(email)).toEqual(["/automation-webhook", "/form-service"]);
  },
);

test(
  "the campaign page's lead form: typed and sent before its code arrived, delivered by the live form",
  { tag: "@any-width" },
  async ({ page }) => {
    const code = await holdChunk(page, "island-lead-form-block");
    await page.goto("/reformas-integrales");
    await closeCookieBanner(page);
    await waitForHydration(page);
    const email = uniqueEmail("campaign-held");
    const form = page.locator("#bloque-formulario form");
    await form.getByLabel("Nombre").fill("Ana García");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Teléfono").fill("+34 600 111 222");
    await expect.poll(code.requested).toBeGreaterThan(0);
    await form.getByRole("button").last().click();
    code.release();
    await expect(page.getByTestId("campaign-success")).toBeVisible();
    await expect.poll(() => deliveredPaths(email)).toEqual(["/automation-webhook", "/form-service"]);
  },
);

test(
  "the service-start form: a logo picked, a radio and a plan chosen before the code arrived carry over and are delivered",
  { tag: "@any-width" },
  async ({ page }) => {
    const code = await holdChunk(page, "island-service-start-form");
    await page.goto("/iniciar-servicio");
    await closeCookieBanner(page);
    await waitForHydration(page);
    const email = uniqueEmail("servicio-held");
    await fillServiceStart(page, email);
    await page.getByLabel("Sí, ya tengo logo").check();
    await page.getByLabel("Sube tu logo").setInputFiles({
      name: "logo-antes.png",
      mimeType: "image/png",
      buffer: Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    });
    await page.getByRole("radio", { name: "Presencia Activa", exact: true }).check();
    expect(await isLive(page, "main form")).toBe(false);

    code.release();
    await expect.poll(() => isLive(page, "main form")).toBe(true);
    await expect(page.getByLabel("Sí, ya tengo logo")).toBeChecked();
    await expect(page.getByRole("radio", { name: "Presencia Activa", exact: true })).toBeChecked();
    await expect(page.getByLabel("Nombre completo")).toHaveValue("Marta Ruiz");
    await page.getByRole("button", { name: serviceStart.submitLabel }).click();
    await expect(page.getByTestId("service-start-success")).toBeVisible();
    await expect
      .poll(async () => {
        const all = (await (await fetch(`${receiverUrl}/__received`)).json()) as Array<{
          body: Record<string, unknown> | null;
        }>;
        return all.find((delivery) => delivery.body?.email === email)?.body ?? null;
      })
      .toMatchObject({ tieneLogoPropio: "si", archivoLogo: "logo-antes.png", planSeleccionado: "Presencia Activa" });
  },
);
