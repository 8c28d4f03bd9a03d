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

/** A campaign's calendar, in epoch milliseconds. */
export interface CampaignWindow {
  from: number;
  until: number;
}

/**
 * Publishes a calendar that opens `lead` ms from now, with a marker page written in the same change, and waits
 * until the site shows the marker: the site has then read the calendar. A site that read it less than 2 s before
 * the opening (a slow host) gets it published again twice as far ahead, its open span doubled too (it must
 * outlast the checks made inside it): the host's speed sets how long the test waits, never its verdict.
 */
export async function publishWindowAhead({
  lead,
  open,
  publish,
  shows,
}: {
  lead: number;
  open: number;
  /** Writes the calendar and the marker page, with `marker` as its heading, in one change. */
  publish: (window: CampaignWindow, marker: string) => void;
  /** True once the site serves the marker page with `marker`. */
  shows: (marker: string) => Promise<boolean>;
}): Promise<CampaignWindow> {
  for (let attempt = 1; attempt <= 4; attempt += 1, lead *= 2, open *= 2) {
    const from = Date.now() + lead;
    const marker = `Siempre visible (${attempt})`;
    publish({ from, until: from + open }, marker);
    while (Date.now() < from - 2_000) {
      if (await shows(marker)) return { from, until: from + open };
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error("the site did not read a calendar published up to 8 times the usual lead ahead");
}
