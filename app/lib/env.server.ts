/** Server settings from the environment (docs/product-rules.md, Settings), read once per call so tests can change them. */
import path from "node:path";

const DEFAULT_SANITY_API_VERSION = "2025-02-19";

export function port(): number {
  return Number(process.env.PORT) || 3000;
}

export function publicSiteUrl(): string {
  const configured = process.env.PUBLIC_SITE_URL?.trim();
  return (configured || `http://localhost:${port()}`).replace(/\/+$/, "");
}

/** Where the server keeps its files (lead spool, image and card caches): DATA_DIR, default ./data. */
export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.DATA_DIR?.trim() || path.join(process.cwd(), "data"));
}

export function contentDatasetFile(): string {
  return path.resolve(
    process.env.CONTENT_DATASET_FILE?.trim() || path.join(process.cwd(), "sanity-studio", "seed", "production.ndjson"),
  );
}

export interface SanitySettings {
  projectId: string;
  dataset: string;
  apiVersion: string;
  apiHost?: string;
  token?: string;
}

export function sanitySettings(): SanitySettings | null {
  const projectId = process.env.SANITY_PROJECT_ID?.trim();
  if (!projectId) return null;
  return {
    projectId,
    dataset: process.env.SANITY_DATASET?.trim() || "production",
    apiVersion: process.env.SANITY_API_VERSION?.trim() || DEFAULT_SANITY_API_VERSION,
    apiHost: process.env.SANITY_API_HOST?.trim() || undefined,
    token: process.env.SANITY_API_READ_TOKEN?.trim() || undefined,
  };
}

export function sanityWebhookSecret(): string | undefined {
  return process.env.SANITY_WEBHOOK_SECRET?.trim() || undefined;
}

const DEFAULT_STUDIO_URL = "http://localhost:3333";

/** The Sanity Studio that frames preview pages and that stega links point to (SANITY_STUDIO_URL). */
/** METRICS_TOKEN: set, `/metrics` answers to `Authorization: Bearer <token>`; unset, it does not exist. */
export function metricsToken(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.METRICS_TOKEN?.trim() || undefined;
}

export function sanityStudioUrl(): string {
  return (process.env.SANITY_STUDIO_URL?.trim() || DEFAULT_STUDIO_URL).replace(/\/+$/, "");
}

/**
 * Whether a shared cache in front keeps pages (SHARED_CACHE_PURGE_URL set): what pages were tagged with
 * must then outlive the process (app/content/durable-memory.server.ts).
 */
export function sharedCacheInFront(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.SHARED_CACHE_PURGE_URL?.trim());
}
