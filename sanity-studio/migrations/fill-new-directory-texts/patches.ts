/**
 * The patches of the fill-new-directory-texts migration, apart so a test can run them on documents.
 * The wording is the seed's (seed/production.ndjson), read when the migration loads: one place holds it.
 */
import { readFileSync } from "node:fs";
import { at, setIfMissing } from "sanity/migrate";

type Texts = Record<string, string>;

interface SeedDirectory {
  listControls: Texts;
  sectorPageLabels: { relatedHeading: string };
}

function seedDirectory(): SeedDirectory {
  const file = new URL("../../seed/production.ndjson", import.meta.url);
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (!line.includes('"_id":"sectorsDirectory"')) continue;
    const document = JSON.parse(line) as { _id: string } & SeedDirectory;
    if (document._id === "sectorsDirectory") return document;
  }
  throw new Error("seed/production.ndjson has no sectorsDirectory document");
}

/** What the migration sets on a directory document: each text only where it is missing. */
export function directoryTextPatches() {
  const seed = seedDirectory();
  return [
    at("listControls", setIfMissing({})),
    ...Object.entries(seed.listControls).map(([name, text]) => at(["listControls", name], setIfMissing(text))),
    at("sectorPageLabels", setIfMissing({})),
    at(["sectorPageLabels", "relatedHeading"], setIfMissing(seed.sectorPageLabels.relatedHeading)),
  ];
}
