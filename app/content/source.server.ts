/**
 * The content source behind every page: the local NDJSON dataset (default) or Sanity's Content Lake
 * (when SANITY_PROJECT_ID is set). Both run the same GROQ strings from ./queries.ts. Created once per
 * process (survives dev rebuilds) and announces every content change so rendered-page caches can drop.
 */
import { EventEmitter } from "node:events";
import { contentDatasetFile, sanitySettings } from "~/lib/env.server";
import { createLocalSource } from "./local-source.server";
import { createSanitySource } from "./sanity-source.server";

export type QueryParams = Record<string, string | number | boolean | null>;

export interface ContentSource {
  readonly kind: "local" | "sanity";
  fetch<T>(query: string, params?: QueryParams): Promise<T>;
  /** Drops every cached result (revalidate webhook, file change). */
  invalidate(): void;
  close(): void;
}

/** Emits "change" whenever cached content was dropped. */
export const contentEvents: EventEmitter = ((globalThis as Record<symbol, unknown>)[
  Symbol.for("site.contentEvents")
] ??= new EventEmitter()) as EventEmitter;

const SOURCE_KEY = Symbol.for("site.contentSource");

export function contentSource(): ContentSource {
  const store = globalThis as Record<symbol, ContentSource | undefined>;
  return (store[SOURCE_KEY] ??= createSource());
}

/** Replaces the process-wide source (tests switch between sources and dataset files). */
export function resetContentSource(): void {
  const store = globalThis as Record<symbol, ContentSource | undefined>;
  store[SOURCE_KEY]?.close();
  store[SOURCE_KEY] = undefined;
  contentEvents.emit("change");
}

function createSource(): ContentSource {
  const onChange = () => contentEvents.emit("change");
  const sanity = sanitySettings();
  return sanity ? createSanitySource(sanity, onChange) : createLocalSource(contentDatasetFile(), onChange);
}
