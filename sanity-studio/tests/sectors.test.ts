// The sectors, kept in order by one editor: groups as a list of their own (and the migration from the old
// free text), the related-sectors, featured and order checks, 'Duplicar sector' and the «Sectores» menu.
import { applyPatches } from "@sanity/mutate/_unstable_apply";
import { collectMigrationMutations, type MigrationContext, type Mutation } from "sanity/migrate";
import { describe, expect, it } from "vitest";

import { planSectorDuplicate } from "../actions/duplicate-sector";
import sectorGroupsFromText from "../migrations/sector-groups-from-text";
import { documentActions } from "../singletons";
import { initialOrder } from "../schemaTypes/sector-rules";
import { LISTS } from "../structure";
import {
  createDatasetClient,
  type DatasetDocument,
  describeProblems,
  readNdjson,
  SEED_FILE,
  validateDataset,
} from "./support/dataset";

const seed = () => readNdjson(SEED_FILE);
const byId = (documents: DatasetDocument[], id: string) => documents.find((document) => document._id === id)!;

/** The seed as a dataset from before the groups list: each page's group is its group's title, no group documents. */
function oldDataset(): DatasetDocument[] {
  const documents = seed();
  const titles = new Map(
    documents.filter((d) => d._type === "sectorGroup").map((d) => [d._id, d.title as string] as const),
  );
  return documents
    .filter((document) => document._type !== "sectorGroup")
    .map((document) => {
      const group = (document as { group?: { _ref: string } }).group;
      return group ? { ...document, group: titles.get(group._ref) } : document;
    }) as DatasetDocument[];
}

/** The documents after the migration, as the Content Lake applies its mutations (creations appended). */
async function migrate(documents: DatasetDocument[]): Promise<DatasetDocument[]> {
  const mutations: Mutation[] = [];
  const source = async function* () {
    yield* documents;
  };
  for await (const batch of collectMigrationMutations(sectorGroupsFromText, source, {} as MigrationContext))
    mutations.push(...([batch].flat(2) as Mutation[]));
  const result = documents.map((document) => structuredClone(document));
  for (const mutation of mutations) {
    if (mutation.type === "createIfNotExists") {
      if (!result.some((document) => document._id === mutation.document._id))
        result.push(mutation.document as DatasetDocument);
    } else if (mutation.type === "patch") {
      const at = result.findIndex((document) => document._id === mutation.id);
      result[at] = applyPatches([mutation.patches].flat() as never, result[at]) as DatasetDocument;
    } else throw new Error(`unexpected mutation ${mutation.type}`);
  }
  return result;
}

/** The parts of documents a migration decides (the seed's timestamps and revisions are its own). */
const content = (documents: DatasetDocument[]) =>
  documents
    .map(({ _createdAt: _c, _updatedAt: _u, _rev: _r, ...rest }) => rest)
    .sort((a, b) => a._id.localeCompare(b._id));

describe("migration sector-groups-from-text", () => {
  it("turns an old dataset's group texts into the seed's group documents and references", async () => {
    const migrated = await migrate(oldDataset());
    expect(content(migrated)).toEqual(content(seed()));
  });

  it("makes one group of spellings that differ in accents, case or spaces, and changes nothing run again", async () => {
    const old = oldDataset();
    byId(old, "sectorPage.software-b2b").group = "  tecnologia ";
    byId(old, "sectorPage.ciberseguridad").group = "TECNOLOGÍA";
    const once = await migrate(old);
    expect(byId(once, "sectorPage.software-b2b").group).toEqual({ _type: "reference", _ref: "sectorGroup.tecnologia" });
    expect(byId(once, "sectorPage.ciberseguridad").group).toEqual({
      _type: "reference",
      _ref: "sectorGroup.tecnologia",
    });
    expect(once.filter((document) => document._type === "sectorGroup")).toHaveLength(6);
    expect(await migrate(once)).toEqual(once);
  });

  it("leaves the migrated seed as it is", async () => {
    expect(await migrate(seed())).toEqual(seed());
  });
});

describe("sector page checks", () => {
  it("the seed has six featured sectors and passes", async () => {
    const documents = seed();
    expect(documents.filter((d) => d._type === "sectorPage" && d.featured === true)).toHaveLength(6);
    const problems = await validateDataset(
      documents,
      documents.filter((d) => d._type === "sectorPage" || d._type === "sectorGroup"),
    );
    expect(describeProblems(problems.filter((p) => p.level === "error"))).toBe("");
  });

  it("refuses a page among its own related sectors", async () => {
    const documents = seed();
    const page = {
      ...byId(documents, "sectorPage.construccion"),
      _id: "drafts.sectorPage.construccion",
      relatedSectors: [{ _type: "reference", _key: "a", _ref: "sectorPage.construccion" }],
    } as DatasetDocument;
    const problems = await validateDataset([...documents, page], [page]);
    expect(problems).toContainEqual(
      expect.objectContaining({ path: "relatedSectors", level: "error", message: expect.stringMatching(/propio/) }),
    );
  });

  it("refuses a seventh featured sector while six are featured on the live site, naming those six", async () => {
    const documents = seed();
    const featured = documents.filter((d) => d._type === "sectorPage" && d.featured === true);
    const candidate = documents.find((d) => d._type === "sectorPage" && d.featured !== true)!;
    const draft = { ...candidate, _id: `drafts.${candidate._id}`, featured: true } as DatasetDocument;
    const problems = await validateDataset([...documents, draft], [draft]);
    const problem = problems.find((p) => p.path === "featured");
    expect(problem?.level).toBe("error");
    for (const page of featured) expect(problem?.message).toContain(page.sectorName as string);
    // A draft that takes one of the six out makes no room: that sector is still featured on the site.
    const unfeatured = { ...featured[0]!, _id: `drafts.${featured[0]!._id}`, featured: false } as DatasetDocument;
    const pending = await validateDataset([...documents, unfeatured, draft], [draft]);
    const stillSix = pending.find((p) => p.path === "featured");
    expect(stillSix?.level).toBe("error");
    for (const page of featured) expect(stillSix?.message).toContain(page.sectorName as string);
    // Publishing that change (the live document no longer featured) does.
    const published = documents.map((d) => (d._id === featured[0]!._id ? { ...d, featured: false } : d));
    const after = await validateDataset([...published, draft], [draft]);
    expect(after.find((p) => p.path === "featured")).toBeUndefined();
    // A page already featured on the site keeps passing (it is not counted against itself).
    const featuredDraft = { ...featured[1]!, _id: `drafts.${featured[1]!._id}` } as DatasetDocument;
    const own = await validateDataset([...documents, featuredDraft], [featuredDraft]);
    expect(own.find((p) => p.path === "featured")).toBeUndefined();
  });

  it("warns about a repeated order, naming the other sector, and gives a new page the next order", async () => {
    const documents = seed();
    const pages = documents.filter((d) => d._type === "sectorPage");
    const [first, second] = pages as [DatasetDocument, DatasetDocument];
    const draft = { ...second, _id: `drafts.${second._id}`, order: first.order } as DatasetDocument;
    const problems = await validateDataset([...documents, draft], [draft]);
    expect(problems).toContainEqual({
      id: draft._id,
      path: "order",
      level: "warning",
      message: expect.stringContaining(first.sectorName as string),
    });
    const orders = pages.map((page) => page.order as number);
    const client = createDatasetClient(documents);
    expect(await initialOrder({}, { getClient: () => client } as never)).toBe(Math.max(...orders) + 1);
  });
});

describe("'Duplicar sector'", () => {
  it("replaces the Studio's duplicate on sector pages", () => {
    const duplicate = Object.assign(() => null, { action: "duplicate" as const });
    const actions = documentActions([duplicate] as never, { schemaType: "sectorPage" } as never) as {
      action?: string;
      name?: string;
    }[];
    expect(actions).toHaveLength(1);
    expect(actions[0]).not.toBe(duplicate);
    expect(actions[0]?.name).toBe("DuplicateSectorAction");
  });

  it("copies the page without its address, featured flag, calculator names or related sectors, last in the directory", () => {
    const documents = seed();
    const source = byId(documents, "sectorPage.construccion");
    expect(source.featured).toBe(true);
    const orders = documents.filter((d) => d._type === "sectorPage").map((d) => d.order as number);
    const copy = planSectorDuplicate(source, orders, "sectorPage.nuevo");
    expect(copy).toMatchObject({
      _id: "drafts.sectorPage.nuevo",
      _type: "sectorPage",
      sectorName: "Construcción (copia)",
      featured: false,
      order: Math.max(...orders) + 1,
      hero: source.hero,
      stats: source.stats,
      group: source.group,
    });
    for (const field of ["slug", "calculatorName", "calculatorAliases", "relatedSectors", "_rev", "_createdAt"])
      expect(copy).not.toHaveProperty(field);
  });

  it("names the copy as the editor asked, and leaves out the original's SEO title and description", () => {
    const documents = seed();
    const source = byId(documents, "sectorPage.construccion");
    const seo = source.seo as { title: string; description: string; keywords?: string[] };
    expect(seo.title).toBeTruthy();
    const copy = planSectorDuplicate(source, [1], "sectorPage.nuevo", "  Reformas de locales ");
    expect(copy.sectorName).toBe("Reformas de locales");
    expect(copy.seo).not.toHaveProperty("title");
    expect(copy.seo).not.toHaveProperty("description");
    expect((copy.seo as { keywords?: string[] }).keywords).toEqual(seo.keywords);
  });
});

describe("the lists' sort", () => {
  it("sorts experiments by status (running, paused, ended) and redirects by their old address, never by a missing order", () => {
    expect(LISTS.experiment?.ordering?.[0]).toEqual({ field: "status", direction: "desc" });
    expect(["ended", "paused", "running"].sort().reverse()).toEqual(["running", "paused", "ended"]);
    expect(LISTS.redirect?.ordering).toEqual([{ field: "source", direction: "asc" }]);
  });
});

describe("pages with the same title in Google", () => {
  it("warns on a sector page whose SEO title another sector or campaign page has, naming it", async () => {
    const documents = seed();
    const original = byId(documents, "sectorPage.construccion");
    const copy = {
      ...original,
      _id: "drafts.sectorPage.copia",
      slug: { _type: "slug", current: "construccion-copia" },
      sectorName: "Construcción 2",
      seo: { ...(original.seo as object), title: ` ${(original.seo as { title: string }).title.toUpperCase()} ` },
    } as DatasetDocument;
    const problems = await validateDataset([...documents, copy], [copy]);
    expect(problems).toContainEqual({
      id: copy._id,
      path: "seo",
      level: "warning",
      message: expect.stringContaining(original.sectorName as string),
    });
    const campaign = documents.find((d) => d._type === "campaignPage")!;
    const sameAsSector = {
      ...campaign,
      _id: `drafts.${campaign._id}`,
      seo: { _type: "campaignSeo", title: (original.seo as { title: string }).title },
    } as DatasetDocument;
    const campaignProblems = await validateDataset([...documents, sameAsSector], [sameAsSector]);
    expect(campaignProblems).toContainEqual(
      expect.objectContaining({ path: "seo", level: "warning", message: expect.stringContaining("Construcción") }),
    );
  });

  it("does not count a page's own draft or published version, and says nothing about unique titles", async () => {
    const documents = seed();
    const original = byId(documents, "sectorPage.construccion");
    const draft = { ...original, _id: "drafts.sectorPage.construccion" } as DatasetDocument;
    const problems = await validateDataset([...documents, draft], [draft]);
    expect(problems.filter((p) => p.path === "seo")).toEqual([]);
  });
});
