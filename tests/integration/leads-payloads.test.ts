// Every form, posted to its route action, is stored and delivered with the spec's exact payload to the
// destinations in docs/product-rules.md (Payloads), with one Idempotency-Key per submission.
import { action as landingAction } from "~/routes/_index";
import { action as calculatorAction } from "~/routes/calculadora";
import { action as contactPageAction } from "~/routes/contacto";
import { action as serviceStartAction } from "~/routes/iniciar-servicio";
import { action as plansAction } from "~/routes/mensual";

import { type Delivery, FIXED_FECHA_ENVIO, FIXED_NOW, post, useLeadDestinations } from "../support/leads";

const { destinations } = useLeadDestinations();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(FIXED_NOW);
});
afterEach(() => vi.useRealTimers());

/** The spec's fields of a payload: `origen` (attribution, added to every payload) is checked apart. */
function specFields(body: Record<string, unknown>) {
  const { origen, ...fields } = body;
  expect(origen).toEqual(expect.any(Object));
  return fields;
}

async function deliveredTo(count: number): Promise<Delivery[]> {
  await vi.waitFor(() => expect(destinations.deliveries).toHaveLength(count), { timeout: 20_000, interval: 10 });
  return [...destinations.deliveries].sort((a, b) => a.destination.localeCompare(b.destination));
}

const landingFields = {
  nombre: "Ana García",
  email: "ana@empresa.es",
  telefono: "+34 600 111 222",
  empresa: "Empresa SL",
  sector: "Construcción",
  mensaje: "Quiero más clientes",
  website: "",
};

function expectLandingPayload(body: Record<string, unknown>) {
  expect(specFields(body)).toEqual({
    tipoFormulario: "Contacto General",
    tipo: "Consulta General",
    nombre: "Ana García",
    email: "ana@empresa.es",
    telefono: "+34 600 111 222",
    empresa: "Empresa SL",
    sector: "Construcción",
    mensaje: "Quiero más clientes",
    fechaEnvio: expect.stringMatching(FIXED_FECHA_ENVIO),
  });
}

describe("landing contact form", () => {
  it.each([
    ["/", landingAction],
    ["/contacto", contactPageAction],
  ])(
    "on %s is stored, answered { ok, id } and delivered to the form service and the webhook with one key",
    async (path, action) => {
      const { status, data } = await post(action, landingFields, { path });
      expect(status).toBe(200);
      expect(data).toMatchObject({ ok: true, form: "contacto", id: expect.any(String) });

      const [automation, formService] = await deliveredTo(2);
      expect(formService.destination).toBe("formService");
      expect(automation.destination).toBe("automationWebhook");
      for (const delivery of [formService, automation]) {
        expect(delivery.contentType).toMatch(/^application\/json/);
        expect(delivery.idempotencyKey).toBe(data.id);
        expectLandingPayload(delivery.body);
      }
    },
  );

  it("sends an empty empresa when it is left out (optional)", async () => {
    await post(landingAction, { ...landingFields, empresa: "" });
    const [delivery] = await deliveredTo(2);
    expect(delivery.body.empresa).toBe("");
  });
});

describe("calculator contact form", () => {
  const fields = {
    email: "compras@industrias.es",
    sector: "Maquinaria agrícola",
    empresa: "Industrias Lleida SA",
    telefono: "+34 (973) 000-000",
    web: "https://industrias.es",
    mensaje: "Tractores y cosechadoras",
    sectorCalculadora: "Consultoría",
    porcentajeConversion: "35",
    beneficioPorCliente: "2000",
    presupuestoMensual: "1500",
    planSeleccionado: "incluido",
    browserInfo: JSON.stringify({
      userAgent: "Mozilla/5.0 Prueba",
      language: "es-ES",
      platform: "Linux x86_64",
      cookiesEnabled: true,
      online: true,
      screenResolution: "1920x1080",
      windowSize: "1280x800",
      timezone: "Europe/Madrid",
      timestamp: "2024-07-15T07:04:59.000Z",
      injected: "<script>",
    }),
  };

  it("delivers the spec's payload (ROI prices computed on the server) to both destinations", async () => {
    const { status, data } = await post(calculatorAction, fields, { path: "/calculadora" });
    expect(status).toBe(200);
    const deliveries = await deliveredTo(2);
    expect(deliveries.map((delivery) => delivery.destination)).toEqual(["automationWebhook", "formService"]);
    for (const delivery of deliveries) {
      expect(delivery.idempotencyKey).toBe(data.id);
      expect(specFields(delivery.body)).toEqual({
        tipoFormulario: "Calculadora",
        sectorCalculadora: "Consultoría",
        sector: "Maquinaria agrícola",
        empresa: "Industrias Lleida SA",
        telefono: "+34 (973) 000-000",
        email: "compras@industrias.es",
        web: "https://industrias.es",
        productoVendido: "Tractores y cosechadoras",
        porcentajeConversion: 35,
        beneficioPorCliente: 2000,
        ROI150: 280,
        ROI300: 175,
        presupuestoMensual: 1500,
        planSeleccionado: "incluido",
        browserInfo: {
          userAgent: "Mozilla/5.0 Prueba",
          language: "es-ES",
          platform: "Linux x86_64",
          cookiesEnabled: true,
          online: true,
          screenResolution: "1920x1080",
          windowSize: "1280x800",
          timezone: "Europe/Madrid",
          timestamp: "2024-07-15T07:04:59.000Z",
        },
        fechaEnvio: expect.stringMatching(FIXED_FECHA_ENVIO),
      });
    }
  });

  it("fills browserInfo from the request when the page could not (no JavaScript)", async () => {
    await post(
      calculatorAction,
      { ...fields, browserInfo: "", presupuestoMensual: "" },
      { headers: { "User-Agent": "Lynx/2.9", "Accept-Language": "es-ES,es;q=0.9" } },
    );
    const [delivery] = await deliveredTo(2);
    expect(delivery.body.presupuestoMensual).toBeNull();
    expect(delivery.body.browserInfo).toEqual({
      userAgent: "Lynx/2.9",
      language: "es-ES",
      platform: null,
      cookiesEnabled: null,
      online: null,
      screenResolution: null,
      windowSize: null,
      timezone: null,
      timestamp: FIXED_NOW.toISOString(),
    });
  });
});

describe("plan dialogs on /mensual", () => {
  const contact = {
    nombre: "Luis Pérez",
    email: "luis@clinica.es",
    telefono: "600 222 333",
    empresa: "Clínica Sonrisa",
    sector: "Salud y Bienestar",
    descripcionNegocio: "Clínica dental en Lleida",
  };

  it("the monthly-plan dialog goes only to the automation webhook with tipo, planSeleccionado and an ISO fecha", async () => {
    const { status, data } = await post(
      plansAction,
      {
        intent: "plan-mensual",
        ...contact,
        objetivos: "Llenar la agenda",
        planSeleccionado: "Captación Pro",
        website: "",
      },
      { path: "/mensual" },
    );
    expect(status).toBe(200);
    expect(data).toMatchObject({ ok: true, form: "plan-mensual" });
    const [delivery] = await deliveredTo(1);
    expect(delivery.destination).toBe("automationWebhook");
    expect(delivery.idempotencyKey).toBe(data.id);
    expect(specFields(delivery.body)).toEqual({
      ...contact,
      objetivos: "Llenar la agenda",
      planSeleccionado: "Captación Pro",
      tipo: "Contacto Plan Mensual",
      fecha: "2024-07-15T07:05:00.000Z",
    });
  });

  it("the monthly-plan dialog names a plan even when the page gives none", async () => {
    await post(plansAction, { intent: "plan-mensual", ...contact, objetivos: "" }, { path: "/mensual" });
    const [delivery] = await deliveredTo(1);
    expect(delivery.body.planSeleccionado).toBe("Plan Mensual");
  });

  it("the CPL dialog goes only to the automation webhook with planSeleccionado 'Coste por Lead (CPL)'", async () => {
    const cpl = {
      ...contact,
      presupuestoMensual: "2.000€-5.000€",
      porcentajeConversion: "20",
      beneficioPorCliente: "900",
      descripcionClientePotencial: "Adultos de 30 a 60 años en Lleida",
    };
    const { data } = await post(plansAction, { intent: "plan-cpl", ...cpl }, { path: "/mensual" });
    expect(data).toMatchObject({ ok: true, form: "plan-cpl" });
    const [delivery] = await deliveredTo(1);
    expect(delivery.destination).toBe("automationWebhook");
    expect(specFields(delivery.body)).toEqual({
      ...cpl,
      planSeleccionado: "Coste por Lead (CPL)",
      tipo: "Contacto Plan CPL",
      fecha: "2024-07-15T07:05:00.000Z",
    });
  });
});

describe("service start", () => {
  const fields = {
    nombre: "Marta Ruiz",
    email: "marta@reformas.es",
    telefono: "611 000 111",
    empresa: "Reformas Ruiz",
    descripcionNegocio: "Reformas integrales",
    publicoObjetivo: "Particulares de Lleida",
    serviciosProductos: "Cocinas y baños",
    objetivos: "Recibir presupuestos",
    coloresPreferidos: "Verde y blanco",
    estiloPreferido: "Cálido y acogedor",
    webReferencia: "https://ejemplo.es",
    tieneLogoPropio: "si",
    descripcionLogo: "",
    planSeleccionado: "captacion-pro",
  };
  const expected = {
    ...fields,
    planSeleccionado: "Captación Pro",
    fecha: "2024-07-15T07:05:00.000Z",
    tipo: "Iniciar Servicio Web",
  };

  it("a multipart post with a logo file keeps only the file's name (archivoLogo) and goes to the webhook", async () => {
    const formData = new FormData();
    for (const [name, value] of Object.entries(fields)) formData.append(name, value);
    formData.append("logo", new File([new Uint8Array([137, 80, 78, 71])], "logo-reformas.png", { type: "image/png" }));
    const { status, data } = await post(serviceStartAction, formData, { path: "/iniciar-servicio" });
    expect(status).toBe(200);
    expect(data).toMatchObject({ ok: true, form: "iniciar-servicio", receipt: { planSeleccionado: "captacion-pro" } });
    const [delivery] = await deliveredTo(1);
    expect(delivery.destination).toBe("automationWebhook");
    expect(delivery.idempotencyKey).toBe(data.id);
    expect(specFields(delivery.body)).toEqual({ ...expected, archivoLogo: "logo-reformas.png" });
  });

  it("the page's own post (file left in the browser) sends archivoLogo null without an own logo", async () => {
    const { data } = await post(
      serviceStartAction,
      {
        ...fields,
        tieneLogoPropio: "descripcion",
        descripcionLogo: "Una casa con un tejado verde",
        planSeleccionado: "presencia-activa",
      },
      { path: "/iniciar-servicio" },
    );
    expect(data.ok).toBe(true);
    const [delivery] = await deliveredTo(1);
    expect(specFields(delivery.body)).toEqual({
      ...expected,
      tieneLogoPropio: "descripcion",
      descripcionLogo: "Una casa con un tejado verde",
      planSeleccionado: "Presencia Activa",
      archivoLogo: null,
    });
  });
});
