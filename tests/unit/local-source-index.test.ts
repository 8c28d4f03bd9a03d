// The embedded source's index (lookups by `_id` for `->`, a filter on `_type`/`_id` reading those documents
// only) answers every query of the site exactly as groq-js scanning the whole dataset does: on the seed, in
// every perspective, with every slug and id the seed has.
import fs from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { datasetFor, parseNdjsonRaw, runGroq, runGroqScanning } from "~/content/local-source.server";
import * as queries from "~/content/queries";

const SEED = path.resolve("sanity-studio/seed/production.ndjson");
const raw = parseNdjsonRaw(fs.readFileSync(SEED, "utf8"));

const slugs = [
  ...new Set(
    raw.flatMap((document) => {
      const slug = (document as { slug?: { current?: unknown } }).slug?.current;
      return typeof slug === "string" ? [slug] : [];
    }),
  ),
  "no-such-slug",
];
const ids = [...raw.map((document) => document._id), "no-such-id"];

const entries = Object.entries(queries as Record<string, unknown>).filter(
  (entry): entry is [string, string] => typeof entry[1] === "string",
);

/** The parameter sets a query is run with: each slug or each id of the seed when it takes one. */
function paramSets(query: string): Array<Record<string, string>> {
  if (query.includes("$slug")) return slugs.map((slug) => ({ slug }));
  if (query.includes("$id")) return ids.map((id) => ({ id }));
  return [{}];
}

describe("the embedded source's index", () => {
  it("covers every query of app/content/queries.ts", () => {
    expect(entries.length).toBeGreaterThanOrEqual(15);
  });

  for (const perspective of ["published", "drafts", "raw"] as const) {
    it(`gives the same results as a full scan (${perspective})`, async () => {
      const dataset = datasetFor(raw, perspective);
      let compared = 0;
      for (const [name, query] of entries) {
        for (const params of paramSets(query)) {
          const indexed = await runGroq(dataset, query, params);
          const scanned = await runGroqScanning(dataset, query, params);
          expect(indexed, `${name} ${JSON.stringify(params)}`).toStrictEqual(scanned);
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(entries.length);
    });
  }

  it("finds a document by a filter on _type or _id and follows references like the scan", async () => {
    const dataset = [
      { _id: "a", _type: "page", title: "A", link: { _ref: "b" }, missing: { _ref: "zz" } },
      { _id: "b", _type: "target", title: "B" },
      { _id: "c", _type: "page", title: "C", link: { _ref: "a" }, slug: { current: "s" } },
      { _id: "d", _type: "target", slug: { current: "s" } },
    ];
    for (const query of [
      `*[_type == "page"]{title, "to": link->title, "none": missing->title}`,
      `*["page" == _type && (_id == "c")][0]{title, "to": link->{title, "back": link->title}}`,
      `*[_type == "page" && _id == "b"]`,
      `*[slug.current == "s" && _type == "page"]{title}`,
      `*[_type == "page" && slug.current == "t"]`,
      `*[_type == "nothing"]`,
      `*[_type == "page"][0]{"all": *[_type == "target" || _id == "a"]._id}`,
      `count(*[_id == "a"])`,
    ])
      expect(await runGroq(dataset, query, {}), query).toStrictEqual(await runGroqScanning(dataset, query, {}));
  });
});
