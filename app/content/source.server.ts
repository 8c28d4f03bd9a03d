/**
 * The content source behind every page: the local NDJSON dataset (default) or Sanity's Content Lake
 * (when SANITY_PROJECT_ID is set). Both run the same GROQ strings from ./queries.ts behind the one result
 * cache of ./cache.server.ts. Created once per process (survives dev rebuilds) and announces every
 * content change so rendered-page caches can drop.
 */
import { EventEmitter } from "node:events";

import { contentDatasetFile, sanitySettings, sanityStudioUrl } from "~/lib/env.server";
import { singleton } from "~/lib/singleton.server";

import { createCachedRunner } from "./cache.server";
import type { ContentSource, Perspective, QueryParams, QueryRunner } from "./content-source.server";
import { runGroq, watchDataset } from "./local-source.server";
import { createSanityClient } from "./sanity-client.server";
import { stegaConfig } from "./stega.server";

export type { ContentSource, Perspective, QueryParams } from "./content-source.server";

/**
 * Emits "change" whenever cached content was dropped, and DRAFTS_CHANGE_EVENT when only drafts changed
 * (published content and cached pages stay; open preview pages refresh, app/content/preview-events.server.ts).
 */
export const contentEvents: EventEmitter = singleton("contentEvents", () => new EventEmitter());

export const DRAFTS_CHANGE_EVENT = "drafts-change";

const sourceSlot = (): { source?: ContentSource } => singleton("contentSource", () => ({}));

export function contentSource(): ContentSource {
  const store = sourceSlot();
  return (store.source ??= createSource());
}

/** Replaces the process-wide source (tests switch between sources and dataset files). */
export function resetContentSource(): void {
  const store = sourceSlot();
  store.source?.close();
  store.source = undefined;
  contentEvents.emit("change");
}

function cachedSource(
  kind: ContentSource["kind"],
  run: QueryRunner,
  close: () => void,
  extra: Pick<ContentSource, "queryRaw"> = {},
): ContentSource {
  const cache = createCachedRunner(run);
  return {
    ...extra,
    kind,
    fetch<T>(query: string, params: QueryParams = {}, perspective: Perspective = "published") {
      return cache.fetch<T>(query, params, perspective);
    },
    invalidate() {
      cache.clear();
      contentEvents.emit("change");
    },
    invalidateDrafts() {
      cache.clear("drafts");
      contentEvents.emit(DRAFTS_CHANGE_EVENT);
    },
    close,
  };
}

function createSource(): ContentSource {
  const sanity = sanitySettings();
  if (sanity) {
    const client = createSanityClient(sanity);
    // Drafts carry stega edit markers for the Presentation tool's click-to-edit (./stega.server.ts).
    const previewClient = client.withConfig({ stega: stegaConfig(sanityStudioUrl()) });
    return cachedSource(
      "sanity",
      (query, params, perspective) =>
        perspective === "drafts"
          ? previewClient.fetch(query, params, { perspective })
          : client.fetch(query, params, { perspective }),
      () => {},
    );
  }
  let source: ContentSource | null = null;
  const dataset = watchDataset(contentDatasetFile(), () => source?.invalidate());
  source = cachedSource(
    "local",
    (query, params, perspective) => runGroq(dataset.documents(perspective), query, params),
    () => dataset.close(),
    {
      queryRaw(query, params) {
        // A secret the Studio wrote a moment ago, before the next poll: one stat, a parse only if it changed.
        dataset.refresh();
        return runGroq(dataset.documents("raw"), query, params);
      },
    },
  );
  return source;
}
