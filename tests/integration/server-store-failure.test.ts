// The production server when its spool cannot be written: a lead posted without JavaScript gets the page
// back with 503, Retry-After, every typed value and the spec's Spanish failure message; a fetcher's post
// gets the same as JSON; /metrics counts it in leads_store_failures_total. The spool's `pending` folder is
// swapped for a file after start, so every write there fails the way a broken disk makes it fail.
import fs from "node:fs";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { VALID_CONTACT } from "../support/leads";
import { type ProductionServer, request, startServer } from "../support/production-server";

const TOKEN = "metrics-token-store-failure";
let server: ProductionServer;

beforeAll(async () => {
  server = await startServer({ METRICS_TOKEN: TOKEN, FORM_RATE_LIMIT: "100" });
  // The spool's folders exist once the server has started; `pending` (where every new lead is written
  // first) becomes a file.
  const pending = path.join(server.dataDir, "leads", "pending");
  await vi.waitFor(() => expect(fs.existsSync(pending)).toBe(true), { timeout: 10_000 });
  fs.rmSync(pending, { recursive: true, force: true });
  fs.writeFileSync(pending, "not a folder");
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

async function failures(): Promise<number> {
  const response = await request(`${server.baseUrl}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  const text = response.body.toString("utf8");
  return text
    .split("\n")
    .filter((line) => line.startsWith('leads_store_failures_total{form="contact"'))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(" ") + 1)), 0);
}

describe("a lead the server cannot store", () => {
  it("without JavaScript: 503, Retry-After, the form again with every value and 'Error al enviar'", async () => {
    const before = await failures();
    const fields = { ...VALID_CONTACT, nombre: "Inés Ibáñez", mensaje: "Quiero <más> clientes" };
    const response = await request(`${server.baseUrl}/contacto`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
      body: form(fields),
    });
    expect(response.status).toBe(503);
    expect(Number(response.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    const html = response.body.toString("utf8");
    expect(html).toContain("Error al enviar");
    expect(html).toContain("Ha ocurrido un error. Por favor, inténtalo de nuevo.");
    expect(html).toContain('value="Inés Ibáñez"');
    expect(html).toContain(`value="${VALID_CONTACT.email}"`);
    expect(html).toContain("Quiero &lt;más&gt; clientes");
    expect(await failures()).toBe(before + 1);
  });

  it("a fetcher's post: 503 JSON with the toast and the values", async () => {
    const response = await request(`${server.baseUrl}/contacto?_data=routes%2Fcontacto`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: form(VALID_CONTACT),
    });
    expect(response.status).toBe(503);
    expect(response.headers["retry-after"]).toMatch(/^\d+$/);
    expect(JSON.parse(response.body.toString("utf8"))).toMatchObject({
      ok: false,
      form: "contacto",
      toast: { title: "Error al enviar", description: "Ha ocurrido un error. Por favor, inténtalo de nuevo." },
      values: VALID_CONTACT,
    });
  });
});
