// The sector page route against the shipped dataset: every published slug answers with its page, the
// spec's projection and its head tags (title, description, keywords, canonical, Open Graph, JSON-LD).
import type { MetaDescriptor } from "@remix-run/node";

import { getSiteSettings } from "~/content/index.server";
import { loader as directoryLoader } from "~/routes/sectores._index";
import { loader as sectorLoader, meta as sectorMeta } from "~/routes/sectores.$slug";

import { readDocuments, SEED_FILE, useDatasetCopy } from "../support/dataset";
import { callLoader } from "../support/routes";

const SITE_URL = "https://leads.example.es";

interface SectorDocument {
  _id: string;
  _type: string;
  sectorName: string;
  slug: { current: string };
  stats?: { conversionRate?: number; averageProfit?: number; costPerLead?: number };
  projection?: { fixedInvestments?: number[] };
  seo?: { title?: string; description?: string; keywords?: string[] };
  structuredData?: { schemaType?: string; serviceType?: string; audienceType?: string; offers?: unknown[] };
}

const sectorDocuments = readDocuments(SEED_FILE).filter(
  (document) => document._type === "sectorPage" && !document._id.startsWith("drafts."),
) as unknown as SectorDocument[];

type SectorData = Exclude<Awaited<ReturnType<typeof sectorLoader>>, Response>;

async function loadSector(slug: string): Promise<SectorData> {
  const result = await callLoader(sectorLoader, `/sectores/${slug}`, { slug });
  if (result instanceof Response) throw new Error(`/sectores/${slug} answered ${result.status}`);
  return result as SectorData;
}

async function headTags(data: SectorData): Promise<MetaDescriptor[]> {
  const root = { settings: await getSiteSettings(), siteUrl: SITE_URL };
  const args = {
    data,
    matches: [
      { id: "root", data: root },
      { id: "routes/sectores.$slug", data },
    ],
  } as unknown as Parameters<typeof sectorMeta>[0];
  return sectorMeta(args);
}

/** The spec's projection, written out independently of app/domain/projection.ts. */
function expectedRows(document: SectorDocument) {
  const conversion = document.stats?.conversionRate ?? 25;
  const profit = document.stats?.averageProfit ?? 1000;
  const cost = document.stats?.costPerLead ?? 80;
  const base = Math.max(1000, cost * 15);
  const investments = document.projection?.fixedInvestments?.length
    ? document.projection.fixedInvestments
    : [base, base * 2.5, base * 5];
  return investments.map((investment) => {
    const leads = Math.floor(investment / cost + 1e-9);
    const clients = Math.floor((leads * conversion) / 100 + 1e-9);
    const revenue = clients * profit;
    return { investment, leads, clients, revenue, roi: Math.floor(((revenue - investment) * 100) / investment + 1e-9) };
  });
}

beforeAll(() => {
  useDatasetCopy();
  process.env.PUBLIC_SITE_URL = SITE_URL;
});
afterAll(() => {
  delete process.env.PUBLIC_SITE_URL;
});

describe("sector pages", () => {
  it("the dataset publishes the spec's 32 sector pages", () => {
    expect(sectorDocuments.length).toBeGreaterThanOrEqual(32);
    for (const slug of ["construccion", "software-b2b", "logistica-transporte", "formacion-online"]) {
      expect(sectorDocuments.map((document) => document.slug.current)).toContain(slug);
    }
  });

  it.each(sectorDocuments.map((document) => [document.slug.current, document] as const))(
    "/sectores/%s answers with its page and the spec's projection",
    async (slug, document) => {
      const { page, projection } = await loadSector(slug);
      expect(page.slug).toBe(slug);
      expect(page.sectorName).toBe(document.sectorName);
      expect(page.hero?.title).toBeTruthy();
      expect(page.services?.items).toHaveLength(3);
      for (const service of page.services?.items ?? []) expect(service.features).toHaveLength(3);
      expect(projection.rows).toEqual(expectedRows(document));
      expect(projection.rows).toHaveLength(3);
    },
  );

  it("projects the logistics page at the fixed 3.000 €, 8.000 € and 15.000 €", async () => {
    const { projection } = await loadSector("logistica-transporte");
    expect(projection.rows.map((row) => row.investment)).toEqual([3000, 8000, 15000]);
  });

  it("projects other pages from max(1.000 €, 15 leads), × 2.5 and × 5", async () => {
    const { page, projection } = await loadSector("construccion");
    const base = Math.max(1000, (page.stats?.costPerLead ?? 80) * 15);
    expect(projection.rows.map((row) => row.investment)).toEqual([base, base * 2.5, base * 5]);
  });

  it("answers 404 for an unknown or malformed slug, and logs the path as an error", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    for (const slug of ["no-existe", "Construccion", "../legal", "a".repeat(200)]) {
      const path = `/sectores/${encodeURIComponent(slug)}`;
      const response = (await callLoader(sectorLoader, path, { slug })) as Response;
      expect(response).toBeInstanceOf(Response);
      expect(response.status).toBe(404);
      expect(errors.mock.calls.at(-1)?.[0]).toContain(`"path":"${path}"`);
    }
    errors.mockRestore();
  });

  it("gives every sector page its title, description, keywords, canonical, Open Graph and Service JSON-LD", async () => {
    for (const document of sectorDocuments) {
      const slug = document.slug.current;
      const tags = await headTags(await loadSector(slug));
      const url = `${SITE_URL}/sectores/${slug}`;
      expect(tags).toContainEqual({ title: document.seo?.title });
      expect(tags).toContainEqual({ name: "description", content: document.seo?.description });
      expect(tags).toContainEqual({ name: "keywords", content: document.seo?.keywords?.join(", ") });
      expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: url });
      expect(tags).toContainEqual({ property: "og:url", content: url });
      expect(tags).toContainEqual({ property: "og:title", content: document.seo?.title });

      const ld = (tags.find((tag) => "script:ld+json" in tag) as Record<string, unknown> | undefined)?.[
        "script:ld+json"
      ] as Record<string, unknown>;
      expect(ld).toMatchObject({
        "@context": "https://schema.org",
        "@type": "Service",
        url,
        provider: { "@type": "Organization", name: expect.any(String) },
        areaServed: { "@type": "Country", name: "Spain" },
        serviceType: document.structuredData?.serviceType,
        audience: { "@type": "Audience", audienceType: document.structuredData?.audienceType },
      });
      const offers = document.structuredData?.offers ?? [];
      if (offers.length > 0) expect(ld.offers).toHaveLength(offers.length);
      else expect(ld).not.toHaveProperty("offers");
    }
  });
});

describe("sector directory", () => {
  it("lists every sector page, the featured ones flagged, each with a tooltip", async () => {
    const { listing, featured } = (await callLoader(directoryLoader, "/sectores")) as Exclude<
      Awaited<ReturnType<typeof directoryLoader>>,
      Response
    >;
    const sectors = listing.items;
    expect(sectors.map((sector: { slug: string | null }) => sector.slug).sort()).toEqual(
      sectorDocuments.map((document) => document.slug.current).sort(),
    );
    expect(sectors.filter((sector: { featured: boolean | null }) => sector.featured)).toHaveLength(6);
    expect(featured.map((sector) => sector.slug)).toEqual(
      sectors.filter((sector) => sector.featured).map((sector) => sector.slug),
    );
    for (const sector of sectors) expect(sector.tooltip).toBeTruthy();
  });
});
