// Campaign pages through their route (app/routes/$.tsx) on the embedded dataset: the seeded pages with
// their head tags, hostile blocks left out without a 5xx, the paths the site's own routes own, redirects
// against live pages, and the leads of the lead form block and of the calculator block, delivered to both
// destinations with exactly the payload the operating docs give.
import type { MetaDescriptor, SerializeFrom } from "@remix-run/node";

import { getSiteSettings } from "~/content/index.server";
import { resetContentSource } from "~/content/source.server";
import { leadDeliveryIdle } from "~/leads/backend.server";
import { action as campaignAction, loader as campaignLoader, meta as campaignMeta } from "~/routes/$";
import { action as calculatorAction } from "~/routes/calculadora";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";

import { hostileCampaignPage, SEEDED_CAMPAIGNS } from "../support/campaign";
import { readDocuments, useDatasetCopy, writeDocuments } from "../support/dataset";
import { type Delivery, FIXED_FECHA_ENVIO, FIXED_NOW, post, spoolFiles, useLeadDestinations } from "../support/leads";
import { callLoader } from "../support/routes";

const SITE_URL = "https://leads.example.es";
const { destinations, dataDir } = useLeadDestinations();

/** A refused post stored nothing: once delivery is idle, no record waits and nothing was attempted (a condition,
 * not a pause: a lead stored by mistake is either still in the spool or already attempted). */
async function expectNothingStored() {
  await leadDeliveryIdle();
  expect(spoolFiles(dataDir(), "pending")).toEqual([]);
  expect(spoolFiles(dataDir(), "delivered")).toEqual([]);
  expect(destinations.attempts).toEqual([]);
}
let dataset: string;

type CampaignData = SerializeFrom<typeof campaignLoader>;

/** The loader's data, or the Response it threw (redirect, 404). It answers with json() to carry its headers. */
async function load(path: string): Promise<CampaignData | Response> {
  const result = await callLoader(campaignLoader, path, { "*": path.slice(1) });
  if (result instanceof Response) return result.status === 200 ? ((await result.json()) as CampaignData) : result;
  throw new Error(`${path}: the loader answered without json()`);
}

async function headTags(data: CampaignData): Promise<MetaDescriptor[]> {
  const root = { settings: await getSiteSettings(), siteUrl: SITE_URL };
  const matches = [
    { id: "root", data: root },
    { id: "routes/$", data },
  ];
  return campaignMeta({ data, matches } as unknown as Parameters<typeof campaignMeta>[0]);
}

/** The calculator block's state, as its server step loaded it for the page's address. */
function calculatorOf(data: CampaignData) {
  const block = data.blocks.find((entry) => entry._type === "calculatorBlock");
  return block && "calculator" in block ? block.calculator : undefined;
}

const tag = (tags: MetaDescriptor[], key: string, value: string) =>
  tags.find((entry) => (entry as Record<string, string>)[key] === value) as Record<string, string> | undefined;

/** Adds documents to (or replaces them in) the dataset copy and reads it again. */
function publish(...documents: Array<Record<string, unknown> & { _id: string }>) {
  const ids = new Set(documents.map((document) => document._id));
  writeDocuments(dataset, [...readDocuments(dataset).filter((document) => !ids.has(document._id)), ...documents]);
  resetContentSource();
}

function unpublish(id: string) {
  writeDocuments(
    dataset,
    readDocuments(dataset).filter((document) => document._id !== id),
  );
  resetContentSource();
}

beforeAll(() => {
  process.env.PUBLIC_SITE_URL = SITE_URL;
});
beforeEach(() => {
  dataset = useDatasetCopy();
});
afterAll(() => {
  delete process.env.PUBLIC_SITE_URL;
});

describe("seeded campaign pages", () => {
  it.each(SEEDED_CAMPAIGNS)("$path renders every block it holds, with its own head tags", async ({ id, path }) => {
    const document = readDocuments(dataset).find((entry) => entry._id === id)!;
    const data = await load(path);
    if (data instanceof Response) throw new Error(`${path} answered ${data.status}`);
    expect(data.blocks.map((block) => block._key)).toEqual(
      (document.blocks as Array<{ _key: string }>).map((block) => block._key),
    );
    const tags = await headTags(data);
    const seo = document.seo as { title: string; description: string };
    expect(tag(tags, "title", seo.title)).toBeDefined();
    expect(tag(tags, "name", "description")?.content).toBe(seo.description);
    expect(tag(tags, "rel", "canonical")?.href).toBe(`${SITE_URL}${path}`);
    expect(tag(tags, "property", "og:image")?.content).toMatch(new RegExp(`^${SITE_URL}/social${path}\\.png\\?v=`));
    expect(tag(tags, "name", "twitter:card")?.content).toBe("summary_large_image");
    expect(tag(tags, "name", "robots")).toBeUndefined();
  });

  it("asks for the minimal header, and carries no editing data outside preview", async () => {
    const data = (await load("/reformas-integrales")) as CampaignData;
    expect(data.frame).toBe("minimal");
    expect("edit" in data).toBe(false);
  });

  it("computes the sector figures from the sector page's own figures", async () => {
    const data = (await load("/reformas-integrales")) as CampaignData;
    const figures = data.blocks.find((block) => block._type === "sectorFiguresBlock") as unknown as {
      figures: { stats: { conversionRate: number; costPerLead: number }; rows: unknown[] };
    };
    const sector = readDocuments(dataset).find((entry) => entry._id === "sectorPage.construccion")!;
    const stats = sector.stats as { conversionRate: number; costPerLead: number };
    expect(figures.figures.stats.conversionRate).toBe(stats.conversionRate);
    expect(figures.figures.stats.costPerLead).toBe(stats.costPerLead);
    expect(figures.figures.rows).toHaveLength(3);
  });

  it("opens the calculator block on its sector, as /calculadora?sector= does", async () => {
    const data = (await load("/reformas-integrales")) as CampaignData;
    expect(calculatorOf(data)?.state.sector).toBe("Construcción");
  });

  it("lists both in the sitemap, and leaves out a noIndex page", async () => {
    const hidden = { ...hostileCampaignPage("oculta"), seo: { noIndex: true } };
    publish(hidden);
    const xml = await (await sitemapLoader()).text();
    for (const { path } of SEEDED_CAMPAIGNS) expect(xml).toContain(`<loc>${SITE_URL}${path}</loc>`);
    expect(xml).not.toContain("/oculta<");
    const data = (await load("/oculta")) as CampaignData;
    expect(tag(await headTags(data), "name", "robots")?.content).toBe("noindex");
  });
});

describe("hostile campaign pages", () => {
  it("leave out unknown, malformed, keyless and repeated blocks and render the rest", async () => {
    publish(hostileCampaignPage("rota"));
    const data = await load("/rota");
    if (data instanceof Response) throw new Error(`answered ${data.status}`);
    expect(data.blocks.map((block) => block._key)).toEqual(["bueno", "calc-borrado", "formulario", "llamada"]);
    // The calculator whose sector was deleted opens with no sector chosen.
    expect(calculatorOf(data)?.state.sector).toBe("");
  });

  it("answers 404 for a page with no slug, an unpublished draft, or a path a route owns", async () => {
    const page = hostileCampaignPage("solo-borrador");
    publish(
      { ...page, _id: `drafts.${page._id}` },
      hostileCampaignPage("api/privada"),
      hostileCampaignPage("sectores/falsa"),
    );
    for (const path of ["/solo-borrador", "/api/privada", "/sectores/falsa", "/Rota", "/rota/"]) {
      const answer = await load(path);
      expect(answer instanceof Response && answer.status, path).toBe(404);
    }
    const xml = await (await sitemapLoader()).text();
    expect(xml).not.toContain("/api/privada");
  });

  it("a live page wins over a redirect with its path, and the redirect applies once the page is removed", async () => {
    const page = hostileCampaignPage("oferta-2025");
    publish(page, {
      _id: "redirect.oferta",
      _type: "redirect",
      source: "/oferta-2025",
      destination: "/contacto",
      permanent: false,
    });
    expect(await load("/oferta-2025")).not.toBeInstanceOf(Response);
    unpublish(page._id);
    const answer = (await load("/oferta-2025")) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/contacto");
  });
});

describe("campaign leads", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(FIXED_NOW);
  });
  afterEach(() => vi.useRealTimers());

  async function deliveredTo(count: number): Promise<Delivery[]> {
    await vi.waitFor(() => expect(destinations.deliveries).toHaveLength(count), { timeout: 20_000, interval: 10 });
    return [...destinations.deliveries].sort((a, b) => a.destination.localeCompare(b.destination));
  }

  const lead = {
    nombre: "Marta Ruiz",
    email: "marta@reformasruiz.es",
    telefono: "+34 611 222 333",
    empresa: "Reformas Ruiz SL",
    mensaje: "Hacemos reformas de oficinas en Madrid",
    sector: "no se pide en esta página",
    website: "",
  };

  it("a no-JavaScript post of the lead form is delivered to both destinations with the page and campaign", async () => {
    const { status, data } = await post(campaignAction, lead, { path: "/reformas-integrales" });
    expect(status).toBe(200);
    expect(data.ok).toBe(true);
    const deliveries = await deliveredTo(2);
    expect(deliveries.map((delivery) => delivery.destination)).toEqual(["automationWebhook", "formService"]);
    for (const delivery of deliveries) {
      expect(delivery.idempotencyKey).toBe(data.id);
      const { origen, ...fields } = delivery.body;
      expect(origen).toEqual(expect.any(Object));
      expect(fields).toEqual({
        tipoFormulario: "Landing de campaña",
        tipo: "Consulta Campaña",
        nombre: "Marta Ruiz",
        email: "marta@reformasruiz.es",
        telefono: "+34 611 222 333",
        empresa: "Reformas Ruiz SL",
        mensaje: "Hacemos reformas de oficinas en Madrid",
        pagina: "/reformas-integrales",
        campana: "Reformas integrales: clientes B2B a precio fijo",
        fechaEnvio: expect.stringMatching(FIXED_FECHA_ENVIO),
      });
    }
  });

  it("refuses missing and malformed fields with the calculator form's Spanish messages, keeps them and sends nothing", async () => {
    const { status, data } = await post(
      campaignAction,
      { nombre: "", email: "marta@", telefono: "teléfono", empresa: "Reformas Ruiz SL" },
      { path: "/reformas-integrales" },
    );
    expect(status).toBe(400);
    expect(data.fieldErrors).toEqual({
      nombre: "El nombre es obligatorio",
      email: "Formato de email inválido",
      telefono: "Formato de teléfono inválido",
    });
    expect(data.toast.title).toBe("Error de validación");
    expect(data.values).toMatchObject({ email: "marta@", telefono: "teléfono", empresa: "Reformas Ruiz SL" });
    const empty = await post(campaignAction, { nombre: "Marta" }, { path: "/reformas-integrales" });
    expect(empty.data.fieldErrors).toEqual({
      email: "El email es obligatorio",
      telefono: "El teléfono es obligatorio",
    });
    await expectNothingStored();
  });

  it("a filled honeypot gets the normal answer and nothing is delivered", async () => {
    const { status, data } = await post(campaignAction, { ...lead, website: "spam" }, { path: "/reformas-integrales" });
    expect([status, data.ok]).toEqual([200, true]);
    await expectNothingStored();
  });

  it("the calculator block's lead is delivered exactly as the calculator's", async () => {
    const calculatorLead = {
      email: "compras@obras.es",
      sector: "Reformas",
      empresa: "Obras Norte SL",
      telefono: "600 123 123",
      web: "",
      mensaje: "Reformas integrales",
      sectorCalculadora: "Construcción",
      porcentajeConversion: "15",
      beneficioPorCliente: "8000",
      presupuestoMensual: "",
      planSeleccionado: "incluido",
      browserInfo: "",
    };
    await post(calculatorAction, calculatorLead, { path: "/calculadora" });
    const fromCalculator = await deliveredTo(2);
    destinations.reset();
    vi.setSystemTime(FIXED_NOW);
    const { status } = await post(campaignAction, calculatorLead, { path: "/reformas-integrales" });
    expect(status).toBe(200);
    const fromCampaign = await deliveredTo(2);
    const withoutKey = (deliveries: Delivery[]) => deliveries.map(({ destination, body }) => ({ destination, body }));
    expect(withoutKey(fromCampaign)).toEqual(withoutKey(fromCalculator));
  });

  it("a post to a path with no campaign page is a 404 and stores nothing", async () => {
    const answer = await campaignAction({
      request: new Request("http://localhost/no-existe", { method: "POST", body: new URLSearchParams(lead) }),
      params: {},
      context: {},
    }).catch((thrown: unknown) => thrown as Response);
    expect((answer as Response).status).toBe(404);
  });
});

describe("the calculator block's sector field", () => {
  const withBlockTexts = (texts: Record<string, string>) => {
    const page = readDocuments(dataset).find((entry) => entry._id === "campaignPage.reformas-integrales")!;
    const blocks = (page.blocks as { _type: string }[]).map((block) =>
      block._type === "calculatorBlock" ? { ...block, sectorField: texts } : block,
    );
    publish({ ...page, blocks });
  };

  it("uses /calculadora's texts when the block has none, and the block's own where it has them", async () => {
    expect(calculatorOf((await load("/reformas-integrales")) as CampaignData)?.page.sectorField).toEqual({
      selectPlaceholder: "Selecciona tu sector",
      searchPlaceholder: "Escribe tu sector para buscarlo",
    });
    withBlockTexts({ selectPlaceholder: "¿A qué se dedica tu empresa?", searchPlaceholder: " " });
    expect(calculatorOf((await load("/reformas-integrales")) as CampaignData)?.page.sectorField).toEqual({
      selectPlaceholder: "¿A qué se dedica tu empresa?",
      searchPlaceholder: "Escribe tu sector para buscarlo",
    });
  });
});
