// Editors' redirects through the routes that would otherwise answer 404, on both content sources (the
// NDJSON file and the Sanity stand-in): 301/302, the visitor's query kept, chains in one hop, loops
// cut without a 5xx, a live page winning, disabled redirects, the sitemap, and a change live quickly.
import { setupServer } from "msw/node";

import { contentSource, resetContentSource } from "~/content/source.server";
import { loader as notFoundLoader } from "~/routes/$";
import { loader as sectorLoader } from "~/routes/sectores.$slug";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";

import { readDocuments, SEED_FILE, useDatasetCopy, writeDocuments } from "../support/dataset";
import { callLoader } from "../support/routes";
import { SANITY_STAND_IN_HOST, sanityQueryHandlers } from "../support/sanity-stand-in";

const redirect = (id: string, source: string, destination: string, extra: Record<string, unknown> = {}) => ({
  _id: `redirect.${id}`,
  _type: "redirect",
  _createdAt: "2025-01-01T00:00:00Z",
  _updatedAt: "2025-01-01T00:00:00Z",
  source,
  destination,
  permanent: true,
  enabled: true,
  ...extra,
});

const REDIRECTS = [
  redirect("renombrado", "/sectores/reformas", "/sectores/construccion"),
  redirect("campana", "/oferta-2024", "/mensual?plan=pro", { permanent: false }),
  redirect("externa", "/blog", "https://blog.example.com/inicio"),
  redirect("cadena-1", "/viejo-1", "/viejo-2"),
  redirect("cadena-2", "/viejo-2", "/viejo-3", { permanent: false }),
  redirect("cadena-3", "/viejo-3", "/contacto"),
  redirect("bucle-a", "/bucle-a", "/bucle-b"),
  redirect("bucle-b", "/bucle-b", "/bucle-a"),
  redirect("tapada", "/sectores/construccion", "/contacto"),
  redirect("apagada", "/apagada", "/contacto", { enabled: false }),
];

let datasetFile: string;
const server = setupServer(...sanityQueryHandlers(process.env.CONTENT_DATASET_FILE ?? SEED_FILE));

async function visit(path: string): Promise<Response | unknown> {
  const pathname = new URL(path, "http://x").pathname;
  const sector = pathname.match(/^\/sectores\/([^/]+)$/);
  if (sector) return callLoader(sectorLoader, path, { slug: decodeURIComponent(sector[1]) });
  return callLoader(notFoundLoader, path, { "*": pathname.slice(1) });
}

async function expectRedirect(path: string, status: number, location: string) {
  const response = (await visit(path)) as Response;
  expect(response).toBeInstanceOf(Response);
  expect(response.status, path).toBe(status);
  expect(response.headers.get("Location"), path).toBe(location);
}

describe.each(["local", "sanity"] as const)("redirects from the %s content source", (kind) => {
  beforeAll(() => server.listen({ onUnhandledRequest: "bypass" }));
  afterAll(() => {
    server.close();
    delete process.env.SANITY_PROJECT_ID;
    delete process.env.SANITY_API_HOST;
    process.env.CONTENT_DATASET_FILE = SEED_FILE;
    resetContentSource();
  });
  beforeEach(() => {
    datasetFile = useDatasetCopy();
    writeDocuments(datasetFile, [...readDocuments(datasetFile), ...REDIRECTS]);
    server.resetHandlers(...sanityQueryHandlers(datasetFile));
    if (kind === "sanity") {
      process.env.SANITY_PROJECT_ID = "testproject";
      process.env.SANITY_API_HOST = SANITY_STAND_IN_HOST;
    }
    resetContentSource();
    expect(contentSource().kind).toBe(kind);
  });
  afterEach(() => vi.restoreAllMocks());

  it("answers 301 or 302 as the redirect says, keeping the visitor's query string; a hop onto a live page ends there", async () => {
    await expectRedirect(
      "/sectores/reformas?utm_source=google&utm_campaign=obra&gclid=abc123",
      301,
      "/sectores/construccion?utm_source=google&utm_campaign=obra&gclid=abc123",
    );
    await expectRedirect("/oferta-2024?gclid=x1&plan=basico", 302, "/mensual?gclid=x1&plan=basico");
    await expectRedirect("/oferta-2024", 302, "/mensual?plan=pro");
    await expectRedirect("/blog/?utm_medium=cpc", 301, "https://blog.example.com/inicio?utm_medium=cpc");
  });

  it("matches the old address however it is spelled (case, trailing slash)", async () => {
    await expectRedirect("/Oferta-2024/", 302, "/mensual?plan=pro");
  });

  it("resolves a chain to its end in one hop (302 when any hop is temporary), stopping on a live page", async () => {
    await expectRedirect("/viejo-1?utm_source=x", 302, "/contacto?utm_source=x");
    await expectRedirect("/viejo-3", 301, "/contacto");
  });

  it("cuts a loop with one log line and a 404, never a 5xx", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = (await visit("/bucle-a")) as Response;
    expect(response.status).toBe(404);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(errors.mock.calls[0][0]))).toMatchObject({ msg: "redirect loop", path: "/bucle-a" });
  });

  it("never shadows a live page, and a disabled redirect does nothing", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const page = (await visit("/sectores/construccion")) as { page: { sectorName: string } };
    expect(page.page.sectorName).toBe("Construcción");
    expect(((await visit("/apagada")) as Response).status).toBe(404);
  });

  it("keeps redirect sources out of the sitemap", async () => {
    const xml = await ((await callLoader(sitemapLoader, "/sitemap.xml")) as Response).text();
    for (const source of ["/sectores/reformas", "/oferta-2024", "/blog", "/viejo-1", "/bucle-a", "/apagada"]) {
      expect(xml).not.toContain(`${source}<`);
    }
    expect(xml).toContain("/sectores/construccion<");
  });

  it("applies a new redirect within 5 seconds of its publication", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(((await visit("/nueva-campana")) as Response).status).toBe(404);
    writeDocuments(datasetFile, [...readDocuments(datasetFile), redirect("nueva", "/nueva-campana", "/calculadora")]);
    // Sanity announces a publication through its webhook (/api/revalidate), which drops cached content.
    if (kind === "sanity") contentSource().invalidate();
    await vi.waitFor(async () => expect(((await visit("/nueva-campana")) as Response).status).toBe(301), {
      timeout: 5000,
      interval: 250,
    });
  });
});
