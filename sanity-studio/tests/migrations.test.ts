// The content migrations (migrations/): run on documents as `sanity migration run` would, their patches
// applied the way the Content Lake applies them.
import { applyPatches } from "@sanity/mutate/_unstable_apply";
import { collectMigrationMutations, type MigrationContext, type Mutation } from "sanity/migrate";
import { describe, expect, it } from "vitest";

import fillCalculatorSectorField from "../migrations/fill-calculator-sector-field";
import fillNewDirectoryTexts from "../migrations/fill-new-directory-texts";
import internalLinksToReferences from "../migrations/internal-links-to-references";
import { createDatasetClient, type DatasetDocument, readNdjson, SEED_FILE } from "./support/dataset";

const seedDirectory = () => readNdjson(SEED_FILE).find((document) => document._id === "sectorsDirectory")!;

/** The documents after the migration: each one patched by every mutation that names it. */
async function migrate(
  documents: DatasetDocument[],
  migration: Parameters<typeof collectMigrationMutations>[0] = fillNewDirectoryTexts,
  context = {} as MigrationContext,
): Promise<DatasetDocument[]> {
  const mutations: Mutation[] = [];
  const source = async function* () {
    yield* documents;
  };
  for await (const batch of collectMigrationMutations(migration, source, context))
    mutations.push(...([batch].flat(2) as Mutation[]));
  return documents.map((document) => {
    let result = document;
    for (const mutation of mutations)
      if (mutation.type === "patch" && mutation.id === document._id)
        result = applyPatches([mutation.patches].flat() as never, result) as DatasetDocument;
    return result;
  });
}

describe("migration fill-new-directory-texts", () => {
  it("gives a directory from before the list's search its texts and the related heading, in the seed's words", async () => {
    const seed = seedDirectory();
    const { listControls: _, ...old } = structuredClone(seed);
    delete (old.sectorPageLabels as Record<string, unknown>).relatedHeading;
    const [migrated] = await migrate([old as DatasetDocument]);
    expect(migrated.listControls).toEqual(seed.listControls);
    expect(migrated.sectorPageLabels).toEqual(seed.sectorPageLabels);
  });

  it("keeps every text an editor already wrote, fills only the missing ones, and changes nothing run again", async () => {
    const seed = seedDirectory();
    const edited = {
      ...structuredClone(seed),
      listControls: { searchLabel: "Encuentra tu sector", next: "Más" },
      sectorPageLabels: { ...(seed.sectorPageLabels as object), relatedHeading: "También te puede interesar" },
    } as DatasetDocument;
    const [once] = await migrate([edited]);
    expect(once.listControls).toEqual({
      ...(seed.listControls as object),
      searchLabel: "Encuentra tu sector",
      next: "Más",
    });
    expect((once.sectorPageLabels as { relatedHeading: string }).relatedHeading).toBe("También te puede interesar");
    const [twice] = await migrate([once]);
    expect(twice).toEqual(once);
  });

  it("leaves the seed as it is and touches no other document", async () => {
    const seed = readNdjson(SEED_FILE);
    expect(await migrate(seed)).toEqual(seed);
  });
});

describe("migration fill-calculator-sector-field", () => {
  const seedCalculator = () => readNdjson(SEED_FILE).find((document) => document._id === "calculatorPage")!;

  it("gives a calculator page from before them the sector field's texts, in the seed's words", async () => {
    const seed = seedCalculator();
    expect(seed.sectorField).toEqual({
      selectPlaceholder: "Selecciona tu sector",
      searchPlaceholder: "Escribe tu sector para buscarlo",
    });
    const { sectorField: _, ...old } = structuredClone(seed);
    const [migrated] = await migrate([old as DatasetDocument], fillCalculatorSectorField);
    expect(migrated).toEqual(seed);
  });

  it("keeps a text an editor wrote, and changes nothing run again or on the seed", async () => {
    const edited = { ...seedCalculator(), sectorField: { selectPlaceholder: "Elige tu sector" } } as DatasetDocument;
    const [once] = await migrate([edited], fillCalculatorSectorField);
    expect(once.sectorField).toEqual({
      selectPlaceholder: "Elige tu sector",
      searchPlaceholder: "Escribe tu sector para buscarlo",
    });
    expect(await migrate([once], fillCalculatorSectorField)).toEqual([once]);
    const seed = readNdjson(SEED_FILE);
    expect(await migrate(seed, fillCalculatorSectorField)).toEqual(seed);
  });
});

describe("migration internal-links-to-references", () => {
  /** The migration over `documents`, its client answering from the same documents (as the Content Lake would). */
  const migrateLinks = (documents: DatasetDocument[]) =>
    migrate(documents, internalLinksToReferences, {
      client: createDatasetClient(documents),
    } as unknown as MigrationContext);

  /** The seed as it was before: every link that names a page written back as its path. */
  function seedWithTypedPaths(): DatasetDocument[] {
    const seed = readNdjson(SEED_FILE);
    const paths: Record<string, string> = {
      plansPage: "/mensual",
      sectorsDirectory: "/sectores",
      calculatorPage: "/calculadora",
      contactPage: "/contacto",
      draftContractPage: "/borrador",
    };
    // Where each kind of link keeps its typed address.
    const field: Record<string, string> = { cta: "href", navItem: "target", nextStep: "linkHref" };
    const unmigrate = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(unmigrate);
      if (!value || typeof value !== "object") return value;
      const object = Object.fromEntries(Object.entries(value).map(([key, child]) => [key, unmigrate(child)]));
      const page = object.page as { _ref?: string } | undefined;
      const typed = field[object._type as string];
      if (!typed || !page?._ref) return object;
      const { page: _, anchor, ...rest } = object;
      return { ...rest, [typed]: `${paths[page._ref]}${(anchor as string | undefined) ?? ""}` };
    };
    return seed.map((document) => unmigrate(document) as DatasetDocument);
  }

  it("turns the seed's typed paths into references to the pages, keeping queries and anchors", async () => {
    const seed = readNdjson(SEED_FILE);
    const old = seedWithTypedPaths();
    expect(JSON.stringify(old)).toContain('"href":"/calculadora?sector=Software%20B2B%20(SaaS)"');
    // The header menu's page items and the first next step name their pages too.
    expect(JSON.stringify(old)).toContain('"target":"/calculadora"');
    expect(JSON.stringify(old)).toContain('"linkHref":"/borrador"');
    const migrated = await migrateLinks(old);
    expect(migrated).toEqual(seed);
    const settings = migrated.find((document) => document._id === "siteSettings")!;
    expect(settings.navigation).toContainEqual(
      expect.objectContaining({ kind: "link", page: { _type: "reference", _ref: "calculatorPage" } }),
    );
    // A section item keeps its id on `/`.
    expect(settings.navigation).toContainEqual(expect.objectContaining({ kind: "scroll", target: "proceso" }));
  });

  it("changes nothing when run again on the seed", async () => {
    const seed = readNdjson(SEED_FILE);
    const once = await migrateLinks(seed);
    expect(once).toEqual(seed);
    expect(await migrateLinks(once)).toEqual(seed);
  });

  it("links sector and campaign pages by their slug, leaves other addresses, and warns about a path no page has", async () => {
    const seed = readNdjson(SEED_FILE);
    const sector = seed.find((document) => document._type === "sectorPage")!;
    const slug = (sector.slug as { current: string }).current;
    const page = {
      _id: "campaignPage.enlaces",
      _type: "campaignPage",
      title: "Enlaces",
      slug: { _type: "slug", current: "enlaces" },
      blocks: [
        { _key: "a", _type: "ctaBlock", cta: { _type: "cta", label: "Sector", href: `/sectores/${slug}#calculadora` } },
        { _key: "b", _type: "ctaBlock", cta: { _type: "cta", label: "Fuera", href: "https://example.com/x" } },
        { _key: "c", _type: "ctaBlock", cta: { _type: "cta", label: "Perdido", href: "/no-existe?x=1" } },
        { _key: "d", _type: "ctaBlock", cta: { _type: "cta", label: "Ancla", href: "#formulario" } },
        {
          _key: "e",
          _type: "richTextBlock",
          body: [
            {
              _key: "p",
              _type: "block",
              children: [{ _key: "s", _type: "span", text: "Escríbenos", marks: ["l1", "l2"] }],
              markDefs: [
                { _key: "l1", _type: "link", href: "/reformas-integrales" },
                { _key: "l2", _type: "link", href: "mailto:hola@example.com" },
              ],
            },
          ],
        },
      ],
    } as unknown as DatasetDocument;
    const menu = [
      { _key: "m1", _type: "navItem", label: "Proceso", kind: "scroll", target: "proceso" },
      { _key: "m2", _type: "navItem", label: "Sector", kind: "link", target: `/sectores/${slug}/#calculadora` },
      { _key: "m3", _type: "navItem", label: "Fuera", kind: "link", target: "https://example.com/menu" },
    ];
    const steps = [
      {
        _key: "s1",
        _type: "nextStep",
        title: "Uno",
        description: "x",
        linkLabel: "Ver",
        linkHref: "/enlaces?origen=pasos",
      },
      {
        _key: "s2",
        _type: "nextStep",
        title: "Dos",
        description: "y",
        linkLabel: "Perdido",
        linkHref: "/no-existe-paso",
      },
    ];
    const documents = seed.map((document) =>
      document._id === "siteSettings"
        ? { ...document, navigation: menu }
        : document._id === "nextStepsPage"
          ? { ...document, steps }
          : document,
    );
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (message: string) => warnings.push(message);
    try {
      const all = await migrateLinks([...documents, page]);
      expect(all.find((document) => document._id === "siteSettings")!.navigation).toEqual([
        menu[0],
        { ...menu[1], target: undefined, page: { _type: "reference", _ref: sector._id }, anchor: "#calculadora" },
        menu[2],
      ]);
      expect(all.find((document) => document._id === "nextStepsPage")!.steps).toEqual([
        { ...steps[0], linkHref: undefined, page: { _type: "reference", _ref: page._id }, anchor: "?origen=pasos" },
        steps[1],
      ]);
      const migrated = all.find((document) => document._id === page._id)!;
      const blocks = migrated.blocks as Array<Record<string, any>>;
      expect(blocks[0]!.cta).toEqual({
        _type: "cta",
        label: "Sector",
        page: { _type: "reference", _ref: sector._id },
        anchor: "#calculadora",
      });
      expect(blocks[1]!.cta.href).toBe("https://example.com/x");
      expect(blocks[2]!.cta).toEqual({ _type: "cta", label: "Perdido", href: "/no-existe?x=1" });
      expect(blocks[3]!.cta.href).toBe("#formulario");
      expect(blocks[4]!.body[0].markDefs).toEqual([
        { _key: "l1", _type: "link", page: { _type: "reference", _ref: "campaignPage.reformas-integrales" } },
        { _key: "l2", _type: "link", href: "mailto:hola@example.com" },
      ]);
    } finally {
      console.warn = warn;
    }
    expect(warnings).toEqual(
      expect.arrayContaining([
        expect.stringContaining("«/no-existe?x=1» no es la dirección de ninguna página"),
        expect.stringContaining("«/no-existe-paso» no es la dirección de ninguna página"),
      ]),
    );
    expect(warnings).toHaveLength(2);
  });
});
