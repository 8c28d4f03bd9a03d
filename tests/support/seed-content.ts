/**
 * Reads the content the e2e server serves (the seed dataset, or CONTENT_DATASET_FILE) so page tests
 * assert the texts editors wrote instead of copies of them.
 */
import fs from "node:fs";
import path from "node:path";

import type { AllSanitySchemaTypes } from "~/content/sanity.types";

type SeedDocument = { _id: string; _type: string };
type SchemaObject = Extract<AllSanitySchemaTypes, { _type: string }>;
type DocumentType = SchemaObject["_type"];
/** Every field present, all the way down: the seed fills in everything these tests read. */
type Filled<T> =
  T extends ReadonlyArray<infer Item>
    ? Array<Filled<Item>>
    : T extends object
      ? { [K in keyof T]-?: Filled<NonNullable<T[K]>> }
      : T;
/** A seed document as TypeGen describes its schema type. */
export type SeedOf<T extends DocumentType> = Filled<Extract<SchemaObject, { _type: T }>>;

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

/** A singleton document (its id is its type's name). */
export function seedDocument<T extends DocumentType>(id: T): SeedOf<T> {
  return documentOfType(id, id);
}

function documentOfType<T extends DocumentType>(id: string, type: T): SeedOf<T> {
  const doc = documents().get(id);
  if (!doc) throw new Error(`seed document ${id} not found`);
  if (doc._type !== type) throw new Error(`seed document ${id} is a ${doc._type}, not a ${type}`);
  return doc as SeedOf<T>;
}

/** Every published document of `type`, in the dataset's order. */
export function seedDocumentsOfType<T extends DocumentType>(type: T): Array<SeedOf<T>> {
  const published = [...documents().values()].filter((doc) => doc._type === type && !doc._id.startsWith("drafts."));
  return published as Array<SeedOf<T>>;
}

/** Follows an array of references ({ _ref }) to their documents of `type`, in order. */
export function resolveRefs<T extends DocumentType>(
  refs: ReadonlyArray<{ _ref: string }> | undefined,
  type: T,
): Array<SeedOf<T>> {
  return (refs ?? []).map((ref) => documentOfType(ref._ref, type));
}
