// New experiment visitors per client address are bounded (EXPERIMENT_VISITORS_PER_CLIENT an hour, IPv6
// by /64): past the limit a cookie-less request with analytics consent sees the control, gets no cookie
// and counts nothing, while other addresses are still drawn.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { resetContentSource } from "~/content/source.server";
import { chooseCampaignVariant } from "~/experiments/serve.server";
import { experimentCounter, resetExperimentCounter } from "~/leads/backend.server";
import { readVisitor } from "~/visitor/context.server";

import { readDocuments, SEED_FILE, writeDocuments } from "../support/dataset";
import { browserHeaders, CONTROL_PATH, EXPERIMENT_KEY, experimentDocuments } from "../support/experiment-fixtures";
import { freshLeadEnvironment } from "../support/leads";

beforeAll(async () => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "experiment-visitor-limit-"));
  const dataset = path.join(directory, "production.ndjson");
  writeDocuments(dataset, [...readDocuments(SEED_FILE), ...experimentDocuments()]);
  await freshLeadEnvironment({ CONTENT_DATASET_FILE: dataset, EXPERIMENT_VISITORS_PER_CLIENT: "3" });
  resetContentSource();
  await resetExperimentCounter();
});
afterAll(async () => {
  await resetExperimentCounter();
  delete process.env.EXPERIMENT_VISITORS_PER_CLIENT;
});

async function visit(clientIp: string) {
  const request = new Request(`http://localhost${CONTROL_PATH}`, { headers: browserHeaders({ consent: "v1.a1.p0" }) });
  const choice = await chooseCampaignVariant(CONTROL_PATH, request, readVisitor(request, { clientIp }), Math.random);
  return { choice: choice!, cookie: choice!.headers.get("set-cookie") };
}

async function visitors(): Promise<number> {
  const counts = await experimentCounter().readCounts();
  return counts.filter((count) => count.experiment === EXPERIMENT_KEY).reduce((sum, count) => sum + count.visitors, 0);
}

it("lets one address add a few new visitors an hour, then shows it the control and counts nothing", async () => {
  const before = await visitors();
  const answers = [];
  // Every address of one IPv6 /64 is one client.
  for (let index = 1; index <= 12; index += 1) answers.push(await visit(`2001:db8:0:5::${index.toString(16)}`));
  expect(answers.filter((answer) => answer.cookie).length).toBe(3);
  for (const answer of answers.slice(3)) {
    expect(answer.cookie).toBeNull();
    expect(answer.choice.participant).toBe(false);
    expect(answer.choice.variant).toBe("a");
    expect(answer.choice.headers.get("cache-control")).toBe("private, no-store");
  }
  expect(await visitors()).toBe(before + 3);

  // Another address is still drawn and counted.
  const other = await visit("198.51.100.23");
  expect(other.cookie).toMatch(/experimentos=/);
  expect(await visitors()).toBe(before + 4);
});
