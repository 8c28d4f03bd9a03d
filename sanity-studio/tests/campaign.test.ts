import { describe, expect, it } from "vitest";
import { copySlug, planDuplicate } from "../actions/duplicate-campaign";
import { checkBlocks, checkHeroFirst } from "../schemaTypes/blocks";
import { checkCampaignSlug } from "../schemaTypes/blocks/campaign-slug";

describe("campaign page slug", () => {
  it.each(["reformas-madrid", "ads/reformas-madrid", "oferta-2025", "a/b/c"])("accepts «%s»", (slug) => {
    expect(checkCampaignSlug(slug)).toBe(true);
  });

  it.each([
    ["", "obligatorio"],
    ["Reformas", "minúsculas"],
    ["reformas madrid", "minúsculas"],
    ["reformas--madrid", "minúsculas"],
    ["/reformas", "minúsculas"],
    ["reformas/", "minúsculas"],
    ["calculadora", "ruta de la web"],
    ["sectores/construccion", "ruta de la web"],
    ["servicios/google-ads", "ruta de la web"],
    ["api/leads", "ruta de la web"],
    ["contacto/gracias", "ruta de la web"],
    ["healthz", "ruta de la web"],
    ["x".repeat(97), "Como máximo"],
  ])("refuses «%s» with a Spanish reason", (slug, reason) => {
    expect(checkCampaignSlug(slug)).toEqual(expect.stringContaining(reason));
  });
});

describe("campaign page blocks", () => {
  it("refuses a second lead form or calculator, pointing at the extra one", () => {
    expect(checkBlocks([{ _type: "leadFormBlock", _key: "a" }, { _type: "heroBlock" }])).toBe(true);
    expect(
      checkBlocks([
        { _type: "leadFormBlock", _key: "a" },
        { _type: "leadFormBlock", _key: "b" },
      ]),
    ).toEqual({ message: expect.stringContaining("Un formulario por página"), path: [{ _key: "b" }] });
    expect(
      checkBlocks([
        { _type: "calculatorBlock", _key: "a" },
        { _type: "calculatorBlock", _key: "c" },
      ]),
    ).toEqual(expect.objectContaining({ path: [{ _key: "c" }] }));
  });

  it("warns when the page does not open with its hero", () => {
    expect(checkHeroFirst([{ _type: "heroBlock" }, { _type: "faqBlock" }])).toBe(true);
    expect(checkHeroFirst([{ _type: "faqBlock" }])).toEqual(expect.stringContaining("Cabecera (hero)"));
  });
});

describe("'Duplicar página'", () => {
  it("gives the copy the first free '-copia' address within the slug's length", () => {
    expect(copySlug("reformas", new Set(["reformas"]))).toBe("reformas-copia");
    expect(copySlug("reformas", new Set(["reformas-copia", "reformas-copia-2"]))).toBe("reformas-copia-3");
    expect(copySlug("x".repeat(96), new Set()).length).toBeLessThanOrEqual(96);
  });

  it("copies every block with its keys into a draft with a new id and '(copia)' title", () => {
    const source = {
      _id: "campaignPage.reformas",
      _type: "campaignPage",
      _rev: "r1",
      title: "Reformas",
      slug: { _type: "slug", current: "reformas" },
      blocks: [{ _key: "hero", _type: "heroBlock", heading: "Hola" }],
    };
    const copy = planDuplicate(source, new Set(["reformas"]), "campaignPage.nueva");
    expect(copy).toEqual({
      _id: "drafts.campaignPage.nueva",
      _type: "campaignPage",
      title: "Reformas (copia)",
      slug: { _type: "slug", current: "reformas-copia" },
      blocks: source.blocks,
    });
  });
});
