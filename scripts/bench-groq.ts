// `npx vite-node scripts/bench-groq.ts [dataset.ndjson]`: what a query costs the embedded content source,
// groq-js scanning the whole dataset versus with the index (app/content/local-source.server.ts), each query
// run 5 times after a warm-up, the median printed. Default dataset: the seed. Figures:
// docs/lab/content-scale-log.md.
import fs from "node:fs";
import path from "node:path";

import { datasetFor, parseNdjsonRaw, runGroq, runGroqScanning } from "../app/content/local-source.server";
import * as queries from "../app/content/queries";

const file = process.argv[2] ?? path.resolve("sanity-studio/seed/production.ndjson");
const dataset = datasetFor(parseNdjsonRaw(fs.readFileSync(file, "utf8")), "published");

const CASES: Array<[string, string, Record<string, string>]> = [
  ["a sector page by slug", queries.sectorPageQuery, { slug: "construccion" }],
  ["a campaign page by slug", queries.campaignPageQuery, { slug: "reformas-integrales" }],
  ["a singleton (site settings)", queries.siteSettingsQuery, {}],
  ["the directory (every sector)", queries.sectorsDirectoryQuery, {}],
  ["the landing page", queries.landingPageQuery, {}],
];

async function median(run: () => Promise<unknown>): Promise<number> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[2]!;
}

console.log(`${file}: ${dataset.length} documents (published)`);
for (const [name, query, params] of CASES) {
  const scan = await median(() => runGroqScanning(dataset, query, params));
  const indexed = await median(() => runGroq(dataset, query, params));
  console.log(
    `${name.padEnd(32)} scan ${scan.toFixed(1).padStart(7)} ms   indexed ${indexed.toFixed(1).padStart(7)} ms`,
  );
}
