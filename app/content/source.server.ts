/**
 * The content source behind every page: the local NDJSON dataset (default) or Sanity's Content Lake
 * (when SANITY_PROJECT_ID is set). Both run the same GROQ strings from ./queries.ts behind the one result
 * cache of ./cache.server.ts. Created once per process (survives dev rebuilds) and announces every
 * content change (a ContentChange: everything, or the cache tags whose results changed) so rendered-page
 * caches drop exactly what showed it (docs/decisions/0015-tag-based-invalidation.md).
 */
import { EventEmitter } from "node:events";

import { contentDatasetFile, sanitySettings, sanityStudioUrl } from "~/lib/env.server";
import { singleton } from "~/lib/singleton.server";

import { type CacheLimits, createCachedRunner, MAX_KNOWN_QUERIES, type StoredQuery } from "./cache.server";
import { type ContentChange, UNTAGGED_TAG } from "./cache-tags.server";
import {
  type ContentSource,
  type Perspective,
  type QueryParams,
  type QueryRunner,
  SourceAnswer,
} from "./content-source.server";
import { changedDerivedTags, forgetDerivedContent } from "./derived.server";
import { sharedCacheMemory } from "./durable-memory.server";
import {
  absentTags,
  datasetFor,
  mayHaveChanged,
  newReadSet,
  type ReadSet,
  readSetCodec,
  runGroq,
  type SanityDocument,
  touchedTags,
  touchesPublished,
  watchDataset,
} from "./local-source.server";
import { createSanityClient } from "./sanity-client.server";
import { stegaConfig } from "./stega.server";

export type { ContentSource, Perspective, QueryParams } from "./content-source.server";

/**
 * Emits "change" (with a ContentChange) whenever published content changed, and DRAFTS_CHANGE_EVENT when
 * only drafts changed (published content and cached pages stay; open preview pages refresh,
 * app/content/preview-events.server.ts).
 */
export const contentEvents: EventEmitter = singleton("contentEvents", () => new EventEmitter());

export const DRAFTS_CHANGE_EVENT = "drafts-change";

const sourceSlot = (): { source?: ContentSource } => singleton("contentSource", () => ({}));

/** The latest Live event this process applied (app/content/live.server.ts). */
const liveEvent = singleton("lastLiveEventId", () => ({ id: null as string | null }));

/**
 * Notes a Live event before it is applied: every Content Lake query from then on names it
 * (`lastLiveEventId`), so Sanity's CDN answers at least as fresh as that event, never the answer it
 * replaced (a page rendered from it would be kept a day by a shared cache in front).
 */
export function noteLiveEvent(id: string): void {
  liveEvent.id = id;
}

export function contentSource(): ContentSource {
  const store = sourceSlot();
  return (store.source ??= createSource());
}

/** Replaces the process-wide source (tests switch between sources and dataset files). */
export function resetContentSource(): void {
  const store = sourceSlot();
  store.source?.close();
  store.source = undefined;
  announce({ all: true, reason: "source replaced" });
}

function announce(change: ContentChange): void {
  if (change.all) forgetDerivedContent();
  contentEvents.emit("change", change);
}

/**
 * A change of these results, then the derived values (./derived.server.ts) it changed too. The results
 * are announced at once: finding the derived values that changed runs their queries again, and a list
 * page must not wait on that (CONTRACT §14's 2 s on Sanity). A page rendered in between with an old
 * derived value carries its tag, which the second announcement names.
 */
async function announceTags(tags: readonly string[], reason: string): Promise<void> {
  announce({ all: false, tags: [...tags], reason });
  if (!tags.length) return;
  const derived = await changedDerivedTags(new Set(tags)).catch(() => null);
  if (!derived) announce({ all: true, reason });
  else if (derived.length) announce({ all: false, tags: derived, reason: `${reason}: derived values` });
}

/**
 * With a shared cache in front, the queries pages ran outlive the process, in the database with
 * DATABASE_URL, else in DATA_DIR (docs/decisions/0017-…).
 */
function durableQueries(kind: ContentSource["kind"]) {
  return sharedCacheMemory<StoredQuery>(`queries-${kind}`, { max: MAX_KNOWN_QUERIES });
}

/** How a source's changes are told apart from what was before (the embedded dataset only). */
interface ChangeContext {
  /** Runs a query on the content as it was before the change. */
  before?: QueryRunner;
  /** Tags named besides the results that changed (the empty results a change can fill). */
  tags?: readonly string[];
}

type CachedSource = ContentSource & {
  refreshChange(
    reason: string,
    mayHaveChanged: ((reads: unknown) => boolean) | undefined,
    change: ChangeContext,
  ): Promise<void>;
};

function cachedSource(
  kind: ContentSource["kind"],
  run: QueryRunner,
  close: () => void,
  extra: Pick<ContentSource, "queryRaw"> = {},
  limits: Pick<CacheLimits, "absentTags" | "durable" | "readsCodec"> = {},
): CachedSource {
  // One change at a time: a second one waits for the first one's answer, then runs.
  let refreshing: Promise<void> = Promise.resolve();
  const serially = (work: () => Promise<void>) => (refreshing = refreshing.then(work, work));
  const cache = createCachedRunner(run, {
    ...limits,
    onUnannouncedChange: (tags) => void serially(() => announceTags(tags, "expired answer changed")),
  });
  const refreshChange: CachedSource["refreshChange"] = (reason, affected, change) =>
    serially(async () => {
      const found = await cache.refresh(affected, change.before).catch(() => ({ all: true }) as const);
      cache.clear("drafts");
      if (found.all) {
        cache.clear();
        announce({ all: true, reason });
        return;
      }
      const tags = [...new Set([...found.tags, ...(change.tags ?? [])])];
      if (change.tags?.length) cache.invalidateTags(change.tags);
      await announceTags(tags, reason);
    });
  return {
    refreshChange,
    ...extra,
    kind,
    fetch<T>(query: string, params: QueryParams = {}, perspective: Perspective = "published") {
      return cache.fetch<T>(query, params, perspective);
    },
    invalidate(reason = "everything") {
      cache.clear();
      announce({ all: true, reason });
    },
    invalidateTags(syncTags, reason = "tags") {
      // Answers that came without sync tags cannot be matched: every event drops them.
      const tags = [...syncTags, UNTAGGED_TAG];
      cache.invalidateTags(tags);
      cache.clear("drafts");
      return serially(() => announceTags(tags, reason));
    },
    refresh(reason = "refresh", affected) {
      return refreshChange(reason, affected, {});
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
      async (query, params, perspective) => {
        if (perspective === "drafts") return previewClient.fetch(query, params, { perspective });
        // The whole response: its sync tags name what the result came from (Live events name them back).
        // Never a stale CDN answer (`noStale`, sent only with the CDN), and none older than the last event.
        const fresh = { cacheMode: "noStale" as const, ...(liveEvent.id ? { lastLiveEventId: liveEvent.id } : {}) };
        const response = await client.fetch(query, params, { perspective, filterResponse: false, ...fresh });
        return new SourceAnswer(response.result, response.syncTags ?? []);
      },
      () => {},
      {},
      { durable: durableQueries("sanity") },
    );
  }
  let source: CachedSource | null = null;
  // A file change: only drafts moved → preview pages refresh; a published document moved → the queries
  // pages ran (here or, durably, on any instance) are run again on the content before and after, and
  // exactly the changed results go, with the empty results a touched document can fill; unreadable →
  // everything goes.
  const dataset = watchDataset(contentDatasetFile(), (diff, touched, before) => {
    if (!diff) source?.invalidate("dataset file unreadable or not read yet");
    else if (touchesPublished(diff))
      void source?.refreshChange("dataset file", (reads) => !touched || mayHaveChanged(reads as ReadSet, touched), {
        before: before ? runnerOn(before) : undefined,
        tags: touched ? touchedTags(touched) : undefined,
      });
    else if (diff.changed.length + diff.added.length + diff.removed.length) source?.invalidateDrafts();
  });
  source = cachedSource(
    "local",
    async (query, params, perspective) => {
      // What the query read: a file change runs again only the queries it can have touched.
      const reads = newReadSet();
      return new SourceAnswer(await runGroq(dataset.documents(perspective), query, params, reads), null, reads);
    },
    () => dataset.close(),
    {
      queryRaw(query, params) {
        // A secret the Studio wrote a moment ago, before the next poll: one stat, a parse only if it changed.
        dataset.refresh();
        return runGroq(dataset.documents("raw"), query, params);
      },
    },
    { absentTags, durable: durableQueries("local"), readsCodec: readSetCodec },
  );
  // Read now, not at the first page: a change must be diffed against the content pages were rendered
  // from, also on an instance that a shared cache in front spares every request.
  try {
    dataset.documents("raw");
  } catch {
    // Unreadable now: the first request reads it again (and fails as it would have).
  }
  return source;
}

/** A runner over the published documents of an earlier version of the dataset. */
function runnerOn(raw: SanityDocument[]): QueryRunner {
  let published: SanityDocument[] | null = null;
  return async (query, params) => runGroq((published ??= datasetFor(raw, "published")), query, params);
}
