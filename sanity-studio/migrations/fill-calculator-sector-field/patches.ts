/**
 * The patches of the fill-calculator-sector-field migration, apart so a test can run them on documents.
 * The wording is the seed's (seed/production.ndjson), read when the migration loads: one place holds it.
 */
import { readFileSync } from "node:fs";
import { at, setIfMissing } from "sanity/migrate";

type Texts = Record<string, string>;

function seedSectorField(): Texts {
  const file = new URL("../../seed/production.ndjson", import.meta.url);
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (!line.includes('"_id":"calculatorPage"')) continue;
    const document = JSON.parse(line) as { _id: string; sectorField?: Texts };
    if (document._id === "calculatorPage" && document.sectorField) return document.sectorField;
  }
  throw new Error("seed/production.ndjson has no calculatorPage document with sectorField");
}

/** What the migration sets on the calculator page: each text only where it is missing. */
export function calculatorSectorFieldPatches() {
  const texts = seedSectorField();
  return [
    at("sectorField", setIfMissing({})),
    ...Object.entries(texts).map(([name, text]) => at(["sectorField", name], setIfMissing(text))),
  ];
}
