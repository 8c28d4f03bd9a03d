/**
 * Files under public/, answered by the node:http layer from memory: read once, precompressed once.
 * Hashed build output (/build/…) is immutable for a year; the few other files are cached for an hour.
 * A file is served at its own path only (docs/production-server.md, 'Bounded work'): any other spelling
 * of it (dot segments, doubled or encoded slashes, any percent-encoding) is not a public file, so it can
 * neither start a new compression nor add a cache entry. A query string is ignored: the path's entry.
 */
import { existsSync, readdirSync } from "node:fs";
import fs from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";

import { LRUCache } from "lru-cache";

import { countStaticFileCompression, IMMUTABLE_CACHE_CONTROL } from "./app";
import { type CachedResponse, createCachedResponse } from "./cached-response";
import { sendCached } from "./respond";

export const PUBLIC_FILE_CACHE_CONTROL = "public, max-age=3600";

const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".pdf": "application/pdf",
};

/**
 * A build file's own path: plain segments of letters, digits, `.`, `_`, `-` and `$`, none empty or starting
 * with a dot (so no `.`/`..`), no percent sign. The builds write only such names: Remix names a route's file
 * after the route's, `$` of a path parameter included (`routes/sectores.$slug-<hash>.js`, the draft preview's).
 */
const OWN_BUILD_PATH = /^\/build(?:\/[A-Za-z0-9_$-][A-Za-z0-9._$-]*)+$/;

export class StaticAssets {
  private readonly root: string;
  private readonly rootFiles: Set<string>;
  private readonly cache = new LRUCache<string, CachedResponse>({
    max: 500,
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (entry) => Math.max(1, entry.size),
  });
  private readonly loading = new Map<string, Promise<CachedResponse | null>>();

  /** The folders of the builds served before (server/build-release.ts), newest first. */
  private readonly archivedBuilds: string[];

  /**
   * `archivedBuilds`: where a /build/ file this build does not have is looked for, so a page of the
   * build a deploy replaced (still cached somewhere) gets its chunks.
   */
  constructor(publicDir: string, archivedBuilds: readonly string[] = []) {
    this.root = path.resolve(publicDir);
    this.archivedBuilds = archivedBuilds.map((dir) => path.resolve(dir));
    // Top-level files (favicon, …) are known at start so page requests never touch the disk.
    this.rootFiles = new Set(
      existsSync(this.root)
        ? readdirSync(this.root, { withFileTypes: true })
            .filter((entry) => entry.isFile())
            .map((entry) => `/${entry.name}`)
        : [],
    );
  }

  /**
   * True when the path belongs to public/ (hashed build output or a known top-level file). Any other
   * spelling under /build/ is handled too: serve() declines it without touching the disk (the app's 404).
   */
  handles(pathname: string): boolean {
    return pathname.startsWith("/build/") || this.rootFiles.has(pathname);
  }

  /** True when the path is a file's own path, the only one it is read and compressed for. */
  private isOwnPath(pathname: string): boolean {
    return this.rootFiles.has(pathname) || OWN_BUILD_PATH.test(pathname);
  }

  /** The in-memory copy of a public file already served once. */
  cached(pathname: string): CachedResponse | undefined {
    return this.cache.get(pathname);
  }

  /** Answers GET/HEAD for a public file; false when there is no such file (the app answers 404). */
  async serve(req: IncomingMessage, res: ServerResponse, pathname: string, secure: boolean): Promise<boolean> {
    let entry = this.cache.get(pathname);
    if (!entry) {
      if (!this.isOwnPath(pathname)) return false;
      let load = this.loading.get(pathname);
      if (!load) {
        load = this.load(pathname).finally(() => this.loading.delete(pathname));
        this.loading.set(pathname, load);
      }
      const loaded = await load;
      if (!loaded) return false;
      this.cache.set(pathname, loaded);
      entry = loaded;
    }
    sendCached(req, res, entry, "HIT", secure);
    return true;
  }

  private async load(pathname: string): Promise<CachedResponse | null> {
    // isOwnPath already holds: no encoding, no dot segment; the checks in readFileUnder are a second fence.
    let body = await readFileUnder(this.root, `.${pathname}`);
    if (!body && pathname.startsWith("/build/")) {
      for (const archived of this.archivedBuilds) {
        body = await readFileUnder(archived, `.${pathname.slice("/build".length)}`);
        if (body) break;
      }
    }
    if (!body) return null;
    const contentType = CONTENT_TYPES[path.extname(pathname).toLowerCase()] ?? "application/octet-stream";
    const cacheControl = pathname.startsWith("/build/") ? IMMUTABLE_CACHE_CONTROL : PUBLIC_FILE_CACHE_CONTROL;
    countStaticFileCompression();
    return createCachedResponse(
      200,
      [
        ["Content-Type", contentType],
        ["Cache-Control", cacheControl],
      ],
      body,
    );
  }
}

/** The file at `relative` under `root`, or null (not a file, unreadable, or outside `root`). */
async function readFileUnder(root: string, relative: string): Promise<Buffer | null> {
  const file = path.resolve(root, relative);
  if (!file.startsWith(root + path.sep)) return null;
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile()) return null;
    return await fs.readFile(file);
  } catch {
    return null;
  }
}
