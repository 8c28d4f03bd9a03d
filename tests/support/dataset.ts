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

export { newSectorPage, readDocuments, writeDocuments } from "./dataset-file";
