/**
 * Reading and writing a dataset file (Sanity's NDJSON export) as an editor's tool would: no app code, so
 * the proxy tests, which drive built instances from outside, share it with the integration tests.
 */
import fs from "node:fs";

export type DatasetDocument = Record<string, unknown> & { _id: string; _type: string };

export function readDocuments(file: string): DatasetDocument[] {
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as DatasetDocument);
}

/** A whole new file, renamed into place (a watcher never reads half of it). */
export function writeDocuments(file: string, documents: Array<Record<string, unknown>>): void {
  const temporary = `${file}.tmp`;
  fs.writeFileSync(temporary, documents.map((document) => JSON.stringify(document)).join("\n") + "\n");
  fs.renameSync(temporary, file);
}

/** A new sector page made from an existing one, as a marketer would publish it. */
export function newSectorPage(from: Record<string, unknown>, slug: string, name: string) {
  return { ...from, _id: `sectorPage.${slug}`, slug: { _type: "slug", current: slug }, sectorName: name };
}
