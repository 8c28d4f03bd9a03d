// `node scripts/grow-dataset.mjs --sectors 500 --campaigns 200 --out /tmp/grown/production.ndjson`: the seed
// dataset plus N more sector pages and M more campaign pages, copies of the seed's (round robin) with their own
// ids, slugs and names, written as NDJSON usable as CONTENT_DATASET_FILE (the seed's images are copied beside
// it). For tests and benchmarks (`npm run bench:content`); never a dataset to publish.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

import { SEED_DATASET } from "./lib/build.mjs";

/** Copies never featured, so the directory's featured grid stays the seed's six. */
function sectorCopy(original, index) {
  const suffix = `${index + 1}`;
  const copy = structuredClone(original);
  const slug = `${original.slug.current}-${suffix}`;
  copy._id = `sectorPage.${slug}`;
  copy._rev = `grown-${suffix}`;
  copy.slug = { ...original.slug, current: slug };
  copy.sectorName = `${original.sectorName} ${suffix}`;
  if (copy.calculatorName) copy.calculatorName = `${original.calculatorName} ${suffix}`;
  delete copy.calculatorAliases;
  copy.featured = false;
  copy.order = 1000 + index;
  if (copy.hero?.title) copy.hero.title = `${copy.hero.title} (${suffix})`;
  if (copy.seo?.title) copy.seo.title = `${copy.sectorName}: leads B2B`.slice(0, 60);
  return copy;
}

function campaignCopy(original, index) {
  const suffix = `${index + 1}`;
  const copy = structuredClone(original);
  const slug = `${original.slug.current}-${suffix}`;
  copy._id = `campaignPage.${slug}`;
  copy._rev = `grown-${suffix}`;
  copy.slug = { ...original.slug, current: slug };
  copy.title = `${original.title} ${suffix}`;
  return copy;
}

/** The seed plus `sectors` sector pages and `campaigns` campaign pages, as NDJSON text. */
export function growDataset(seedText, { sectors = 0, campaigns = 0 } = {}) {
  const documents = seedText
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line));
  const isPublished = (document) => !document._id.startsWith("drafts.") && !document._id.startsWith("versions.");
  const seedSectors = documents.filter((document) => document._type === "sectorPage" && isPublished(document));
  const seedCampaigns = documents.filter((document) => document._type === "campaignPage" && isPublished(document));
  const grown = [...documents];
  for (let index = 0; index < sectors; index++) grown.push(sectorCopy(seedSectors[index % seedSectors.length], index));
  for (let index = 0; index < campaigns; index++)
    grown.push(campaignCopy(seedCampaigns[index % seedCampaigns.length], index));
  return grown.map((document) => JSON.stringify(document)).join("\n") + "\n";
}

/** Writes the grown dataset to `out` with the seed's images beside it; returns `out`. */
export function writeGrownDataset(out, counts) {
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, growDataset(fs.readFileSync(SEED_DATASET, "utf8"), counts));
  fs.cpSync(path.join(path.dirname(SEED_DATASET), "images"), path.join(path.dirname(out), "images"), {
    recursive: true,
  });
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      sectors: { type: "string", default: "500" },
      campaigns: { type: "string", default: "200" },
      out: { type: "string" },
    },
  });
  if (!values.out) {
    console.error("usage: node scripts/grow-dataset.mjs --sectors 500 --campaigns 200 --out <file.ndjson>");
    process.exit(2);
  }
  const counts = { sectors: Number(values.sectors), campaigns: Number(values.campaigns) };
  writeGrownDataset(path.resolve(values.out), counts);
  console.log(`${values.out}: the seed + ${counts.sectors} sector pages + ${counts.campaigns} campaign pages`);
}
