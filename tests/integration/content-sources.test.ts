// Both content sources run the same GROQ and must answer the same for every query of the site.
import fs from "node:fs";
import path from "node:path";

import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { parseNdjson } from "~/content/local-source.server";
import * as queries from "~/content/queries";
import { contentSource, resetContentSource } from "~/content/source.server";

import { SANITY_STAND_IN_HOST, sanityQueryHandlers } from "../support/sanity-stand-in";

const seedFile = path.resolve("sanity-studio/seed/production.ndjson");
const seedSlugs = parseNdjson(fs.readFileSync(seedFile, "utf8"))
  .filter((document) => document._type === "sectorPage")
  .map((document) => (document.slug as { current: string }).current);

const seedCampaigns = parseNdjson(fs.readFileSync(seedFile, "utf8")).filter(
  (document) => document._type === "campaignPage",
);

/** Each parameterised query with every value the seed has for its parameter, and one it does not. */
const PARAMS: Record<string, Array<Record<string, string>>> = {
  sectorPageQuery: [...seedSlugs, "no-existe"].map((slug) => ({ slug })),
  campaignPageQuery: [...seedCampaigns.map((page) => (page.slug as { current: string }).current), "no-existe"].map(
    (slug) => ({ slug }),
  ),
  campaignPageByIdQuery: [...seedCampaigns.map((page) => page._id), "campaignPage.no-existe"].map((id) => ({ id })),
};

const queriesWithParams: Array<[string, string, Record<string, string>]> = Object.entries(queries).flatMap(
  ([name, query]): Array<[string, string, Record<string, string>]> =>
    (PARAMS[name] ?? [{}]).map((params): [string, string, Record<string, string>] => [
      Object.keys(params).length ? `${name}(${Object.values(params).join(",")})` : name,
      query,
      params,
    ]),
);

const sanityQueries: string[] = [];
const server = setupServer(...sanityQueryHandlers(seedFile, (query) => sanityQueries.push(query)));

async function runAll(): Promise<Record<string, unknown>> {
  const results: Record<string, unknown> = {};
  for (const [name, query, params] of queriesWithParams) results[name] = await contentSource().fetch(query, params);
  return results;
}

describe("content sources", () => {
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterAll(() => {
    server.close();
    delete process.env.SANITY_PROJECT_ID;
    delete process.env.SANITY_API_HOST;
    resetContentSource();
  });

  it("answer every query of the site identically from the NDJSON file and from Sanity", async () => {
    resetContentSource();
    expect(contentSource().kind).toBe("local");
    const local = await runAll();

    process.env.SANITY_PROJECT_ID = "testproject";
    process.env.SANITY_API_HOST = SANITY_STAND_IN_HOST;
    resetContentSource();
    expect(contentSource().kind).toBe("sanity");
    const sanity = await runAll();

    expect(seedSlugs.length).toBeGreaterThanOrEqual(32);
    expect(sanityQueries.length).toBeGreaterThanOrEqual(queriesWithParams.length);
    expect(sanity).toEqual(local);
    expect(local["sectorPageQuery(no-existe)"]).toBeNull();
    expect(local["campaignPageQuery(no-existe)"]).toBeNull();
    expect(local["campaignPageQuery(reformas-integrales)"]).toMatchObject({ title: expect.any(String) });
    expect(local["campaignPageByIdQuery(campaignPage.software-b2b-demos)"]).toMatchObject({
      slug: "software-b2b-demos",
    });
    expect(local["siteSettingsQuery"]).toMatchObject({ siteName: expect.any(String) });
  }, 30_000);

  it("serves Sanity results from its cache until invalidated", async () => {
    process.env.SANITY_PROJECT_ID = "testproject";
    process.env.SANITY_API_HOST = SANITY_STAND_IN_HOST;
    resetContentSource();
    sanityQueries.length = 0;
    await contentSource().fetch(queries.siteSettingsQuery);
    await contentSource().fetch(queries.siteSettingsQuery);
    expect(sanityQueries).toHaveLength(1);
    contentSource().invalidate();
    await contentSource().fetch(queries.siteSettingsQuery);
    expect(sanityQueries).toHaveLength(2);
  });
});
