/**
 * What the Node layer (server.ts, server/) uses of the app, in one place. Run from source (tests, tsc)
 * these are the app's modules themselves; in build/server.js this module is replaced by the same names
 * read from the app's server build (build/index.js, app/entry.server.tsx re-exports each), so every app
 * module exists once at run time and the state it holds (metrics, the request scope) is one
 * (scripts/build-server.mjs; tests/integration/server-bundle.test.ts checks the two bundles share no module).
 * A new name: export it here and from app/entry.server.tsx (tests/unit/server-entry.test.ts checks both).
 */
export {
  CACHE_TAG_HEADER,
  cacheTagHeader,
  collectContentTags,
  type ContentChange,
  OVERFLOW_TAG,
  parseCacheTags,
  purgeTagsOf,
  SITE_TAG,
} from "../app/content/cache-tags.server";
export { type PurgeBacklog, purgeBacklog } from "../app/content/purge-backlog.server";
export { runInRequestScope } from "../app/content/request-scope.server";
export { DIRECTORY_PARAM } from "../app/domain/sector-directory";
export { EXPERIMENT_COOKIE } from "../app/experiments/cookie";
export { PARAM as CALCULATOR_PARAM } from "../app/forms/calculator-query";
export { dataDir } from "../app/lib/env.server";
export { IMMUTABLE_CACHE_CONTROL, withSharedCache } from "../app/lib/http-cache";
export { log } from "../app/lib/log.server";
export { baseSecurityHeaders } from "../app/lib/security-headers.server";
export { countStaticFileCompression } from "../app/lib/work-metrics.server";
export {
  countLeadRefused,
  countPageCache,
  countSharedCachePurge,
  observeRequest,
  type SharedCachePurgeResult,
  watchSharedCachePurgeBacklog,
} from "../app/metrics/metrics.server";
