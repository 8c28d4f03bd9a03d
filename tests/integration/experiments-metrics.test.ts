// The experiment metrics at /metrics: assignments counted per variant, and experiment_srm_flagged 1 while a
// running experiment's split departs from its weights (the report's sample-ratio check), 0 once it does not.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { experimentCounter, resetExperimentCounter } from "~/leads/backend.server";
import { metricsRoute } from "~/metrics/route.server";

import { readDocuments, SEED_FILE, writeDocuments } from "../support/dataset";
import { EXPERIMENT_KEY, experimentDocuments } from "../support/experiment-fixtures";
import { freshLeadEnvironment } from "../support/leads";
import { metricValue } from "../support/metrics";

const TOKEN = "experiments-metrics-token";

async function scrape(): Promise<string> {
  const response = await metricsRoute({
    request: new Request("http://localhost/metrics", { headers: { Authorization: `Bearer ${TOKEN}` } }),
  });
  expect(response?.status).toBe(200);
  return response!.text();
}

const flagged = (text: string) =>
  Number(new RegExp(`^experiment_srm_flagged\\{experiment="${EXPERIMENT_KEY}"\\} (\\d+)`, "m").exec(text)?.[1]);

beforeAll(async () => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "experiments-metrics-"));
  const dataset = path.join(directory, "production.ndjson");
  writeDocuments(dataset, [...readDocuments(SEED_FILE), ...experimentDocuments()]);
  await freshLeadEnvironment({ CONTENT_DATASET_FILE: dataset, METRICS_TOKEN: TOKEN });
  await resetExperimentCounter();
});
afterAll(async () => {
  await resetExperimentCounter();
  delete process.env.METRICS_TOKEN;
});

it("counts assignments per variant and flags a split that departs from the weights", async () => {
  const before = {
    a: await metricValue("experiment_assignments_total", { experiment: EXPERIMENT_KEY, variant: "a" }),
    b: await metricValue("experiment_assignments_total", { experiment: EXPERIMENT_KEY, variant: "b" }),
  };
  // An even split first: 60 and 60 of a 50/50 experiment.
  for (let index = 0; index < 60; index += 1) {
    experimentCounter().countVisitor(EXPERIMENT_KEY, "a");
    experimentCounter().countVisitor(EXPERIMENT_KEY, "b");
  }
  expect(await metricValue("experiment_assignments_total", { experiment: EXPERIMENT_KEY, variant: "a" })).toBe(
    before.a + 60,
  );
  expect(await metricValue("experiment_assignments_total", { experiment: EXPERIMENT_KEY, variant: "b" })).toBe(
    before.b + 60,
  );
  expect(flagged(await scrape())).toBe(0);

  // Then 300 more to the control only: chi-square far past p < 0.001.
  for (let index = 0; index < 300; index += 1) experimentCounter().countVisitor(EXPERIMENT_KEY, "a");
  expect(flagged(await scrape())).toBe(1);
  // A key the counter refuses is not a label either.
  experimentCounter().countVisitor("no valid key!", "a");
  expect(await scrape()).not.toContain("no valid key!");
});
