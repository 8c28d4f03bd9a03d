/**
 * Reads the content the e2e server serves (the seed dataset, or CONTENT_DATASET_FILE) so page tests
 * assert the texts editors wrote instead of copies of them.
 */
import fs from "node:fs";
import path from "node:path";

type SeedDocument = Record<string, any> & { _id: string; _type: string };

let cache: Map<string, SeedDocument> | undefined;

function documents(): Map<string, SeedDocument> {
  if (!cache) {
    const file = process.env.CONTENT_DATASET_FILE ?? path.resolve("sanity-studio/seed/production.ndjson");
    const lines = fs
      .readFileSync(file, "utf8")
      .split("\n")
      .filter((line) => line.trim());
    cache = new Map(lines.map((line) => JSON.parse(line) as SeedDocument).map((doc) => [doc._id, doc]));
  }
  return cache;
}

export function seedDocument(id: string): SeedDocument {
  const doc = documents().get(id);
  if (!doc) throw new Error(`seed document ${id} not found`);
  return doc;
}

/** Follows an array of references ({ _ref }) to their documents, in order. */
export function resolveRefs(refs: ReadonlyArray<{ _ref: string }> | undefined): SeedDocument[] {
  return (refs ?? []).map((ref) => seedDocument(ref._ref));
}
