// @vitest-environment happy-dom
// Campaign page pieces without a server: which blocks a page shows (hostile shapes included), the lead
// form's schema and payload, and the optimistic block order of draft preview.
import { usableBlocks } from "~/blocks/usable-blocks.server";
import { applyBlockOrder } from "~/components/preview/block-order";
import { campaignLeadFields, campaignLeadForm } from "~/forms/campaign";
import { validateLead } from "~/forms/validate";
import { campaignSlugOfPath } from "~/lib/site-paths";

import { hostileCampaignPage } from "../support/campaign";

describe("usable blocks", () => {
  it("keeps known, well-formed, keyed blocks in order and never throws on anything", async () => {
    const page = hostileCampaignPage("rota");
    // Unprojected documents: the deleted references are still references here, so those blocks fail their checks.
    expect((await usableBlocks(page.blocks, page._id)).map((block) => block._key)).toEqual([
      "bueno",
      "calc-borrado",
      "formulario",
      "llamada",
    ]);
    for (const hostile of [null, undefined, 42, "blocks", {}, [[]], [{ _type: { a: 1 } }]]) {
      expect(await usableBlocks(hostile, "x")).toEqual([]);
    }
  });
});

describe("campaign lead form", () => {
  it("asks only for the listed fields it knows, in its own order", () => {
    expect(campaignLeadFields(["mensaje", "inventado", "empresa", "mensaje"])).toEqual(["empresa", "mensaje"]);
    expect(campaignLeadFields("empresa")).toEqual([]);
    expect(Object.keys(campaignLeadForm(["sector"]).fields)).toEqual(["nombre", "email", "telefono", "sector"]);
  });

  it("requires nombre, email and teléfono with the calculator form's messages; the listed fields are optional", () => {
    const form = campaignLeadForm(["empresa"]);
    expect(validateLead(form, { nombre: "", email: "", telefono: "", empresa: "" })).toEqual({
      success: false,
      fieldErrors: {
        nombre: "El nombre es obligatorio",
        email: "El email es obligatorio",
        telefono: "El teléfono es obligatorio",
      },
    });
    expect(
      validateLead(form, { nombre: "Ana", email: "ana@x.es", telefono: "+34 (600) 11-22", empresa: "" }).success,
    ).toBe(true);
  });

  it("builds the payload with pagina, campana, attribution and the extra fields a page adds", () => {
    const form = campaignLeadForm(["mensaje"], {
      pagina: "/reformas",
      campana: "Reformas",
      extra: { experimento: "titular", variante: "b" },
    });
    const payload = form.buildPayload(
      { nombre: "Ana", email: "ana@x.es", telefono: "600", mensaje: "Hola" },
      { now: new Date("2024-07-15T07:05:00Z"), origen: { utm_source: "google" } },
    );
    expect(payload).toEqual({
      tipoFormulario: "Landing de campaña",
      tipo: "Consulta Campaña",
      nombre: "Ana",
      email: "ana@x.es",
      telefono: "600",
      mensaje: "Hola",
      pagina: "/reformas",
      campana: "Reformas",
      fechaEnvio: expect.stringMatching(/^15 de julio de 2024(,| a las) 09:05$/),
      experimento: "titular",
      variante: "b",
      origen: { utm_source: "google" },
    });
  });

  it("builds no payload in the browser, where it does not know the page", () => {
    expect(() => campaignLeadForm([]).buildPayload({}, { now: new Date() })).toThrow();
  });
});

describe("campaign paths", () => {
  it("is exactly /{slug} for a slug no route owns", () => {
    expect(campaignSlugOfPath("/reformas/madrid")).toBe("reformas/madrid");
    for (const path of [
      "/",
      "/Reformas",
      "/reformas/",
      "//reformas",
      "/sectores/x",
      "/api/x",
      "/calculadora",
      "/a%20b",
    ]) {
      expect(campaignSlugOfPath(path), path).toBeNull();
    }
  });
});

describe("optimistic block order in preview", () => {
  it("orders the block wrappers as the optimistic document lists their keys", () => {
    document.body.innerHTML = `<div data-campaign-blocks><div data-block-key="a"></div><div data-block-key="b"></div><div data-block-key="c"></div></div>`;
    const applied = applyBlockOrder({ _type: "campaignPage", blocks: [{ _key: "c" }, { _key: "a" }, { _key: "b" }] });
    expect(applied).toBe(true);
    const order = [...document.querySelectorAll<HTMLElement>("[data-block-key]")].map(
      (element) => `${element.dataset.blockKey}:${element.style.order}`,
    );
    expect(order).toEqual(["a:1", "b:2", "c:0"]);
  });

  it("ignores other documents and pages without blocks", () => {
    document.body.innerHTML = `<main></main>`;
    expect(applyBlockOrder({ _type: "faqItem" })).toBe(false);
    expect(applyBlockOrder({ _type: "campaignPage", blocks: [] })).toBe(false);
    expect(applyBlockOrder(null)).toBe(false);
  });
});
