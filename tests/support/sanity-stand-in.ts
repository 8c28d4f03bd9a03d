/**
 * A stand-in for Sanity's Content Lake query API, for msw: answers GET and POST queries with groq-js
 * over an NDJSON dataset, the way the real API would: the `perspective` parameter picks published
 * documents, drafts over published, or raw documents (the preview secret check reads raw).
 */
import fs from "node:fs";

import { http, HttpResponse } from "msw";

import type { Perspective } from "~/content/content-source.server";
import { imagesDirOf, withLocalImageAssets } from "~/content/local-assets.server";
import { datasetFor, parseNdjsonRaw, runGroq } from "~/content/local-source.server";

export const SANITY_STAND_IN_HOST = "http://127.0.0.1:4599";

export interface StandInQuery {
  query: string;
  perspective: string;
}

/**
 * A content source map like the Content Lake's for `resultSourceMap` requests: every string of the
 * result maps to the same path of one stand-in document, so the client's stega encoder (and its filter)
 * sees every string the site renders.
 */
export function contentSourceMap(result: unknown) {
  const paths: string[] = [];
  const mappings: Record<string, unknown> = {};
  const walk = (value: unknown, path: string) => {
    if (typeof value === "string") {
      mappings[path] = { type: "value", source: { type: "documentValue", document: 0, path: paths.length } };
      paths.push(path);
    } else if (Array.isArray(value)) value.forEach((item, index) => walk(item, `${path}[${index}]`));
    else if (value && typeof value === "object")
      for (const [key, item] of Object.entries(value)) walk(item, `${path}['${key}']`);
  };
  walk(result, "$");
  return { documents: [{ _id: "stand-in", _type: "stand-in" }], paths, mappings };
}

function perspectiveOf(value: string | null): Perspective | "raw" {
  return value === "published" || value === "drafts" ? value : "raw";
}

export function sanityQueryHandlers(datasetFile: string, onQuery?: (query: string, seen: StandInQuery) => void) {
  async function answer(query: string, params: Record<string, unknown>, url: URL) {
    const perspective = url.searchParams.get("perspective");
    onQuery?.(query, { query, perspective: perspective ?? "raw" });
    // As after `npm run content:import`: image placeholders became assets with their metadata.
    const raw = withLocalImageAssets(parseNdjsonRaw(fs.readFileSync(datasetFile, "utf8")), imagesDirOf(datasetFile));
    const dataset = datasetFor(raw, perspectiveOf(perspective));
    const result = await runGroq(dataset, query, params as Record<string, string>);
    const sourceMap = url.searchParams.has("resultSourceMap") ? { resultSourceMap: contentSourceMap(result) } : {};
    return HttpResponse.json({ ms: 1, query, result, ...sourceMap });
  }
  const path = `${SANITY_STAND_IN_HOST}/:version/data/query/:dataset`;
  return [
    http.get(path, ({ request }) => {
      const url = new URL(request.url);
      const params: Record<string, unknown> = {};
      for (const [key, value] of url.searchParams) if (key.startsWith("$")) params[key.slice(1)] = JSON.parse(value);
      return answer(url.searchParams.get("query") ?? "", params, url);
    }),
    http.post(path, async ({ request }) => {
      const body = (await request.json()) as { query: string; params?: Record<string, unknown> };
      return answer(body.query, body.params ?? {}, new URL(request.url));
    }),
  ];
}
