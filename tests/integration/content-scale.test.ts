// The site with many sectors and campaign pages (the seed grown by scripts/grow-dataset.mjs): /sectores
// paginated and searchable on the server, the calculator's bounded sector choices and its search, related
// sectors on each sector page, and the sitemap split into an index past its limit.
import fs from "node:fs";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { resetContentSource } from "~/content/source.server";
import { loader as sectorSearchLoader } from "~/routes/api.sectores";
import { loader as calculatorLoader } from "~/routes/calculadora";
import { loader as directoryLoader } from "~/routes/sectores._index";
import { loader as sectorLoader } from "~/routes/sectores.$slug";
import { loader as sitemapFileLoader } from "~/routes/sitemap.$file";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";

import { growDataset } from "../../scripts/grow-dataset.mjs";
import { SEED_FILE, useDatasetCopy } from "../support/dataset";
import { callLoader } from "../support/routes";

const SITE_URL = "https://leads.example.es";
const GROWN_SECTORS = 100;

type DirectoryData = Exclude<Awaited<ReturnType<typeof directoryLoader>>, Response>;
type SectorData = Exclude<Awaited<ReturnType<typeof sectorLoader>>, Response>;

async function directory(path: string): Promise<DirectoryData> {
  const result = await callLoader(directoryLoader, path);
  if (result instanceof Response) throw new Error(`${path} answered ${result.status}`);
  return result as DirectoryData;
}

function headLink(data: { meta: unknown[] }, rel: string): string | undefined {
  return (data.meta as Array<{ rel?: string; href?: string }>).find((tag) => tag.rel === rel)?.href;
}

function robots(data: { meta: unknown[] }): string | undefined {
  return (data.meta as Array<{ name?: string; content?: string }>).find((tag) => tag.name === "robots")?.content;
}

function useGrownDataset(sectors: number, campaigns: number) {
  const file = useDatasetCopy();
  fs.writeFileSync(file, growDataset(fs.readFileSync(SEED_FILE, "utf8"), { sectors, campaigns }));
  resetContentSource();
}

beforeAll(() => {
  process.env.PUBLIC_SITE_URL = SITE_URL;
});
afterAll(() => {
  delete process.env.PUBLIC_SITE_URL;
  delete process.env.SITEMAP_MAX_URLS;
});

describe("the seed's directory", () => {
  beforeAll(() => {
    useDatasetCopy();
  });

  it("keeps every sector on one page with the featured six, with no search and no page links", async () => {
    const data = await directory("/sectores");
    expect(data.listing.items).toHaveLength(32);
    expect(data.featured).toHaveLength(6);
    expect(data.paginated).toBe(false);
    expect(headLink(data, "canonical")).toBe(`${SITE_URL}/sectores`);
    expect(headLink(data, "next")).toBeUndefined();
  });

  it("links each sector page to four others: the editor's picks first, then its group", async () => {
    const result = (await callLoader(sectorLoader, "/sectores/construccion", { slug: "construccion" })) as SectorData;
    expect(result.related.map((sector) => sector.slug)).toEqual([
      "arquitectura-interiorismo",
      "instalaciones",
      "inmobiliaria",
      expect.any(String),
    ]);
    const software = (await callLoader(sectorLoader, "/sectores/software-b2b", { slug: "software-b2b" })) as SectorData;
    // No picks: the rest of its group ('Tecnología'), in alphabetical order after it.
    const slugs = software.related.map((sector) => sector.slug);
    expect(slugs).toHaveLength(4);
    expect(slugs.slice(0, 3).sort()).toEqual(["ciberseguridad", "tecnologia", "telecomunicaciones"]);
    expect(slugs).not.toContain("software-b2b");
  });
});

describe(`with ${GROWN_SECTORS} more sector pages`, () => {
  beforeAll(() => {
    useGrownDataset(GROWN_SECTORS, 10);
  });

  it("shows the featured six and the first 40 sectors on page 1, canonical to /sectores, next to page 2", async () => {
    const data = await directory("/sectores");
    expect(data.featured).toHaveLength(6);
    expect(data.listing.items).toHaveLength(40);
    expect(data.listing.pages).toBe(4);
    expect(headLink(data, "canonical")).toBe(`${SITE_URL}/sectores`);
    expect(headLink(data, "next")).toBe(`${SITE_URL}/sectores?pagina=2`);
    expect(robots(data)).toBeUndefined();
  });

  it("serves page 2 canonical to itself, with prev and next, and no featured grid", async () => {
    const first = await directory("/sectores");
    const second = await directory("/sectores?pagina=2");
    expect(second.featured).toEqual([]);
    expect(second.listing.items).toHaveLength(40);
    const onFirst = new Set(first.listing.items.map((sector) => sector.slug));
    expect(second.listing.items.some((sector) => onFirst.has(sector.slug))).toBe(false);
    expect(headLink(second, "canonical")).toBe(`${SITE_URL}/sectores?pagina=2`);
    expect(headLink(second, "prev")).toBe(`${SITE_URL}/sectores`);
    expect(headLink(second, "next")).toBe(`${SITE_URL}/sectores?pagina=3`);
  });

  it("reads a bad page number as page 1 and answers 404 past the last page", async () => {
    for (const bad of ["abc", "0", "-2", "1.5", ""]) {
      const data = await directory(`/sectores?pagina=${bad}`);
      expect(data.listing.page).toBe(1);
    }
    const past = await callLoader(directoryLoader, "/sectores?pagina=99");
    expect(past).toBeInstanceOf(Response);
    expect((past as Response).status).toBe(404);
  });

  it("searches without caring about accents or case, and keeps searches out of the index", async () => {
    const data = await directory(`/sectores?q=${encodeURIComponent("CONSTRUCCION")}`);
    expect(data.listing.total).toBeGreaterThan(1);
    for (const sector of data.listing.items) expect(sector.sectorName).toMatch(/^Construcción/);
    expect(data.featured).toEqual([]);
    expect(robots(data)).toMatch(/noindex/);
    const accented = await directory(`/sectores?q=${encodeURIComponent("clínicas")}`);
    expect(accented.listing.items.map((sector) => sector.slug)).toContain("clinicas-esteticas-dentales");
    const none = await directory("/sectores?q=zzzz");
    expect(none.listing.total).toBe(0);
    expect(none.listing.items).toEqual([]);
  });

  it("puts a bounded list of sectors in the calculator and finds the others by name", async () => {
    const data = (await callLoader(calculatorLoader, "/calculadora")) as { sectors: unknown[]; sectorSearch: boolean };
    expect(data.sectorSearch).toBe(true);
    expect(data.sectors.length).toBeLessThanOrEqual(40);
    const chosen = (await callLoader(
      calculatorLoader,
      `/calculadora?sector=${encodeURIComponent("Construcción 33")}`,
    )) as { state: { sector: string; values: { conversion: string; profit: string } } };
    expect(chosen.state.sector).toBe("Construcción 33");
    expect(chosen.state.values.conversion).toBe("15");
    const typed = (await callLoader(calculatorLoader, "/calculadora?sector=constr")) as {
      sectors: Array<{ name: string }>;
      state: { sector: string; errors: { sector?: string } };
    };
    expect(typed.state.sector).toBe("");
    expect(typed.state.errors.sector).toBe("Ese sector no está en la lista. Elige uno de la lista.");
    expect(typed.sectors.length).toBeGreaterThan(1);
    for (const sector of typed.sectors) expect(sector.name).toMatch(/^Construcción/);
  });

  it("answers the live sector search with at most 20 matches and their figures", async () => {
    const response = (await callLoader(sectorSearchLoader, "/api/sectores?q=constru")) as Response;
    const { sectors } = (await response.json()) as {
      sectors: Array<{ name: string; conversionRate: number; averageProfit: number }>;
    };
    expect(sectors.length).toBeGreaterThan(1);
    expect(sectors.length).toBeLessThanOrEqual(20);
    for (const sector of sectors) {
      expect(sector.name).toMatch(/^Construcción/);
      expect(sector.conversionRate).toBe(15);
    }
  });

  it("splits the sitemap into an index of files within the limit, listing every URL once", async () => {
    const whole = await ((await callLoader(sitemapLoader, "/sitemap.xml")) as Response).text();
    const every = [...whole.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(whole).toContain("<urlset");
    process.env.SITEMAP_MAX_URLS = "50";
    try {
      const index = await ((await callLoader(sitemapLoader, "/sitemap.xml")) as Response).text();
      expect(index).toContain("<sitemapindex");
      const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
      expect(files).toHaveLength(Math.ceil(every.length / 50));
      const listed: string[] = [];
      for (const [position, url] of files.entries()) {
        expect(url).toBe(`${SITE_URL}/sitemap/${position + 1}.xml`);
        const response = (await callLoader(sitemapFileLoader, `/sitemap/${position + 1}.xml`, {
          file: `${position + 1}.xml`,
        })) as Response;
        expect(response.status).toBe(200);
        expect(response.headers.get("Cache-Control")).toMatch(/public/);
        const body = await response.text();
        const locs = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
        expect(locs.length).toBeLessThanOrEqual(50);
        listed.push(...locs);
      }
      expect(listed).toEqual(every);
      const past = (await callLoader(sitemapFileLoader, "/sitemap/99.xml", { file: "99.xml" })) as Response;
      expect(past.status).toBe(404);
    } finally {
      delete process.env.SITEMAP_MAX_URLS;
    }
  });
});
