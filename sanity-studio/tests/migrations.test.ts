// The content migrations (migrations/): run on documents as `sanity migration run` would, their patches
// applied the way the Content Lake applies them.
import { applyPatches } from "@sanity/mutate/_unstable_apply";
import { collectMigrationMutations, type MigrationContext, type Mutation } from "sanity/migrate";
import { describe, expect, it } from "vitest";

import fillCalculatorSectorField from "../migrations/fill-calculator-sector-field";
import fillNewDirectoryTexts from "../migrations/fill-new-directory-texts";
import { type DatasetDocument, readNdjson, SEED_FILE } from "./support/dataset";

const seedDirectory = () => readNdjson(SEED_FILE).find((document) => document._id === "sectorsDirectory")!;

/** The documents after the migration: each one patched by every mutation that names it. */
async function migrate(
  documents: DatasetDocument[],
  migration: Parameters<typeof collectMigrationMutations>[0] = fillNewDirectoryTexts,
): Promise<DatasetDocument[]> {
  const mutations: Mutation[] = [];
  const source = async function* () {
    yield* documents;
  };
  for await (const batch of collectMigrationMutations(migration, source, {} as MigrationContext))
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
