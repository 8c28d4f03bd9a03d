/**
 * The site's queries on the seed dataset as the embedded source runs them, with the edits the tag-memory
 * tests make (tests/unit/tag-memory.test.ts, tests/integration/shared-cache-memory-postgres.test.ts).
 */
import fs from "node:fs";

import type { CachedRunner } from "~/content/cache.server";
import { type QueryParams, SourceAnswer } from "~/content/content-source.server";
import {
  datasetFor,
  diffDatasets,
  mayHaveChanged,
  newReadSet,
  parseNdjsonRaw,
  type ReadSet,
  runGroq,
  type SanityDocument,
  touchedBy,
  touchedTags,
} from "~/content/local-source.server";
import { sectorPageQuery, sectorsDirectoryQuery, sectorSlugsQuery, siteSettingsQuery } from "~/content/queries";

import { newSectorPage, SEED_FILE } from "./dataset";

export const seed = parseNdjsonRaw(fs.readFileSync(SEED_FILE, "utf8"));
export const slugs = seed
  .filter((document) => document._type === "sectorPage" && !document._id.startsWith("drafts."))
  .map((document) => (document.slug as { current: string }).current);
export const SECTOR = slugs[0]!;

/** The embedded source's runner over a dataset that a test replaces (as a file edit would). */
export function dataset(initial: SanityDocument[]) {
  let raw = initial;
  let published = datasetFor(raw, "published");
  return {
    run: async (query: string, params: QueryParams) => {
      const reads = newReadSet();
      return new SourceAnswer(await runGroq(published, query, params, reads), null, reads);
    },
    /** Replaces the content; answers the runner of the content before, what changed, and its tags. */
    edit(next: SanityDocument[]) {
      const before = raw;
      const beforePublished = published;
      raw = next;
      published = datasetFor(raw, "published");
      const touched = touchedBy(diffDatasets(before, next), before, next);
      return {
        before: async (query: string, params: QueryParams) => runGroq(beforePublished, query, params),
        affected: (reads: unknown) => mayHaveChanged(reads as ReadSet, touched),
        tags: touchedTags(touched),
      };
    },
  };
}

/** What the site's pages run: every sector page, the directory, the sitemap's list, the settings. */
export async function renderSite(cache: Pick<CachedRunner, "fetch">) {
  for (const slug of slugs) await cache.fetch(sectorPageQuery, { slug }, "published");
  for (const query of [sectorsDirectoryQuery, sectorSlugsQuery, siteSettingsQuery])
    await cache.fetch(query, {}, "published");
}

export const edited = (id: string, change: (document: SanityDocument) => SanityDocument) =>
  seed.map((document) =>
    document._id === id ? { ...change(document), _rev: "edited", _updatedAt: "2030-01-01T00:00:00Z" } : document,
  );

export const EDITS: Record<string, () => SanityDocument[]> = {
  "a body edit": () =>
    edited(`sectorPage.${SECTOR}`, (page) => ({ ...page, explanation: { title: "Texto corregido" } })),
  "a name change": () => edited(`sectorPage.${SECTOR}`, (page) => ({ ...page, sectorName: "Nombre nuevo" })),
  "a new page": () => [
    ...seed,
    {
      ...newSectorPage(
        seed.find((document) => document._id === `sectorPage.${SECTOR}`)!,
        "sector-nuevo",
        "Sector Nuevo",
      ),
      _type: "sectorPage",
    },
  ],
  "a settings change": () => edited("siteSettings", (settings) => ({ ...settings, siteName: "Otro nombre" })),
};
