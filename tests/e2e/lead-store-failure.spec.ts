// With JavaScript, a lead the server could not store (its answer: 503, Retry-After, the form's failure
// toast and the values, as tests/integration/server-store-failure.test.ts checks on the real server):
// the fetcher shows the Spanish message and every field stays as typed, ready to send again.
import { expect, test } from "@playwright/test";

import { fillContactForm } from "../support/lead-form-fill";
import { closeCookieBanner, waitForHydration } from "../support/page-checks";

test(
  "with JavaScript: a 503 from a store that cannot write shows 'Error al enviar' and keeps every field",
  { tag: "@any-width" },
  async ({ page }) => {
    await page.goto("/contacto");
    await closeCookieBanner(page);
    await waitForHydration(page);
    const email = `store-failure-${test.info().project.name}@empresa.es`;
    const form = await fillContactForm(page.locator("#formulario-contacto"), email);
    let answered = 0;
    await page.route(
      (url) => url.pathname === "/contacto" && url.searchParams.has("_data"),
      async (route) => {
        if (route.request().method() !== "POST") return route.continue();
        answered += 1;
        const values = Object.fromEntries(new URLSearchParams(route.request().postData() ?? ""));
        await route.fulfill({
          status: 503,
          headers: { "Content-Type": "application/json; charset=utf-8", "Retry-After": "120" },
          body: JSON.stringify({
            ok: false,
            form: "contacto",
            toast: {
              title: "Error al enviar",
              description: "Ha ocurrido un error. Por favor, inténtalo de nuevo.",
              variant: "destructive",
            },
            values,
          }),
        });
      },
    );
    await form.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Error al enviar" })).toContainText(
      "Ha ocurrido un error. Por favor, inténtalo de nuevo.",
    );
    expect(answered).toBe(1);
    await expect(form.getByLabel("Email")).toHaveValue(email);
    await expect(form.getByLabel("Nombre")).toHaveValue("Ana García");
    await expect(form.getByLabel("Mensaje")).toHaveValue("Quiero más clientes");
    await expect(form.getByRole("button", { name: "Enviar mensaje" })).toBeEnabled();
  },
);
