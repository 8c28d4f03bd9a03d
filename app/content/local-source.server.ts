/**
 * The embedded content source: a Sanity NDJSON export evaluated with groq-js. The file holds published
 * documents, drafts (`drafts.X`) and the Studio's preview secrets like any Sanity dataset; a perspective
 * picks what a query sees (see datasetFor). The file is polled once a second so an edit is live within 5 s.
 */
import fs from "node:fs";

import { evaluate, parse } from "groq-js";

import type { Perspective, QueryParams } from "./content-source.server";
import { imagesDirOf, withLocalImageAssets } from "./local-assets.server";

export type SanityDocument = { _id: string; _type: string; [key: string]: unknown };

const DRAFT_PREFIX = "drafts.";
const VERSION_PREFIX = "versions.";

/** Every document of an NDJSON export (raw: drafts, versions and system documents included). */
export function parseNdjsonRaw(text: string): SanityDocument[] {
  const documents: SanityDocument[] = [];
  for (const line of text.split("\n")) {
    const trimmed = line.trim();
    if (!trimmed) continue;
    const document = JSON.parse(trimmed) as SanityDocument;
    if (typeof document._id === "string") documents.push(document);
  }
  return documents;
}

/** The published documents of an NDJSON export (what the published perspective sees). */
export function parseNdjson(text: string): SanityDocument[] {
  return datasetFor(parseNdjsonRaw(text), "published");
}

/**
 * What a perspective sees, the way Sanity's Content Lake does it: `published` drops drafts and release
 * versions; `drafts` lets `drafts.X` replace `X` (keeping the published `_id`, the draft's id in
 * `_originalId`), shows draft-only documents under their published id, and never shows `versions.*`.
 */
export function datasetFor(raw: SanityDocument[], perspective: Perspective | "raw"): SanityDocument[] {
  if (perspective === "raw") return raw;
  const published = raw.filter((d) => !d._id.startsWith(DRAFT_PREFIX) && !d._id.startsWith(VERSION_PREFIX));
  if (perspective === "published") return published;
  const drafts = new Map<string, SanityDocument>();
  for (const document of raw) {
    if (!document._id.startsWith(DRAFT_PREFIX)) continue;
    const id = document._id.slice(DRAFT_PREFIX.length);
    drafts.set(id, { ...document, _id: id, _originalId: document._id });
  }
  const merged = published.map((document) => drafts.get(document._id) ?? document);
  const publishedIds = new Set(published.map((document) => document._id));
  for (const [id, draft] of drafts) if (!publishedIds.has(id)) merged.push(draft);
  return merged;
}

export async function runGroq(dataset: SanityDocument[], query: string, params: QueryParams): Promise<unknown> {
  const tree = parse(query, { params });
  const value = await evaluate(tree, { dataset, params });
  return value.get();
}

export interface LocalDataset {
  /** The documents a perspective sees (computed once per file version). */
  documents(perspective: Perspective | "raw"): SanityDocument[];
  close(): void;
}

const POLL_INTERVAL_MS = 1000;

/** The NDJSON file, parsed on first use and again after it changes (then onChange runs). */
export function watchDataset(file: string, onChange: () => void): LocalDataset {
  let views: Map<string, SanityDocument[]> | null = null;
  const listener = (current: fs.Stats, previous: fs.Stats) => {
    if (current.mtimeMs === previous.mtimeMs && current.size === previous.size) return;
    views = null;
    onChange();
  };
  fs.watchFile(file, { interval: POLL_INTERVAL_MS, persistent: false }, listener);
  return {
    documents(perspective) {
      views ??= new Map([
        ["raw", withLocalImageAssets(parseNdjsonRaw(fs.readFileSync(file, "utf8")), imagesDirOf(file))],
      ]);
      let view = views.get(perspective);
      if (!view) views.set(perspective, (view = datasetFor(views.get("raw")!, perspective)));
      return view;
    },
    close() {
      fs.unwatchFile(file, listener);
    },
  };
}
