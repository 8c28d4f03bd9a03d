// What a social card shows and where it lives: the title without the brand, a sector's figures in the
// site's wording, a hash that follows the content, page keys, hostile card addresses, and the editor's
// image (Sanity CDN crop, local export path kept inside the dataset folder).
import path from "node:path";

import { afterEach, describe, expect, it } from "vitest";

import {
  cardAlt,
  cardContent,
  cardHash,
  cardKey,
  cardPath,
  cardTitle,
  sectorFigures,
} from "~/social-cards/card-content";
import { parseCardFile } from "~/social-cards/cards.server";
import { localAssetPath, overrideImage } from "~/social-cards/override.server";

const settings = {
  siteName: "LeadsB2B",
  defaultSeo: { title: "LeadsB2B | Captación de leads B2B con precio fijo", description: "Leads con precio fijo." },
};
const labels = { conversionRate: "Tasa de conversión", costPerLead: "Coste por lead", leadsPerMonth: "leads al mes" };
const construction = {
  sectorName: "Construcción",
  stats: { conversionRate: 15, costPerLead: 120 },
  leadsPerMonth: { min: 10, max: 20 },
  labels,
};

describe("card title", () => {
  it("drops the brand and keeps the first remaining part of the SEO title", () => {
    expect(cardTitle("Contacto | LeadsB2B", "LeadsB2B")).toBe("Contacto");
    expect(cardTitle("LeadsB2B | Captación de leads", "LeadsB2B")).toBe("Captación de leads");
    expect(cardTitle("Leads B2B para Construcción y Reformas | Precio Fijo", "LeadsB2B")).toBe(
      "Leads B2B para Construcción y Reformas",
    );
    expect(cardTitle("Iniciar Servicio - Crea tu Página Web", "LeadsB2B")).toBe(
      "Iniciar Servicio - Crea tu Página Web",
    );
    expect(cardTitle(null, "LeadsB2B")).toBe("LeadsB2B");
    expect(cardTitle("x".repeat(400), "LeadsB2B").length).toBeLessThanOrEqual(140);
  });

  it("falls back to the site's default SEO title", () => {
    expect(cardContent({ settings, seo: null }).title).toBe("Captación de leads B2B con precio fijo");
  });
});

describe("sector figures", () => {
  it("shows the monthly lead range and the conversion rate with the page's labels", () => {
    expect(sectorFigures(construction)).toEqual([
      { value: "10–20", label: "leads al mes" },
      { value: "15\u00a0%", label: "Tasa de conversión" },
    ]);
  });

  it("uses the cost per lead when the range is missing, and nothing without labels", () => {
    expect(sectorFigures({ ...construction, leadsPerMonth: null })).toEqual([
      { value: "15\u00a0%", label: "Tasa de conversión" },
      { value: "120\u00a0€", label: "Coste por lead" },
    ]);
    expect(sectorFigures({ ...construction, labels: null })).toEqual([]);
    expect(sectorFigures({ ...construction, stats: { conversionRate: Number.NaN } })).toHaveLength(1);
  });
});

describe("card hash and address", () => {
  const base = cardContent({ settings, seo: { title: "Leads para X | LeadsB2B" }, sector: construction });

  it("changes with anything the card draws, and only then", () => {
    const same = cardContent({ settings, seo: { title: "Leads para X | LeadsB2B" }, sector: construction });
    expect(cardHash(same)).toBe(cardHash(base));
    const edits = [
      cardContent({ settings, seo: { title: "Leads para Y | LeadsB2B" }, sector: construction }),
      cardContent({
        settings: { ...settings, siteName: "Otra" },
        seo: { title: "Leads para X" },
        sector: construction,
      }),
      cardContent({
        settings,
        seo: { title: "Leads para X | LeadsB2B" },
        sector: { ...construction, stats: { conversionRate: 16 } },
      }),
      cardContent({
        settings,
        seo: { title: "Leads para X | LeadsB2B" },
        sector: { ...construction, sectorName: "Z" },
      }),
      cardContent({
        settings,
        seo: { title: "Leads para X | LeadsB2B", image: { asset: { _ref: "image-a-10x10-png" } } },
        sector: construction,
      }),
    ];
    for (const edited of edits) expect(cardHash(edited)).not.toBe(cardHash(base));
  });

  it("names the page by its path and the format by the editor's image", () => {
    expect(cardKey("/")).toBe("index");
    expect(cardKey("/sectores/construccion")).toBe("sectores/construccion");
    expect(cardKey("/servicios/google-ads")).toBe("servicios/google-ads");
    expect(cardPath("index", base)).toMatch(/^\/social\/index\.png\?v=[0-9a-z]{7}$/);
    const withImage = cardContent({ settings, seo: { image: { alt: "Foto", asset: { _ref: "image-a-1x1-jpg" } } } });
    expect(cardPath("contacto", withImage)).toMatch(/^\/social\/contacto\.jpg\?v=/);
    expect(cardAlt(withImage)).toBe("Foto");
    expect(cardAlt(base)).toBe(
      "Leads para X · Construcción · 10–20 leads al mes · 15\u00a0% Tasa de conversión — LeadsB2B",
    );
  });
});

describe("card addresses", () => {
  it("accepts page keys, sector keys and campaign keys of several segments", () => {
    expect(parseCardFile("ads/reformas/madrid.png")).toEqual({ key: "ads/reformas/madrid", format: "png" });
    expect(parseCardFile("index.png")).toEqual({ key: "index", format: "png" });
    expect(parseCardFile("sectores/alquiler-maquinaria.png")).toEqual({
      key: "sectores/alquiler-maquinaria",
      format: "png",
    });
    expect(parseCardFile("contacto.jpg")).toEqual({ key: "contacto", format: "jpg" });
  });

  it.each([
    undefined,
    "",
    ".png",
    "index",
    "index.PNG",
    "index.svg",
    "../index.png",
    "sectores/../index.png",
    "sectores//x.png",
    "a/b/.png",
    "-x.png",
    "x-.png",
    "Index.png",
    "índice.png",
    "index.png\u0000",
    `${"a".repeat(200)}.png`,
  ])("rejects %j", (file) => {
    expect(parseCardFile(file)).toBeNull();
  });
});

describe("the editor's image", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it("maps a local image reference to its file in the dataset's images folder, and nothing else", () => {
    const dataset = path.resolve("/srv/content/production.ndjson");
    expect(localAssetPath("image-0d4d8e01814dc797bbbe6379560cdabf0203f7cf-1600x900-jpg", dataset)).toBe(
      path.resolve("/srv/content/images/0d4d8e01814dc797bbbe6379560cdabf0203f7cf-1600x900.jpg"),
    );
    expect(localAssetPath("image-../../etc/passwd-1x1-jpg", dataset)).toBeNull();
    expect(localAssetPath("image-0d4d8e01814dc797bbbe6379560cdabf0203f7cf-1600x900-gif", dataset)).toBeNull();
    expect(localAssetPath("image-abc-1x1-png", dataset)).toBeNull();
    expect(localAssetPath("image@file://./images/a.jpg", dataset)).toBeNull();
  });

  it("with Sanity, redirects to the CDN crop at 1200×630 honouring the hotspot", async () => {
    process.env.SANITY_PROJECT_ID = "abc123";
    process.env.SANITY_DATASET = "production";
    const result = await overrideImage({
      asset: { _ref: "image-f00d-2400x1600-png" },
      hotspot: { _type: "sanity.imageHotspot", x: 0.3, y: 0.4, height: 0.2, width: 0.2 },
    });
    expect(result && "redirect" in result).toBe(true);
    const url = new URL((result as { redirect: string }).redirect);
    expect(`${url.origin}${url.pathname}`).toBe("https://cdn.sanity.io/images/abc123/production/f00d-2400x1600.png");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ w: "1200", h: "630", fit: "crop", fm: "jpg" });
    // The 2400×1260 slice of the 2400×1600 picture centred on the hotspot (y 0.4 → 640 px).
    expect(url.searchParams.get("rect")).toBe("0,10,2400,1260");
  });
});
