/**
 * A stand-in for Sanity's Content Lake query API, for msw: answers GET and POST queries with groq-js
 * over an NDJSON dataset, the way the real API would (published documents only).
 */
import fs from "node:fs";
import { evaluate, parse } from "groq-js";
import { http, HttpResponse } from "msw";
import { imagesDirOf, withLocalImageAssets } from "~/content/local-assets.server";
import { parseNdjson } from "~/content/local-source.server";

export const SANITY_STAND_IN_HOST = "http://127.0.0.1:4599";

export function sanityQueryHandlers(datasetFile: string, onQuery?: (query: string) => void) {
  async function answer(query: string, params: Record<string, unknown>) {
    onQuery?.(query);
    // As after `npm run content:import`: image placeholders became assets with their metadata.
    const dataset = withLocalImageAssets(parseNdjson(fs.readFileSync(datasetFile, "utf8")), imagesDirOf(datasetFile));
    const result = await (await evaluate(parse(query, { params }), { dataset, params })).get();
    return HttpResponse.json({ ms: 1, query, result });
  }
  const path = `${SANITY_STAND_IN_HOST}/:version/data/query/:dataset`;
  return [
    http.get(path, ({ request }) => {
      const url = new URL(request.url);
      const params: Record<string, unknown> = {};
      for (const [key, value] of url.searchParams) if (key.startsWith("$")) params[key.slice(1)] = JSON.parse(value);
      return answer(url.searchParams.get("query") ?? "", params);
    }),
    http.post(path, async ({ request }) => {
      const body = (await request.json()) as { query: string; params?: Record<string, unknown> };
      return answer(body.query, body.params ?? {});
    }),
  ];
}
