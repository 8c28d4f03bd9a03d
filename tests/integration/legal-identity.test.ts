// No visitor reads a template placeholder: every page of the production server, the legal identity
// left out where missing and written in once filled, /healthz listing what is missing, one warning.
import zlib from "node:zlib";

import { STATIC_PAGE_PATHS } from "~/lib/site-paths";

import { readDocuments, SEED_FILE, writeDocuments } from "../support/dataset";
import { type ProductionServer, request, startServer } from "../support/production-server";

/** '[RAZÓN SOCIAL]', '[NIF]', '[Completar si cambia.]'… */
const PLACEHOLDER = /\[[A-ZÁÉÍÓÚÑ][^\]<>"\n]{0,80}\]/;

let server: ProductionServer;
const datasetFile = () => `${server.dataDir}/production.ndjson`;

beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

async function html(path: string): Promise<string> {
  const response = await request(`${server.baseUrl}${path}`);
  expect(response.status, path).toBe(200);
  const encoding = response.headers["content-encoding"];
  if (encoding === "br") return zlib.brotliDecompressSync(response.body).toString("utf8");
  if (encoding === "gzip") return zlib.gunzipSync(response.body).toString("utf8");
  return response.body.toString("utf8");
}

describe("the company's legal identity", () => {
  it("never shows a bracketed placeholder on any page, forms' privacy notices included", async () => {
    const slugs = readDocuments(SEED_FILE)
      .filter((document) => document._type === "sectorPage")
      .map((document) => (document.slug as { current: string }).current);
    for (const path of [...STATIC_PAGE_PATHS, ...slugs.map((slug) => `/sectores/${slug}`)]) {
      expect((await html(path)).match(PLACEHOLDER)?.[0] ?? null, path).toBeNull();
    }
  }, 60_000);

  it("leaves what is missing out of /legal, /borrador and the form notice; /healthz lists it and the server warned once", async () => {
    const legal = await html("/legal");
    expect(legal).toContain("hola@leadsb2b.es");
    expect(legal).not.toContain("NIF:");
    expect(legal).not.toContain("Datos registrales:");
    const contract = await html("/borrador");
    expect(contract).toContain("Lleida");
    expect(contract).not.toContain("Razón social:");
    expect(await html("/contacto")).toContain("Responsable: LeadsB2B.");

    const health = await request(`${server.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body.toString("utf8")).legalIdentity).toEqual({
      complete: false,
      missing: ["companyName", "taxId", "address", "registryData", "phone", "dataProtectionContact"],
    });
    expect(server.output().match(/legal identity incomplete/g)).toHaveLength(1);
  }, 30_000);

  it("writes the identity into every legal text once an editor fills it in", async () => {
    const documents = readDocuments(datasetFile()).map((document) =>
      document._id === "siteSettings"
        ? {
            ...document,
            legalIdentity: {
              companyName: "Ejemplo Leads, S.L.",
              taxId: "B12345678",
              address: "Carrer Major 1, 25001 Lleida",
              registryData: "Registro Mercantil de Lleida, tomo 1, folio 2, hoja L-3",
              email: "legal@ejemplo.es",
              phone: "+34 973 000 000",
              dataProtectionContact: "privacidad@ejemplo.es",
              jurisdiction: "Lleida",
            },
          }
        : document,
    );
    writeDocuments(datasetFile(), documents);
    await expect
      .poll(async () => JSON.parse((await request(`${server.baseUrl}/healthz`)).body.toString("utf8")).legalIdentity, {
        timeout: 5000,
        interval: 250,
      })
      .toEqual({ complete: true, missing: [] });
    const legal = await html("/legal");
    for (const text of [
      "Ejemplo Leads, S.L.",
      "B12345678",
      "Carrer Major 1",
      "tomo 1, folio 2",
      "privacidad@ejemplo.es",
    ]) {
      expect(legal).toContain(text);
    }
    expect(await html("/borrador")).toContain("B12345678");
    expect(await html("/contacto")).toContain("Responsable: Ejemplo Leads, S.L. (LeadsB2B).");
  }, 30_000);
});
