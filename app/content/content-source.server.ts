/**
 * What a content source is: something that runs a GROQ query in a perspective. Its own module so the
 * source implementations, the cache and the factory import it without importing each other.
 */

export type QueryParams = Record<string, string | number | boolean | null>;

/**
 * `published`: what every visitor sees. `drafts`: a draft replaces its published document and draft-only
 * documents appear (only ever for a request in preview mode, see app/content/perspective.server.ts).
 */
export type Perspective = "published" | "drafts";

export interface ContentSource {
  readonly kind: "local" | "sanity";
  fetch<T>(query: string, params?: QueryParams, perspective?: Perspective): Promise<T>;
  /** Drops every cached result and every cached page (a lost Live connection, tests). */
  invalidate(reason?: string): void;
  /** Drops the cached results and pages holding these tags (a Live event's sync tags); resolves once announced. */
  invalidateTags(tags: readonly string[], reason?: string): Promise<void>;
  /**
   * Runs every published query a cached page ran again and drops exactly the results (and pages) that
   * changed (a dataset file change, the revalidate webhook). Resolves once the change is announced.
   */
  refresh(reason?: string, mayHaveChanged?: (reads: unknown) => boolean): Promise<void>;
  /** Drops cached drafts only (a draft changed; published answers and cached pages stay). */
  invalidateDrafts(): void;
  /**
   * The embedded dataset only: a query over every document held in memory as the file is now (drafts
   * and the Studio's preview secrets included), uncached. The preview handshake checks its secret here,
   * so a request costs a lookup, never a read of the file (app/content/preview-secret.server.ts).
   */
  queryRaw?(query: string, params: QueryParams): Promise<unknown>;
  close(): void;
}

/** The uncached part of a source: runs one query, no memory of earlier answers. */
export type QueryRunner = (query: string, params: QueryParams, perspective: Perspective) => Promise<unknown>;

/**
 * A runner's answer with what it knows besides the result: the Content Lake's sync tags
 * (`filterResponse: false`; null on the embedded dataset), and what the query read (the embedded
 * dataset's ReadSet, so a refresh runs again only the queries a change can have touched).
 */
export class SourceAnswer {
  constructor(
    readonly result: unknown,
    readonly syncTags: readonly string[] | null,
    readonly reads: unknown = null,
  ) {}
}
