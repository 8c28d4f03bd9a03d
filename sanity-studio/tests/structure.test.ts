// «Sectores»' lists run their filters in the drafts perspective (Studio 5's lists), where a document with a
// draft has the published `_id` and the draft's id in `_originalId`: the dataset here is built the way
// the site's own local source builds that perspective (app/content/local-source.server.ts, datasetFor).
import { evaluate, parse } from "groq-js";
import { describe, expect, it } from "vitest";

import { datasetFor, type SanityDocument } from "../../app/content/local-source.server";
import { SECTOR_FILTERS, sectorListQuery } from "../structure";

const sector = (id: string, fields: Record<string, unknown> = {}): SanityDocument => ({
  _id: id,
  _type: "sectorPage",
  sectorName: id,
  ...fields,
});

const raw: SanityDocument[] = [
  sector("sectorPage.reformas", { featured: true }),
  sector("drafts.sectorPage.reformas", { featured: false, sectorName: "Reformas (cambios)" }),
  sector("sectorPage.limpieza", { group: { _ref: "sectorGroup.servicios" } }),
  sector("drafts.sectorPage.nuevo", { sectorName: "Nuevo, nunca publicado" }),
  sector("sectorPage.abogados", { featured: true }),
];

async function ids(filter: string, params: Record<string, unknown> = {}): Promise<string[]> {
  const dataset = datasetFor(raw, "drafts");
  const result = await (await evaluate(parse(`*[${sectorListQuery(filter)}]._id`), { dataset, params })).get();
  return (result as string[]).sort();
}

describe("«Sectores»' lists in the drafts perspective", () => {
  it("«Con cambios sin publicar» lists every page with a draft (the old `_id` filter found none there)", async () => {
    expect(await ids(`_id in path("drafts.**")`)).toEqual([]);
    expect(await ids(SECTOR_FILTERS.unpublishedChanges)).toEqual(["sectorPage.nuevo", "sectorPage.reformas"]);
  });

  it("«Sectores destacados» shows what the editor sees now, the draft's choice included", async () => {
    expect(await ids(SECTOR_FILTERS.featured)).toEqual(["sectorPage.abogados"]);
  });

  it("the group lists find pages by group and without one", async () => {
    expect(await ids(SECTOR_FILTERS.byGroup, { groupId: "sectorGroup.servicios" })).toEqual(["sectorPage.limpieza"]);
    expect(await ids(SECTOR_FILTERS.withoutGroup)).toEqual([
      "sectorPage.abogados",
      "sectorPage.nuevo",
      "sectorPage.reformas",
    ]);
  });
});
