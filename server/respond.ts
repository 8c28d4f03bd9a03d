/**
 * Writing responses to node:http: a cached entry (encoding chosen by Accept-Encoding, ETag, 304, HEAD)
 * and a live Remix Response (headers copied, compressible bodies compressed as they stream).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import zlib from "node:zlib";
import { type CachedResponse, encodingFor, etagFor, isCompressible, matchesIfNoneMatch, negotiateEncoding } from "./page-cache";

export type CacheStatus = "HIT" | "MISS";

function appendVary(res: ServerResponse, name: string): void {
  const current = res.getHeader("Vary");
  const values = String(current ?? "")
    .split(",")
    .map((value) => value.trim())
    .filter(Boolean);
  if (!values.some((value) => value.toLowerCase() === name.toLowerCase())) values.push(name);
  res.setHeader("Vary", values.join(", "));
}

/** Sends a cached entry, or 304 when the client already holds it. */
export function sendCached(req: IncomingMessage, res: ServerResponse, entry: CachedResponse, cacheStatus: CacheStatus): void {
  const encoding = encodingFor(entry, req.headers["accept-encoding"]);
  for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value);
  if (entry.bodies.br !== entry.bodies.identity) appendVary(res, "Accept-Encoding");
  res.setHeader("ETag", etagFor(entry, encoding));
  res.setHeader("X-Cache", cacheStatus);
  if (matchesIfNoneMatch(entry, req.headers["if-none-match"])) {
    res.removeHeader("Content-Type");
    res.statusCode = 304;
    res.end();
    return;
  }
  const body = entry.bodies[encoding];
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.statusCode = entry.status;
  res.end(req.method === "HEAD" ? undefined : body);
}

function createEncoder(encoding: "br" | "gzip") {
  return encoding === "br"
    ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
    : zlib.createGzip({ level: 6 });
}

/** Sends a Remix Response that is not cached, compressing text bodies for clients that accept it. */
export async function sendLive(req: IncomingMessage, res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  if (response.statusText) res.statusMessage = response.statusText;
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") continue;
    res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader("Set-Cookie", cookies);
  res.setHeader("X-Cache", "MISS");

  const bodyless = req.method === "HEAD" || response.status === 204 || response.status === 304;
  if (!response.body || bodyless) {
    await response.body?.cancel();
    res.end();
    return;
  }
  const source = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
  const encoding = negotiateEncoding(req.headers["accept-encoding"]);
  if (encoding === "identity" || !isCompressible(response.headers.get("content-type")) || response.headers.has("content-encoding")) {
    if (isCompressible(response.headers.get("content-type"))) appendVary(res, "Accept-Encoding");
    await pipeline(source, res);
    return;
  }
  appendVary(res, "Accept-Encoding");
  res.removeHeader("Content-Length");
  res.setHeader("Content-Encoding", encoding);
  await pipeline(source, createEncoder(encoding), res);
}
