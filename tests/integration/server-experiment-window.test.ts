// An experiment follows its pages' calendars (docs/decisions/0018-campaign-window.md), on the running
// production server: while its variant's page has ended, consenting browsers all see the control, get no
// experiment cookie and the path is publicly cacheable again; while its control's page has not started,
// the path answers 404 and nobody is drawn.
import path from "node:path";

import { afterAll, beforeAll, expect, it } from "vitest";

import { readDocuments, writeDocuments } from "../support/dataset";
import {
  browserHeaders,
  CONTROL_HEADING,
  CONTROL_PATH,
  experimentDocuments,
  VARIANT_HEADING,
} from "../support/experiment-fixtures";
import { type ProductionServer, request, startServer } from "../support/production-server";

const CONSENT = "v1.a1.p0";
const WITHIN_MS = 5_000;
const HOUR_MS = 3_600_000;

let server: ProductionServer;
let file: string;
let seed: ReturnType<typeof readDocuments>;
beforeAll(async () => {
  server = await startServer();
  file = path.join(server.dataDir, "production.ndjson");
  seed = readDocuments(file);
}, 60_000);
afterAll(async () => server?.stop());

/** The experiment's documents with a calendar on one of its pages. */
function publish(pageId: string, window: Record<string, string>) {
  const documents = experimentDocuments().map((document) =>
    document._id === pageId ? { ...document, ...window } : document,
  );
  writeDocuments(file, [...seed, ...documents]);
}

const visit = (headers: Record<string, string> = browserHeaders({ consent: CONSENT })) =>
  request(`${server.baseUrl}${CONTROL_PATH}`, { headers }).then((response) => ({
    ...response,
    text: response.body.toString("utf8"),
  }));

it("runs while both pages are live, and leaves a variant whose page has ended out of the draw", async () => {
  publish("campaignPage.ab-reformas-b", { visibleUntil: new Date(Date.now() + HOUR_MS).toISOString() });
  await expect.poll(async () => (await visit()).headers["set-cookie"], { timeout: WITHIN_MS }).toBeDefined();

  publish("campaignPage.ab-reformas-b", { visibleUntil: new Date(Date.now() - HOUR_MS).toISOString() });
  await expect.poll(async () => (await visit()).headers["set-cookie"], { timeout: WITHIN_MS }).toBeUndefined();
  for (let browser = 0; browser < 12; browser += 1) {
    const page = await visit();
    expect(page.status).toBe(200);
    expect(page.text).toContain(CONTROL_HEADING);
    expect(page.text).not.toContain(VARIANT_HEADING);
    expect(page.headers["set-cookie"]).toBeUndefined();
    expect(page.headers["cache-control"]).not.toMatch(/private/);
  }
  // A browser already in b sees the control too: its variant is over.
  const assigned = await visit(browserHeaders({ consent: CONSENT, variant: "b" }));
  expect(assigned.text).toContain(CONTROL_HEADING);
}, 30_000);

it("does not run before its control's page starts: the path is 404 and nobody is drawn", async () => {
  publish("campaignPage.ab-reformas", { visibleFrom: new Date(Date.now() + HOUR_MS).toISOString() });
  await expect.poll(async () => (await visit()).status, { timeout: WITHIN_MS }).toBe(404);
  const page = await visit();
  expect(page.headers["set-cookie"]).toBeUndefined();
  expect(page.text).not.toContain(VARIANT_HEADING);
}, 30_000);
