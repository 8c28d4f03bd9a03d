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
  /** Drops every cached result (revalidate webhook, live event, file change). */
  invalidate(): void;
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
