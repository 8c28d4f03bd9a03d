/**
 * Files under public/, answered by the node:http layer from memory: read once, precompressed once.
 * Hashed build output (/build/…) is immutable for a year; the few other files are cached for an hour.
 */
import { existsSync, readdirSync } from "node:fs";
import fs from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";

import { LRUCache } from "lru-cache";

import { IMMUTABLE_CACHE_CONTROL } from "../app/lib/http-cache";
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

export class StaticAssets {
  private readonly root: string;
  private readonly rootFiles: Set<string>;
  private readonly cache = new LRUCache<string, CachedResponse>({
    max: 500,
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (entry) => Math.max(1, entry.size),
  });
  private readonly loading = new Map<string, Promise<CachedResponse | null>>();

  constructor(publicDir: string) {
    this.root = path.resolve(publicDir);
    // Top-level files (favicon, …) are known at start so page requests never touch the disk.
    this.rootFiles = new Set(
      existsSync(this.root)
        ? readdirSync(this.root, { withFileTypes: true })
            .filter((entry) => entry.isFile())
            .map((entry) => `/${entry.name}`)
        : [],
    );
  }

  /** True when the path belongs to public/ (hashed build output or a known top-level file). */
  handles(pathname: string): boolean {
    return pathname.startsWith("/build/") || this.rootFiles.has(pathname);
  }

  /** The in-memory copy of a public file already served once. */
  cached(pathname: string): CachedResponse | undefined {
    return this.cache.get(pathname);
  }

  /** Answers GET/HEAD for a public file; false when there is no such file (the app answers 404). */
  async serve(req: IncomingMessage, res: ServerResponse, pathname: string, secure: boolean): Promise<boolean> {
    let entry = this.cache.get(pathname);
    if (!entry) {
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
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return null;
    }
    if (decoded.includes("\0")) return null;
    const file = path.resolve(this.root, `.${path.posix.normalize(decoded)}`);
    if (!file.startsWith(this.root + path.sep)) return null;
    let body: Buffer;
    try {
      const stat = await fs.stat(file);
      if (!stat.isFile()) return null;
      body = await fs.readFile(file);
    } catch {
      return null;
    }
    const contentType = CONTENT_TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";
    const cacheControl = pathname.startsWith("/build/") ? IMMUTABLE_CACHE_CONTROL : PUBLIC_FILE_CACHE_CONTROL;
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
