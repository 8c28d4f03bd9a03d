// The five payload builders with a fixed clock: the spec's exact field names and fixed values.
import * as v from "valibot";

import { buildCalculatorLeadPayload, calculatorLeadSchema, parseBrowserInfo } from "~/forms/calculator-lead";
import { buildContactPayload, contactSchema } from "~/forms/contact";
import { buildCplPayload, buildMonthlyPlanPayload, cplSchema, monthlyPlanSchema } from "~/forms/plan-dialogs";
import { buildServiceStartPayload, serviceStartSchema } from "~/forms/service-start";
import { formatFechaEnvio } from "~/forms/shared";

const now = new Date("2024-01-15T09:30:00.000Z");
const FECHA_ENVIO = /^15 de enero de 2024(,| a las) 10:30$/;

describe("fechaEnvio", () => {
  it("is the Spanish long date with hour and minute in Madrid time (winter UTC+1)", () => {
    expect(formatFechaEnvio(now)).toMatch(FECHA_ENVIO);
  });
  it("follows Madrid's summer time (UTC+2) and the day change at midnight", () => {
    expect(formatFechaEnvio(new Date("2024-08-31T22:15:00.000Z"))).toMatch(/^1 de septiembre de 2024(,| a las) 00:15$/);
  });
});

describe("landing contact payload", () => {
  it("has tipoFormulario 'Contacto General', tipo 'Consulta General' and the fields in the spec's names", () => {
    const input = v.parse(contactSchema, {
      nombre: "Ana",
      email: "a@b.es",
      telefono: "600",
      empresa: "",
      sector: "Retail",
      mensaje: "Hola",
    });
    expect(buildContactPayload(input, { now })).toEqual({
      tipoFormulario: "Contacto General",
      tipo: "Consulta General",
      nombre: "Ana",
      email: "a@b.es",
      telefono: "600",
      empresa: "",
      sector: "Retail",
      mensaje: "Hola",
      fechaEnvio: expect.stringMatching(FECHA_ENVIO),
    });
  });
  it("adds origen when attribution gives one, and only then", () => {
    const input = v.parse(contactSchema, {
      nombre: "Ana",
      email: "a@b.es",
      telefono: "600",
      empresa: "",
      sector: "Retail",
      mensaje: "Hola",
    });
    expect(buildContactPayload(input, { now, origen: { utm_source: "google" } }).origen).toEqual({
      utm_source: "google",
    });
    expect("origen" in buildContactPayload(input, { now })).toBe(false);
  });
});

describe("calculator payload", () => {
  const posted = {
    email: "a@b.es",
    sector: "Tractores",
    empresa: "ACME",
    telefono: "+34 600 000 000",
    web: "",
    mensaje: "Maquinaria",
    sectorCalculadora: "Tecnología",
    porcentajeConversion: "45",
    beneficioPorCliente: "600",
    presupuestoMensual: "2000",
    planSeleccionado: "incluido",
    browserInfo: "",
  };
  it("computes ROI150 = profit × conversion ÷ 100 ÷ 2.5 and ROI300 = … ÷ 4, and sends mensaje as productoVendido", () => {
    const payload = buildCalculatorLeadPayload(v.parse(calculatorLeadSchema, posted), { now });
    expect(payload).toMatchObject({
      tipoFormulario: "Calculadora",
      sectorCalculadora: "Tecnología",
      sector: "Tractores",
      productoVendido: "Maquinaria",
      porcentajeConversion: 45,
      beneficioPorCliente: 600,
      ROI150: 108,
      ROI300: 67.5,
      presupuestoMensual: 2000,
      planSeleccionado: "incluido",
      fechaEnvio: expect.stringMatching(FECHA_ENVIO),
    });
    expect(Object.keys(payload)).toEqual([
      "tipoFormulario",
      "sectorCalculadora",
      "sector",
      "empresa",
      "telefono",
      "email",
      "web",
      "productoVendido",
      "porcentajeConversion",
      "beneficioPorCliente",
      "ROI150",
      "ROI300",
      "presupuestoMensual",
      "planSeleccionado",
      "browserInfo",
      "fechaEnvio",
    ]);
  });
  it("rounds ROI prices to cents and accepts a comma decimal", () => {
    const payload = buildCalculatorLeadPayload(
      v.parse(calculatorLeadSchema, { ...posted, porcentajeConversion: "33,3", beneficioPorCliente: "100" }),
      { now },
    );
    expect(payload.ROI150).toBe(13.32);
    expect(Number.isInteger(Math.round(payload.ROI300 * 100 * 1e6) / 1e6)).toBe(true);
    expect(payload.ROI300).toBeCloseTo(8.325, 2);
  });
  it("browserInfo keeps only the known keys, each a short string or a boolean", () => {
    expect(parseBrowserInfo('{"userAgent":"UA","online":"yes","cookiesEnabled":false,"extra":1}')).toEqual({
      userAgent: "UA",
      language: null,
      platform: null,
      cookiesEnabled: false,
      online: null,
      screenResolution: null,
      windowSize: null,
      timezone: null,
      timestamp: null,
    });
    expect(parseBrowserInfo("not json").userAgent).toBeNull();
    expect(parseBrowserInfo(JSON.stringify({ userAgent: "x".repeat(2000) })).userAgent).toHaveLength(500);
  });
});

describe("plan dialog payloads", () => {
  const contact = {
    nombre: "Luis",
    email: "l@c.es",
    telefono: "600",
    empresa: "Clínica",
    sector: "Otro",
    descripcionNegocio: "Dental",
  };
  it("monthly: tipo 'Contacto Plan Mensual', planSeleccionado and an ISO fecha", () => {
    const input = v.parse(monthlyPlanSchema, { ...contact, objetivos: "Más pacientes", planSeleccionado: "" });
    expect(buildMonthlyPlanPayload(input, { now })).toEqual({
      ...contact,
      objetivos: "Más pacientes",
      planSeleccionado: "Plan Mensual",
      tipo: "Contacto Plan Mensual",
      fecha: "2024-01-15T09:30:00.000Z",
    });
  });
  it("CPL: tipo 'Contacto Plan CPL' and planSeleccionado 'Coste por Lead (CPL)' whatever is posted", () => {
    const input = v.parse(cplSchema, {
      ...contact,
      presupuestoMensual: "Más de 20.000€",
      porcentajeConversion: "",
      beneficioPorCliente: "",
      descripcionClientePotencial: "Adultos",
      planSeleccionado: "Otro plan",
    });
    expect(buildCplPayload(input, { now })).toEqual({
      ...contact,
      presupuestoMensual: "Más de 20.000€",
      porcentajeConversion: "",
      beneficioPorCliente: "",
      descripcionClientePotencial: "Adultos",
      planSeleccionado: "Coste por Lead (CPL)",
      tipo: "Contacto Plan CPL",
      fecha: "2024-01-15T09:30:00.000Z",
    });
  });
});

describe("service start payload", () => {
  const posted = {
    nombre: "Marta",
    email: "m@r.es",
    telefono: "611",
    empresa: "Reformas",
    descripcionNegocio: "Reformas",
    publicoObjetivo: "Particulares",
    serviciosProductos: "Cocinas",
    objetivos: "Presupuestos",
    coloresPreferidos: "",
    estiloPreferido: "Moderno y minimalista",
    webReferencia: "",
    tieneLogoPropio: "si",
    descripcionLogo: "ignored while the own logo is chosen",
    planSeleccionado: "presencia-activa",
    archivoLogo: "logo.svg",
    archivoLogoTipo: "image/svg+xml",
  };
  it("sends the plan by name, the logo file's name, an ISO fecha and tipo 'Iniciar Servicio Web'", () => {
    const payload = buildServiceStartPayload(v.parse(serviceStartSchema, posted), { now });
    const { archivoLogoTipo: _type, ...spec } = posted;
    expect(payload).toEqual({
      ...spec,
      descripcionLogo: "",
      planSeleccionado: "Presencia Activa",
      archivoLogo: "logo.svg",
      fecha: "2024-01-15T09:30:00.000Z",
      tipo: "Iniciar Servicio Web",
    });
  });
  it("archivoLogo is null unless tieneLogoPropio is 'si'", () => {
    const payload = buildServiceStartPayload(
      v.parse(serviceStartSchema, { ...posted, tieneLogoPropio: "descripcion", descripcionLogo: "Un árbol" }),
      { now },
    );
    expect(payload).toMatchObject({ archivoLogo: null, descripcionLogo: "Un árbol", tieneLogoPropio: "descripcion" });
  });
});
