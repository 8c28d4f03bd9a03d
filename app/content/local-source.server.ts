/**
 * The embedded content source: a Sanity NDJSON export evaluated with groq-js. The file holds published
 * documents, drafts (`drafts.X`) and the Studio's preview secrets like any Sanity dataset; a perspective
 * picks what a query sees (see datasetFor). The file is polled once a second so an edit is live within 5 s.
 */
import { createHash } from "node:crypto";
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

/** A dataset's documents by `_id`, `_type` and `slug.current`, each list in the dataset's order (built once per dataset). */
interface DatasetIndex {
  byId: Map<string, SanityDocument[]>;
  byType: Map<string, SanityDocument[]>;
  bySlug: Map<string, SanityDocument[]>;
}

const indexes = new WeakMap<SanityDocument[], DatasetIndex>();

function indexOf(dataset: SanityDocument[]): DatasetIndex {
  let index = indexes.get(dataset);
  if (index) return index;
  index = { byId: new Map(), byType: new Map(), bySlug: new Map() };
  for (const document of dataset) {
    for (const [map, key] of [
      [index.byId, document._id],
      [index.byType, document._type],
      [index.bySlug, (document.slug as { current?: unknown } | undefined)?.current],
    ] as const) {
      if (typeof key !== "string") continue;
      const list = map.get(key);
      if (list) list.push(document);
      else map.set(key, [document]);
    }
  }
  indexes.set(dataset, index);
  return index;
}

type Node = { type: string; [key: string]: unknown };

const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && typeof (value as Node).type === "string";

/** What a query's evaluation read: documents by id, every document of a type or with a slug, or all of them. */
export interface ReadSet {
  ids: Set<string>;
  types: Set<string>;
  slugs: Set<string>;
  everything: boolean;
}

export const newReadSet = (): ReadSet => ({ ids: new Set(), types: new Set(), slugs: new Set(), everything: false });

interface Candidates {
  list: SanityDocument[];
  kind: "ids" | "types" | "slugs";
  key: string;
}

/** `_id == "x"`, `_type == "x"` or `slug.current == "x"` (either side) in a filter's conjunction: the documents it can keep. */
function candidatesOf(expr: Node, index: DatasetIndex): Candidates | null {
  if (expr.type === "Group" && isNode(expr.base)) return candidatesOf(expr.base, index);
  if (expr.type === "And" && isNode(expr.left) && isNode(expr.right)) {
    const left = candidatesOf(expr.left, index);
    const right = candidatesOf(expr.right, index);
    if (left && right) return left.list.length <= right.list.length ? left : right;
    return left ?? right;
  }
  if (expr.type !== "OpCall" || expr.op !== "==" || !isNode(expr.left) || !isNode(expr.right)) return null;
  for (const [attribute, value] of [
    [expr.left, expr.right],
    [expr.right, expr.left],
  ]) {
    if (attribute.type !== "AccessAttribute" || value.type !== "Value" || typeof value.value !== "string") continue;
    const key = value.value;
    if (attribute.base === undefined) {
      if (attribute.name === "_id") return { list: index.byId.get(key) ?? [], kind: "ids", key };
      if (attribute.name === "_type") return { list: index.byType.get(key) ?? [], kind: "types", key };
    }
    const base = attribute.base;
    if (attribute.name === "current" && isNode(base) && base.type === "AccessAttribute" && base.name === "slug")
      if (base.base === undefined) return { list: index.bySlug.get(key) ?? [], kind: "slugs", key };
  }
  return null;
}

/**
 * The query with each `*[filter]` whose filter requires `_id == "x"`, `_type == "x"` or `slug.current == "x"` reading only the
 * documents that can pass it (the same documents in the same order: the filter still runs on them).
 * Any other `*` keeps the whole dataset. `reads` (when given) notes what the query can read.
 */
function narrowed(node: unknown, index: DatasetIndex, reads?: ReadSet): unknown {
  if (Array.isArray(node)) return node.map((item) => narrowed(item, index, reads));
  if (!isNode(node) || node.type === "Value") return node;
  if (node.type === "Everything" && reads) reads.everything = true;
  const narrowable =
    node.type === "Filter" && isNode(node.base) && node.base.type === "Everything" && isNode(node.expr);
  const copy: Node = { ...node };
  for (const [key, value] of Object.entries(node))
    if (typeof value === "object" && !(narrowable && key === "base")) copy[key] = narrowed(value, index, reads);
  if (narrowable) {
    const candidates = candidatesOf(copy.expr as Node, index);
    if (candidates) {
      copy.base = { type: "Value", value: candidates.list };
      reads?.[candidates.kind].add(candidates.key);
    } else if (reads) reads.everything = true;
  }
  return copy;
}

/**
 * A GROQ query on the documents. groq-js scans the whole dataset for every `*[…]` and every `->`; with an
 * index (by `_id`, by `_type`) a dereference is a lookup (groq-js' `dereference` option) and a filter on
 * a type, an id or a slug reads those documents only. Same results: tests/unit/local-source-index.test.ts.
 */
export async function runGroq(
  dataset: SanityDocument[],
  query: string,
  params: QueryParams,
  reads?: ReadSet,
): Promise<unknown> {
  const index = indexOf(dataset);
  const tree = narrowed(parse(query, { params }), index, reads) as ReturnType<typeof parse>;
  const value = await evaluate(tree, {
    dataset,
    params,
    dereference: async ({ _ref }) => {
      reads?.ids.add(_ref);
      return index.byId.get(_ref)?.[0];
    },
  });
  return value.get();
}

/** The same query without the index: groq-js as it is (the reference the index is tested against). */
export async function runGroqScanning(dataset: SanityDocument[], query: string, params: QueryParams): Promise<unknown> {
  const tree = parse(query, { params });
  const value = await evaluate(tree, { dataset, params });
  return value.get();
}

export interface LocalDataset {
  /** The documents a perspective sees (computed once per file version). */
  documents(perspective: Perspective | "raw"): SanityDocument[];
  /**
   * Checks the file now instead of at the next poll (one `stat`): changed since it was parsed, it is read
   * again at the next `documents` and onChange runs. For an answer that must see a line written a moment
   * ago (the preview handshake's secret); an unchanged file costs nothing more.
   */
  refresh(): void;
  close(): void;
}

/** Which documents a new version of the dataset changed, added and removed, by `_id` (drafts included). */
export interface DatasetDiff {
  changed: string[];
  added: string[];
  removed: string[];
}

const isPublishedId = (id: string) => !id.startsWith(DRAFT_PREFIX) && !id.startsWith(VERSION_PREFIX);
const slugOf = (document: SanityDocument) => (document.slug as { current?: unknown } | undefined)?.current;

/**
 * The ids, types and slugs of the published documents a diff touched, before and after: a published
 * query can only have changed if it read one of them (ReadSet) or read everything.
 */
export function touchedBy(
  diff: DatasetDiff,
  before: readonly SanityDocument[],
  after: readonly SanityDocument[],
): ReadSet {
  const ids = new Set([...diff.changed, ...diff.added, ...diff.removed].filter(isPublishedId));
  const touched = newReadSet();
  for (const document of [...before, ...after]) {
    if (!ids.has(document._id)) continue;
    touched.ids.add(document._id);
    touched.types.add(document._type);
    const slug = slugOf(document);
    if (typeof slug === "string") touched.slugs.add(slug);
  }
  return touched;
}

/** A ReadSet as JSON (the durable tag memory), and back; anything unreadable reads as "everything". */
export const readSetCodec = {
  encode: (reads: unknown) => {
    const set = reads as ReadSet | null;
    return set && { ids: [...set.ids], types: [...set.types], slugs: [...set.slugs], everything: set.everything };
  },
  decode: (json: unknown): ReadSet | null => {
    if (json === null) return null;
    const value = json as { ids?: unknown; types?: unknown; slugs?: unknown; everything?: unknown };
    const list = (items: unknown) => new Set(Array.isArray(items) ? items.filter((i) => typeof i === "string") : []);
    const valid = Array.isArray(value?.ids) && Array.isArray(value.types) && Array.isArray(value.slugs);
    return {
      ids: list(value?.ids),
      types: list(value?.types),
      slugs: list(value?.slugs),
      everything: !valid || value.everything === true,
    };
  },
};

const readTag = (kind: string, key: string) =>
  `r:${kind}:${createHash("sha256").update(key).digest("base64url").slice(0, 16)}`;
/** On an empty result that read everything: named by every published change. */
export const READ_ANYTHING_TAG = "r:*";

/**
 * The cache tags of an empty result (an unknown slug's null), from what it read: derived from content
 * alone, the same on every instance and across restarts, so such a result needs no memory: a change of
 * a document with that id, type or slug names them (touchedTags).
 */
export function absentTags(reads: unknown): string[] {
  const set = reads as ReadSet;
  if (set.everything) return [READ_ANYTHING_TAG];
  return [
    ...[...set.ids].map((id) => readTag("i", id)),
    ...[...set.types].map((type) => readTag("t", type)),
    ...[...set.slugs].map((slug) => readTag("s", slug)),
  ];
}

/** The absentTags a change of these documents names. */
export function touchedTags(touched: ReadSet): string[] {
  return [
    READ_ANYTHING_TAG,
    ...absentTags({ ids: touched.ids, types: touched.types, slugs: touched.slugs, everything: false }),
  ];
}

/** True when a query that read `reads` may see something `touched` changed. */
export function mayHaveChanged(reads: ReadSet, touched: ReadSet): boolean {
  if (reads.everything) return true;
  const meets = (mine: Set<string>, theirs: Set<string>) => [...theirs].some((key) => mine.has(key));
  return meets(reads.ids, touched.ids) || meets(reads.types, touched.types) || meets(reads.slugs, touched.slugs);
}

/**
 * The documents that differ between two versions of a dataset. A document whose `_rev` moved changed; one
 * whose `_rev` stayed is still compared by content, since a hand edit of the file keeps its `_rev`.
 */
export function diffDatasets(before: readonly SanityDocument[], after: readonly SanityDocument[]): DatasetDiff {
  const previous = new Map(before.map((document) => [document._id, document]));
  const diff: DatasetDiff = { changed: [], added: [], removed: [] };
  for (const document of after) {
    const old = previous.get(document._id);
    previous.delete(document._id);
    if (!old) diff.added.push(document._id);
    else if (old._rev !== document._rev || JSON.stringify(old) !== JSON.stringify(document))
      diff.changed.push(document._id);
  }
  diff.removed.push(...previous.keys());
  return diff;
}

/** True when a diff touches a published document (not only drafts or release versions). */
export function touchesPublished(diff: DatasetDiff): boolean {
  return [...diff.changed, ...diff.added, ...diff.removed].some(isPublishedId);
}

const POLL_INTERVAL_MS = 1000;

interface FileVersion {
  mtimeMs: number;
  size: number;
}

const sameVersion = (a: FileVersion, b: FileVersion) => a.mtimeMs === b.mtimeMs && a.size === b.size;

/**
 * The NDJSON file, parsed on first use and again after it changes; then onChange gets what changed
 * (null when that cannot be told: the file was never read, or cannot be read now).
 */
export function watchDataset(
  file: string,
  onChange: (diff: DatasetDiff | null, touched: ReadSet | null, before: SanityDocument[] | null) => void,
): LocalDataset {
  let views: Map<string, SanityDocument[]> | null = null;
  /** The file's version when `views` was read (null: not read, or its stat failed). */
  let parsed: FileVersion | null = null;
  const version = (): FileVersion | null => {
    try {
      const { mtimeMs, size } = fs.statSync(file);
      return { mtimeMs, size };
    } catch {
      return null;
    }
  };
  /**
   * The version last accounted for: read by `load`, or seen by the poll (told to onChange). The poll
   * compares the file with this, not with its own previous look: a baseline taken by a delayed first
   * poll after a write would otherwise hide that write for good.
   */
  let seen: FileVersion | null = version();
  const load = () => {
    // Stat first: a write between the two is seen by the next refresh or poll, never missed.
    const current = version();
    const documents = withLocalImageAssets(parseNdjsonRaw(fs.readFileSync(file, "utf8")), imagesDirOf(file));
    parsed = seen = current;
    return documents;
  };
  const changed = () => {
    const before = views?.get("raw");
    views = null;
    parsed = null;
    if (!before) return onChange(null, null, null);
    let after: SanityDocument[];
    try {
      after = load();
    } catch {
      // Half written, or gone: the next request reads it again (and fails as it would have).
      return onChange(null, null, null);
    }
    views = new Map([["raw", after]]);
    const diff = diffDatasets(before, after);
    onChange(diff, touchedBy(diff, before, after), before);
  };
  const poll = () => {
    const current = version();
    if (current === seen || (current && seen && sameVersion(current, seen))) return;
    seen = current;
    changed();
  };
  // A synchronous stat once a second (microseconds): no answer can arrive out of order with a read.
  const timer = setInterval(poll, POLL_INTERVAL_MS);
  timer.unref();
  return {
    refresh() {
      if (!views) return;
      const current = version();
      if (current && parsed && sameVersion(current, parsed)) return;
      seen = current;
      changed();
    },
    documents(perspective) {
      views ??= new Map([["raw", load()]]);
      let view = views.get(perspective);
      if (!view) views.set(perspective, (view = datasetFor(views.get("raw")!, perspective)));
      return view;
    },
    close() {
      clearInterval(timer);
    },
  };
}
