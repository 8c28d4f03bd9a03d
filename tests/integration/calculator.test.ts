// /calculadora on the server: the loader computes the results for any address (shareable, no
// JavaScript needed), bad addresses get Spanish messages instead of errors, and the action stores the
// 'Completa tus datos' lead and delivers the spec's calculator payload.
import { contentSource, getSectorPage, getSectorSlugs } from "~/content/index.server";
import { resetContentSource } from "~/content/source.server";
import { PRIVATE_NO_STORE, PUBLIC_PAGE_CACHE_CONTROL } from "~/lib/http-cache";
import { action, headers as routeHeaders, loader } from "~/routes/calculadora";
import { loader as sectorLoader } from "~/routes/sectores.$slug";

import { newSectorPage, readDocuments, SEED_FILE, useDatasetCopy, writeDocuments } from "../support/dataset";
import { type Delivery, post, useLeadDestinations } from "../support/leads";
import { callLoader } from "../support/routes";

type LoaderData = Awaited<ReturnType<typeof loader>>;

async function load(query = ""): Promise<LoaderData> {
  const result = await callLoader(loader, `/calculadora${query}`);
  if (result instanceof Response) throw new Error(`loader answered ${result.status}`);
  return result as LoaderData;
}

describe("loader", () => {
  it("offers one dropdown entry per calculator sector record of the content, with its figures", async () => {
    const { sectors, state } = await load();
    const names = sectors.map((sector) => sector.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBeGreaterThanOrEqual(30);
    expect(sectors).toContainEqual({ name: "Consultoría", conversionRate: 35, averageProfit: 2000 });
    expect(sectors).toContainEqual({ name: "Otros", conversionRate: 25, averageProfit: 1000 });
    expect(sectors.every((sector) => !("aliases" in sector))).toBe(true);
    expect(state).toMatchObject({ sector: "", prices: null, scenarios: null, errors: {} });
  });

  it("serves the page content the calculator shows: intro cards, how we work, guarantee, lead form", async () => {
    const { page } = await load();
    expect(page.introCards?.length).toBeGreaterThan(0);
    expect(page.howWeWork?.steps).toHaveLength(3);
    expect(page.guarantee?.text).toBeTruthy();
    expect(page.leadForm).toMatchObject({ heading: "Completa tus datos", resetLabel: "Realizar otra consulta" });
  });

  it("computes both maximum prices and both scenarios for a shared address", async () => {
    const { state } = await load("?sector=Consultor%C3%ADa&conversion=35&beneficio=2000&presupuesto=1000");
    expect(state.sector).toBe("Consultoría");
    expect(state.prices).toEqual({ maxCostFor150ROI: 280, maxCostFor300ROI: 175 });
    expect(state.scenarios?.roi150).toMatchObject({
      leadsEstimados: 3,
      clientesEstimados: 1,
      beneficioEstimado: 2000,
      roiEstimado: 200,
    });
    expect(state.scenarios?.roi300).toMatchObject({
      leadsEstimados: 5,
      clientesEstimados: 1,
      beneficioEstimado: 2000,
      roiEstimado: 200,
    });
  });

  it("chooses a sector by one of its other spellings and prefills its figures, without results yet", async () => {
    const { state } = await load("?sector=software%20b2b");
    expect(state.sector).toBe("Software B2B (SaaS)");
    expect(state.values).toMatchObject({ conversion: "40", profit: "1500" });
    expect(state.prices).toBeNull();
  });

  it("fills the sector's figures into the empty fields a form without JavaScript sends", async () => {
    const { state } = await load("?sector=Tecnolog%C3%ADa&conversion=&beneficio=");
    expect(state.values).toMatchObject({ conversion: "45", profit: "600" });
    expect(state.prices).toEqual({ maxCostFor150ROI: 108, maxCostFor300ROI: 67.5 });
  });

  it("reads figures typed the Spanish way", async () => {
    const { state } = await load(
      "?sector=Inmobiliaria&conversion=12&beneficio=4.500&presupuesto=2.160%2C00%20%E2%82%AC",
    );
    expect(state.prices).toEqual({ maxCostFor150ROI: 216, maxCostFor300ROI: 135 });
    expect(state.budget).toBe(2160);
    expect(state.scenarios?.roi150.leadsEstimados).toBe(10);
  });

  it.each([
    [
      "?sector=Consultor%C3%ADa&conversion=abc&beneficio=-5",
      { conversion: "La tasa de conversión debe ser un número", profit: "El beneficio por cliente debe ser mayor a 0" },
    ],
    [
      "?sector=Consultor%C3%ADa&conversion=150&beneficio=2000",
      { conversion: "La tasa de conversión no puede superar el 100 %" },
    ],
    [
      "?sector=Consultor%C3%ADa&conversion=35&beneficio=2000&presupuesto=0",
      { budget: "El presupuesto debe ser mayor a 0" },
    ],
    [
      "?sector=Consultor%C3%ADa&conversion=35&beneficio=2000&presupuesto=&ver=resultados",
      { budget: "El presupuesto es obligatorio" },
    ],
    [
      "?sector=Consultor%C3%ADa&conversion=35&beneficio=2000&presupuesto=1e999",
      { budget: "El presupuesto debe ser un número" },
    ],
    [
      "?sector=Consultor%C3%ADa&conversion=35&beneficio=2000&presupuesto=99999999999999999999",
      { budget: "El presupuesto no puede superar 100.000.000 €" },
    ],
    [
      "?sector=Pesca&conversion=35&beneficio=2000",
      { sector: "Ese sector no está en la lista. Elige uno de la lista." },
    ],
    ["?conversion=35&beneficio=2000", { sector: "Selecciona un sector" }],
  ])("answers %s with Spanish messages, not an error", async (query, errors) => {
    const { state } = await load(query);
    expect(state.errors).toEqual(errors);
    expect(state.scenarios).toBeNull();
    expect(JSON.stringify(state)).not.toMatch(/NaN|Infinity/);
  });

  it("survives hostile addresses", async () => {
    const { state } = await load(
      `?sector=${"%F0%9F%92%A5".repeat(500)}&conversion=${"9".repeat(5000)}&beneficio=%00%00&presupuesto=<script>&sector=Otros`,
    );
    expect(state.prices).toBeNull();
    expect(state.values.conversion.length).toBeLessThanOrEqual(100);
  });
});

describe("cache policy", () => {
  it("lets results pages be cached publicly but never the answer to a lead post", () => {
    const empty = new Headers();
    const args = { loaderHeaders: empty, parentHeaders: empty, errorHeaders: undefined };
    expect(
      new Headers(routeHeaders({ ...args, actionHeaders: empty } as never) as HeadersInit).get("Cache-Control"),
    ).toBe(PUBLIC_PAGE_CACHE_CONTROL);
    const posted = new Headers({ "Cache-Control": PRIVATE_NO_STORE });
    expect(
      new Headers(routeHeaders({ ...args, actionHeaders: posted } as never) as HeadersInit).get("Cache-Control"),
    ).toBe(PRIVATE_NO_STORE);
  });
});

describe("action: 'Completa tus datos'", () => {
  const { destinations } = useLeadDestinations();

  const lead = {
    email: "marta@consultora.es",
    sector: "Consultoría de procesos",
    empresa: "Consultora Norte SL",
    telefono: "+34 (600) 123-456",
    web: "https://consultoranorte.es",
    mensaje: "Vendemos consultoría de procesos a pymes industriales",
    sectorCalculadora: "Consultoría",
    porcentajeConversion: "35",
    beneficioPorCliente: "2000",
    presupuestoMensual: "1000",
    planSeleccionado: "incluido",
    browserInfo: "",
    website: "",
  };

  async function deliveries(count: number): Promise<Delivery[]> {
    await vi.waitFor(() => expect(destinations.deliveries).toHaveLength(count), { timeout: 20_000, interval: 10 });
    return destinations.deliveries;
  }

  it("stores the lead and delivers the calculator payload to both destinations; without JavaScript the request's browser data fills browserInfo", async () => {
    const { status, data, headers } = await post(action, lead, {
      path: "/calculadora?sector=Consultor%C3%ADa&conversion=35&beneficio=2000&presupuesto=1000",
      headers: { "user-agent": "Mozilla/5.0 (Prueba)", "accept-language": "es-ES,es;q=0.9,en;q=0.5" },
    });
    expect(status).toBe(200);
    expect(data).toMatchObject({ ok: true, form: "calculadora", id: expect.any(String) });
    expect(headers.get("Cache-Control")).toBe(PRIVATE_NO_STORE);

    const delivered = await deliveries(2);
    expect(delivered.map((delivery) => delivery.destination).sort()).toEqual(["automationWebhook", "formService"]);
    for (const { body } of delivered) {
      expect(body).toMatchObject({
        tipoFormulario: "Calculadora",
        sectorCalculadora: "Consultoría",
        sector: "Consultoría de procesos",
        empresa: "Consultora Norte SL",
        telefono: "+34 (600) 123-456",
        email: "marta@consultora.es",
        web: "https://consultoranorte.es",
        productoVendido: "Vendemos consultoría de procesos a pymes industriales",
        porcentajeConversion: 35,
        beneficioPorCliente: 2000,
        ROI150: 280,
        ROI300: 175,
        presupuestoMensual: 1000,
        planSeleccionado: "incluido",
        fechaEnvio: expect.stringMatching(/^\d{1,2} de [a-z]+ de \d{4}/),
      });
      expect(body.browserInfo).toMatchObject({ userAgent: "Mozilla/5.0 (Prueba)", language: "es-ES" });
    }
  });

  it("keeps the browserInfo the browser collected", async () => {
    const browserInfo = {
      userAgent: "Chrome de prueba",
      language: "es-ES",
      platform: "Linux x86_64",
      cookiesEnabled: true,
      online: true,
      screenResolution: "1920x1080",
      windowSize: "1280x800",
      timezone: "Europe/Madrid",
      timestamp: "2024-07-15T07:05:00.000Z",
    };
    const { status } = await post(
      action,
      { ...lead, browserInfo: JSON.stringify(browserInfo) },
      { path: "/calculadora" },
    );
    expect(status).toBe(200);
    const [first] = await deliveries(2);
    expect(first.body.browserInfo).toEqual(browserInfo);
  });

  it("answers every invalid field with the spec's message and 'Error de validación', keeping the values and sending nothing", async () => {
    const { status, data } = await post(
      action,
      { ...lead, email: "marta@", sector: "", empresa: " ", telefono: "llámame", web: "consultoranorte.es" },
      { path: "/calculadora" },
    );
    expect(status).toBe(400);
    expect(data.fieldErrors).toEqual({
      email: "Formato de email inválido",
      sector: "El sector es obligatorio",
      empresa: "El nombre de la empresa es obligatorio",
      telefono: "Formato de teléfono inválido",
      web: "La URL debe comenzar con http:// o https://",
    });
    expect(data.toast).toMatchObject({ title: "Error de validación" });
    expect(data.values).toMatchObject({ email: "marta@", telefono: "llámame" });
    expect(destinations.attempts).toHaveLength(0);
  });

  it("refuses a lead without a valid calculation with 'Error de cálculo'", async () => {
    const { status, data } = await post(
      action,
      { ...lead, porcentajeConversion: "", beneficioPorCliente: "0" },
      { path: "/calculadora" },
    );
    expect(status).toBe(400);
    expect(data.toast).toMatchObject({
      title: "Error de cálculo",
      description: "Los datos de la calculadora no son válidos. Por favor, realiza el cálculo nuevamente.",
    });
  });
});

describe("links from the sector pages", () => {
  it("every sector page's name and slug preselect a calculator sector", async () => {
    const slugs = await getSectorSlugs();
    expect(slugs.length).toBeGreaterThanOrEqual(32);
    for (const { slug } of slugs) {
      const page = await getSectorPage(slug as string);
      for (const value of [page.sectorName, slug]) {
        const { state } = await load(`?${new URLSearchParams({ sector: value as string })}`);
        expect(state.sector, `?sector=${value}`).not.toBe("");
        expect(state.errors).toEqual({});
      }
    }
  });
});

describe("one document per sector", () => {
  let datasetFile: string;
  beforeEach(() => {
    datasetFile = useDatasetCopy();
  });
  afterAll(() => {
    process.env.CONTENT_DATASET_FILE = SEED_FILE;
    resetContentSource();
  });

  it("takes every choice's figures from its sector page and keeps only pageless choices as records", async () => {
    const documents = readDocuments(datasetFile);
    const { sectors } = await load();
    for (const page of documents.filter((document) => document._type === "sectorPage")) {
      const stats = page.stats as { conversionRate: number; averageProfit: number };
      const name = (page.calculatorName as string | undefined) ?? (page.sectorName as string);
      expect(sectors).toContainEqual({
        name,
        conversionRate: stats.conversionRate,
        averageProfit: stats.averageProfit,
      });
    }
    const records = documents.filter((document) => document._type === "calculatorSector");
    expect(records.map((record) => record.name)).toEqual(["Otros"]);
  });

  it("offers a sector page published now within 5 seconds, with its figures, and its calculator link prefills it", async () => {
    const documents = readDocuments(datasetFile);
    const template = documents.find((document) => document._type === "sectorPage")!;
    const page = {
      ...newSectorPage(template, "reformas-integrales", "Reformas Integrales"),
      stats: { conversionRate: 17, averageProfit: 7200, costPerLead: 95 },
    };
    writeDocuments(datasetFile, [...documents, page]);
    await vi.waitFor(
      async () =>
        expect((await load()).sectors).toContainEqual({
          name: "Reformas Integrales",
          conversionRate: 17,
          averageProfit: 7200,
        }),
      { timeout: 5000, interval: 250 },
    );
    const sectorPage = await callLoader(sectorLoader, "/sectores/reformas-integrales", { slug: "reformas-integrales" });
    const { page: loaded } = sectorPage as { page: { calculatorName: string } };
    const { state } = await load(`?${new URLSearchParams({ sector: loaded.calculatorName })}`);
    expect(state).toMatchObject({ sector: "Reformas Integrales", errors: {} });
    expect(state.values).toMatchObject({ conversion: "17", profit: "7200" });
    // The template's own choice is untouched.
    expect((await load("?sector=Construcci%C3%B3n")).state).toMatchObject({ sector: "Construcción", errors: {} });
  });

  it("lists a copied page under its own name when it kept its template's calculator name", async () => {
    const documents = readDocuments(datasetFile);
    const template = documents.find((document) => document._id === "sectorPage.software-b2b")!;
    writeDocuments(datasetFile, [...documents, newSectorPage(template, "saas-vertical", "SaaS vertical")]);
    contentSource().invalidate();
    const names = (await load()).sectors.map((sector) => sector.name);
    expect(names.filter((name) => name === "Software B2B (SaaS)")).toHaveLength(1);
    expect(names).toContain("SaaS vertical");
  });
});
