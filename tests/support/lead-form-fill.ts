/** Filling the site's lead forms in e2e tests, the way a visitor would (labels as the page shows them). */
import type { Locator, Page } from "@playwright/test";

import { seedDocument } from "./seed-content";

const serviceStart = seedDocument("serviceStartPage");

/** Every required field of the contact form of `/` and `/contacto`, plus the optional company. */
export async function fillContactForm(form: Locator, email: string, nombre = "Ana García") {
  await form.getByLabel("Nombre").fill(nombre);
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Teléfono").fill("+34 600 111 222");
  await form.getByLabel("Empresa").fill("Empresa SL");
  await form.getByLabel("Sector").fill("Construcción");
  await form.getByLabel("Mensaje").fill("Quiero más clientes");
  return form;
}

/** Every required field of /iniciar-servicio except the plan and the logo choice. */
export async function fillServiceStart(page: Page, email: string) {
  await page.getByLabel("Nombre completo").fill("Marta Ruiz");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Teléfono").fill("611 000 111");
  await page.getByLabel("Nombre de la empresa").fill("Reformas Ruiz");
  await page.getByLabel("Describe tu negocio").fill("Reformas integrales");
  await page.getByLabel("¿Quién es tu público objetivo?").fill("Particulares");
  await page.getByLabel("Servicios o productos que ofreces").fill("Cocinas y baños");
  await page.getByLabel("¿Qué quieres conseguir con tu web?").fill("Presupuestos");
  await page.getByLabel("Estilo preferido").selectOption(serviceStart.styleOptions[5]);
}
