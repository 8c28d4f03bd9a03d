/**
 * The Remix request handler as Express middleware, with the page cache's fill: a cacheable GET/HEAD is
 * rendered once (as GET, without tracking parameters), stored precompressed and answered from the entry;
 * everything else streams through, compressed when it is text.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { createReadableStreamFromReadable, createRequestHandler, type ServerBuild } from "@remix-run/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { isHttps } from "../app/lib/security-headers.server";
import { clientAddress } from "./client-address";
import {
  BROTLI_FAST_QUALITY,
  BROTLI_MAX_QUALITY,
  createCachedResponse,
  isCacheableResponse,
  type PageCache,
  pageCacheKey,
} from "./page-cache";
import { sendCached, sendLive } from "./respond";

function toFetchRequest(req: IncomingMessage, res: ServerResponse, cacheKey: string | null): Request {
  const forwardedProto = String(req.headers["x-forwarded-proto"] ?? "")
    .split(",")[0]
    ?.trim();
  const protocol = forwardedProto === "https" ? "https" : "http";
  const url = new URL(cacheKey ?? req.url ?? "/", `${protocol}://${req.headers.host ?? "localhost"}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  // A cacheable request is rendered as the GET it stands for, so HEAD fills the cache too.
  const method = cacheKey ? "GET" : (req.method ?? "GET");
  const init: RequestInit & { duplex?: "half" } = { method, headers, signal: controller.signal };
  if (method !== "GET" && method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url, init);
}

export interface RemixHandlerOptions {
  build: ServerBuild;
  mode: string;
  cache: PageCache;
  publicSiteUrl?: string;
  /** Reverse proxies of our own in front of the server (TRUST_PROXY_HOPS). */
  trustedProxyHops?: number;
}

export function createRemixHandler({ build, mode, cache, publicSiteUrl, trustedProxyHops = 0 }: RemixHandlerOptions) {
  const handle = createRequestHandler(build, mode);

  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const cacheKey = pageCacheKey(req);
      if (!cacheKey) {
        // Form actions rate-limit per visitor: the load context carries the visitor's address.
        const clientIp = clientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], trustedProxyHops);
        await sendLive(req, res, await handle(toFetchRequest(req, res, null), { clientIp }));
        return;
      }
      let uncacheable: Response | null = null;
      const entry = await cache.fill(cacheKey, async () => {
        const response = await handle(toFetchRequest(req, res, cacheKey));
        if (!isCacheableResponse(response)) {
          uncacheable = response;
          return null;
        }
        const body = Buffer.from(await response.arrayBuffer());
        // Densest brotli for the pages content defines; fast brotli for query variants, which anyone can mint.
        const brotliQuality = cacheKey.includes("?") ? BROTLI_FAST_QUALITY : BROTLI_MAX_QUALITY;
        return createCachedResponse(response.status, response.headers, body, { brotliQuality });
      });
      if (entry) sendCached(req, res, entry, "MISS", isHttps(req.headers["x-forwarded-proto"], publicSiteUrl));
      else await sendLive(req, res, uncacheable!);
    } catch (error) {
      next(error);
    }
  };
}
