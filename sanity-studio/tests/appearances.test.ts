// «Dónde aparece»: the pages a document appears on, from the live query of what references it, run here
// on the seed dataset with groq-js (the query Presentation listens to in the Studio).
import { describe, expect, it } from "vitest";
import { APPEARANCES_QUERY, type AppearancesResult, appearances } from "../presentation/appearances";
import { createDatasetClient, type DatasetDocument, readNdjson, SEED_FILE } from "./support/dataset";

async function whereIs(id: string, documents: DatasetDocument[] = readNdjson(SEED_FILE)) {
  const client = createDatasetClient(documents);
  const result = await client.fetch<AppearancesResult>(APPEARANCES_QUERY, { id, draftId: `drafts.${id}` });
  return appearances(result);
}

const hrefs = (state: Awaited<ReturnType<typeof whereIs>>) => state?.locations.map((location) => location.href);

describe("where a document appears", () => {
  it("an FAQ: the pages whose lists use it, a campaign page included", async () => {
    expect(hrefs(await whereIs("faqItem.landing-1"))).toEqual(["/reformas-integrales", "/"]);
    // One not on the campaign page: only the pages that do list it.
    expect(hrefs(await whereIs("faqItem.landing-2"))).not.toContain("/reformas-integrales");
  });

  it("a plan: the pages that show it, not a fixed list", async () => {
    const pages = hrefs(await whereIs("plan.captacion-pro"));
    expect(pages).toContain("/mensual");
    expect(pages).toContain("/iniciar-servicio");
  });

  it("a sector page: its page, the directory, /calculadora, the campaign pages whose blocks show it and the sectors linking to it", async () => {
    const pages = hrefs(await whereIs("sectorPage.construccion"));
    expect(pages?.slice(0, 3)).toEqual(["/sectores/construccion", "/sectores", "/calculadora"]);
    expect(pages).toContain("/reformas-integrales");
    expect(pages).toEqual([...new Set(pages)]);
  });

  it("follows a new reference at once: an FAQ added to a campaign page lists that page", async () => {
    const documents = readNdjson(SEED_FILE);
    const campaign = documents.find((document) => document._id === "campaignPage.software-b2b-demos")!;
    const edited = {
      ...campaign,
      _id: "drafts.campaignPage.software-b2b-demos",
      blocks: [
        ...(campaign.blocks as object[]),
        { _type: "faqBlock", _key: "faq", items: [{ _type: "reference", _key: "f", _ref: "faqItem.landing-2" }] },
      ],
    } as DatasetDocument;
    expect(hrefs(await whereIs("faqItem.landing-2", [...documents, edited]))).toContain("/software-b2b-demos");
  });

  it("a page a button or a link names: every page that links to it, the footer's settings included", async () => {
    const state = await whereIs("calculatorPage");
    expect(hrefs(state)).toContain("/calculadora");
    expect(hrefs(state)).toContain("/software-b2b-demos");
    expect(state?.locations.map((location) => location.title)).toContain(
      "Ajustes del sitio: menú o pie de todas las páginas",
    );
    expect(hrefs(await whereIs("plansPage"))).toContain("/sectores/logistica-transporte");
  });

  it("says so when a document is on no page yet, and shows nothing for a redirect", async () => {
    const orphan = { _id: "faqItem.nueva", _type: "faqItem", question: "¿Nueva?" } as unknown as DatasetDocument;
    const state = await whereIs("faqItem.nueva", [...readNdjson(SEED_FILE), orphan]);
    expect(state).toMatchObject({ locations: [], message: expect.stringMatching(/ninguna página/) });
    expect(appearances({ document: { _type: "redirect" }, referrers: [] })).toBeNull();
  });
});
