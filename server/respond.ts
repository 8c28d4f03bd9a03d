/**
 * Writing responses to node:http: a cached entry (encoding chosen by Accept-Encoding, ETag, 304, HEAD)
 * and a live Remix Response (headers copied, compressible bodies compressed as they stream).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import zlib from "node:zlib";

import { baseSecurityHeaders } from "./app";
import {
  type CachedResponse,
  type Encoding,
  encodingFor,
  etagFor,
  isCompressible,
  matchesIfNoneMatch,
  negotiateEncoding,
} from "./cached-response";

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

const wireHeaders = new WeakMap<CachedResponse, Array<string[] | undefined>>();
const ENCODINGS: Encoding[] = ["identity", "br", "gzip"];

/**
 * The complete header list of one way of sending an entry (security headers, origin headers, validators,
 * encoding), built once and reused: a hit then costs a single writeHead with a ready array.
 */
function headersFor(
  entry: CachedResponse,
  encoding: Encoding,
  secure: boolean,
  cacheStatus: CacheStatus,
  notModified: boolean,
): string[] {
  let variants = wireHeaders.get(entry);
  if (!variants) wireHeaders.set(entry, (variants = []));
  const slot =
    ENCODINGS.indexOf(encoding) * 8 + (secure ? 4 : 0) + (cacheStatus === "HIT" ? 2 : 0) + (notModified ? 1 : 0);
  let list = variants[slot];
  if (!list) {
    const headers: Record<string, string> = { ...baseSecurityHeaders({ https: secure }) };
    for (const [name, value] of Object.entries(entry.headers)) {
      const existing = Object.keys(headers).find((known) => known.toLowerCase() === name);
      if (existing) delete headers[existing];
      headers[name] = value;
    }
    if (entry.bodies.br !== entry.bodies.identity) headers.Vary = "Accept-Encoding";
    headers.ETag = etagFor(entry, encoding);
    headers["X-Cache"] = cacheStatus;
    if (notModified) delete headers["content-type"];
    else {
      if (encoding !== "identity") headers["Content-Encoding"] = encoding;
      headers["Content-Length"] = String(entry.bodies[encoding].length);
    }
    list = Object.entries(headers).flat();
    variants[slot] = list;
  }
  return list;
}

/** Sends a cached entry, or 304 when the client already holds it. */
export function sendCached(
  req: IncomingMessage,
  res: ServerResponse,
  entry: CachedResponse,
  cacheStatus: CacheStatus,
  secure: boolean,
): void {
  const encoding = encodingFor(entry, req.headers["accept-encoding"]);
  if (matchesIfNoneMatch(entry, req.headers["if-none-match"])) {
    res.writeHead(304, headersFor(entry, encoding, secure, cacheStatus, true));
    res.end();
    return;
  }
  res.writeHead(entry.status, headersFor(entry, encoding, secure, cacheStatus, false));
  res.end(req.method === "HEAD" ? undefined : entry.bodies[encoding]);
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
  if (
    encoding === "identity" ||
    !isCompressible(response.headers.get("content-type")) ||
    response.headers.has("content-encoding")
  ) {
    if (isCompressible(response.headers.get("content-type"))) appendVary(res, "Accept-Encoding");
    await pipeline(source, res);
    return;
  }
  appendVary(res, "Accept-Encoding");
  res.removeHeader("Content-Length");
  res.setHeader("Content-Encoding", encoding);
  await pipeline(source, createEncoder(encoding), res);
}

/** A short plain-text answer (a refused request), in Spanish like everything a visitor reads. */
export function sendPlain(res: ServerResponse, status: number, text: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.statusCode = status;
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.end(text);
}
