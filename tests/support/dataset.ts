/** Temporary copies of the seed dataset that a test may edit, served through the local source. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { resetContentSource } from "~/content/source.server";

export const SEED_FILE = path.resolve("sanity-studio/seed/production.ndjson");

export function useDatasetCopy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dataset-"));
  const file = path.join(dir, "production.ndjson");
  fs.copyFileSync(SEED_FILE, file);
  // The dataset's images live beside it (docs/images.md).
  fs.cpSync(path.join(path.dirname(SEED_FILE), "images"), path.join(dir, "images"), { recursive: true });
  process.env.CONTENT_DATASET_FILE = file;
  delete process.env.SANITY_PROJECT_ID;
  resetContentSource();
  return file;
}

export function readDocuments(file: string): Array<Record<string, unknown> & { _id: string; _type: string }> {
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line));
}

export function writeDocuments(file: string, documents: Array<Record<string, unknown>>): void {
  const temporary = `${file}.tmp`;
  fs.writeFileSync(temporary, documents.map((document) => JSON.stringify(document)).join("\n") + "\n");
  fs.renameSync(temporary, file);
}

/** A new sector page made from an existing one, as a marketer would publish it. */
export function newSectorPage(from: Record<string, unknown>, slug: string, name: string) {
  return { ...from, _id: `sectorPage.${slug}`, slug: { _type: "slug", current: slug }, sectorName: name };
}
