// Every lead payload carries `origen`: the browser's hidden field, completed from the request when
// JavaScript was off, and the consent state the server reads from the cookie_consent cookie.
import { action as landingAction } from "~/routes/_index";
import { action as contactAction } from "~/routes/contacto";
import { action as plansAction } from "~/routes/mensual";

import { type Delivery, post, useLeadDestinations } from "../support/leads";

const { destinations } = useLeadDestinations();

async function delivered(count: number): Promise<Delivery[]> {
  await vi.waitFor(() => expect(destinations.deliveries).toHaveLength(count), { timeout: 20_000, interval: 10 });
  return destinations.deliveries;
}

const landingFields = {
  nombre: "Ana García",
  email: "ana@empresa.es",
  telefono: "+34 600 111 222",
  empresa: "",
  sector: "Construcción",
  mensaje: "Quiero más clientes",
  website: "",
};

describe("a broken cookie never costs a lead", () => {
  it.each(["cookie_consent=%", "cookie_consent=%E0%A4%A; origen_visita=%", 'cookie_consent="v1.a1.p1', "=;;=%;;"])(
    "POST /contacto with `Cookie: %s` stores and delivers the lead, consent read as not chosen",
    async (cookie) => {
      const { status, data } = await post(contactAction, landingFields, {
        path: "/contacto",
        headers: { Cookie: cookie },
      });
      expect(status).toBe(200);
      expect(data).toMatchObject({ ok: true, form: "contacto" });
      for (const delivery of await delivered(2)) {
        expect(delivery.body.nombre).toBe("Ana García");
        expect((delivery.body.origen as { consentimiento: unknown }).consentimiento).toEqual({
          elegido: false,
          analitica: false,
          publicidad: false,
        });
      }
    },
  );
});

describe("origen", () => {
  it("sent without the hidden field filled, comes from the visit's origin cookie when analytics consent allows it", async () => {
    const visit = { utm_source: "google", gclid: "abc123", paginaEntrada: "/?utm_source=google&gclid=abc123" };
    const cookie = `origen_visita=${encodeURIComponent(JSON.stringify(visit))}`;
    await post(
      contactAction,
      { ...landingFields, origen: "" },
      {
        path: "/contacto",
        headers: { Cookie: `cookie_consent=v1.a1.p0; ${cookie}`, Referer: "http://localhost/contacto" },
      },
    );
    for (const delivery of await delivered(2)) {
      expect(delivery.body.origen).toEqual({
        ...visit,
        consentimiento: { elegido: true, analitica: true, publicidad: false },
      });
    }
    destinations.reset();
    // Without analytics consent the cookie does not count (it should not exist; if it does, it is ignored).
    await post(
      contactAction,
      { ...landingFields, origen: "" },
      {
        path: "/contacto",
        headers: { Cookie: `cookie_consent=v1.a0.p1; ${cookie}`, Referer: "http://localhost/contacto" },
      },
    );
    for (const delivery of await delivered(2)) expect(delivery.body.origen).not.toHaveProperty("gclid");
  });

  it("is the browser's attribution with the consent state from the cookie, in every delivery of the lead", async () => {
    const browserOrigin = {
      utm_source: "google",
      utm_medium: "cpc",
      gclid: "abc123",
      paginaEntrada: "/?utm_source=google&utm_medium=cpc&gclid=abc123",
      urlReferencia: "https://www.google.com/",
      consentimiento: { elegido: true, analitica: true, publicidad: true },
    };
    await post(
      landingAction,
      { ...landingFields, origen: JSON.stringify(browserOrigin) },
      { path: "/", headers: { Cookie: "cookie_consent=v1.a1.p0", Referer: "http://localhost/contacto" } },
    );
    const deliveries = await delivered(2);
    for (const delivery of deliveries) {
      expect(delivery.body.origen).toEqual({
        ...browserOrigin,
        consentimiento: { elegido: true, analitica: true, publicidad: false },
      });
      expect(delivery.body.nombre).toBe("Ana García");
    }
  });

  it("without JavaScript comes from the posting page's URL, and says no cookie choice was made", async () => {
    await post(
      plansAction,
      {
        intent: "plan-mensual",
        nombre: "Luis Pérez",
        email: "luis@clinica.es",
        telefono: "600 222 333",
        empresa: "Clínica Sonrisa",
        sector: "Salud y Bienestar",
        descripcionNegocio: "Clínica dental",
        objetivos: "",
        website: "",
      },
      {
        path: "/mensual",
        headers: { Referer: "http://localhost/mensual?utm_source=facebook&utm_campaign=clinicas&fbclid=fb-9" },
      },
    );
    const [delivery] = await delivered(1);
    expect(delivery.body.tipo).toBe("Contacto Plan Mensual");
    expect(delivery.body.origen).toEqual({
      utm_source: "facebook",
      utm_campaign: "clinicas",
      fbclid: "fb-9",
      paginaEntrada: "/mensual?utm_source=facebook&utm_campaign=clinicas&fbclid=fb-9",
      consentimiento: { elegido: false, analitica: false, publicidad: false },
    });
  });

  it("ignores a forged consent state and unknown fields in the hidden field", async () => {
    await post(landingAction, {
      ...landingFields,
      origen: JSON.stringify({
        utm_source: "newsletter",
        consentimiento: { elegido: true, analitica: true, publicidad: true },
        email: "x@y.z",
      }),
    });
    const [delivery] = await delivered(2);
    expect(delivery.body.origen).toEqual({
      utm_source: "newsletter",
      consentimiento: { elegido: false, analitica: false, publicidad: false },
    });
    expect(delivery.body.email).toBe("ana@empresa.es");
  });
});
