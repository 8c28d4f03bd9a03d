/** Campaign page fixtures: the seeded pages' ids and a hostile page with every kind of broken block. */
export const SEEDED_CAMPAIGNS = [
  { id: "campaignPage.reformas-integrales", path: "/reformas-integrales" },
  { id: "campaignPage.software-b2b-demos", path: "/software-b2b-demos" },
] as const;

/** A page a marketer (or a bad import) could publish: the good blocks render, the broken ones are left out. */
export function hostileCampaignPage(slug: string) {
  return {
    _id: `campaignPage.${slug.replace(/\//g, "-")}`,
    _type: "campaignPage",
    title: "Página con bloques rotos",
    slug: { _type: "slug", current: slug },
    blocks: [
      { _key: "bueno", _type: "heroBlock", heading: "Titular que sí se ve" },
      { _key: "desconocido", _type: "videoBlock", url: "https://example.com/v.mp4" },
      { _key: "sin-titular", _type: "heroBlock", text: "Sin titular" },
      { _key: "titular-numero", _type: "ctaBlock", heading: 42 },
      {
        _key: "sector-borrado",
        _type: "sectorFiguresBlock",
        sector: { _type: "reference", _ref: "sectorPage.no-existe" },
      },
      { _key: "faq-no-lista", _type: "faqBlock", heading: "Preguntas", items: "no es una lista" },
      {
        _key: "faq-borradas",
        _type: "faqBlock",
        items: [{ _key: "x", _type: "reference", _ref: "faqItem.no-existe" }],
      },
      null,
      7,
      { _type: "richTextBlock", body: [] },
      { _key: "calc-borrado", _type: "calculatorBlock", sector: { _type: "reference", _ref: "sectorPage.no-existe" } },
      { _key: "texto", _type: "richTextBlock", body: "no es portable text" },
      {
        _key: "formulario",
        _type: "leadFormBlock",
        heading: "Escríbenos",
        fields: ["empresa", "inventado", "mensaje"],
      },
      { _key: "formulario-2", _type: "leadFormBlock", heading: "Segundo formulario" },
      {
        _key: "llamada",
        _type: "ctaBlock",
        heading: "Llamada final",
        cta: { _type: "cta", label: "Ir", href: "/contacto" },
      },
    ],
  };
}
