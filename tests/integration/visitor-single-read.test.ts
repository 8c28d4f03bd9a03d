// A campaign-page lead reads the visitor's Cookie header once: the route's entry builds the visitor
// context (app/visitor/context.server.ts) and the experiment, attribution and conversion steps take
// its plain values. The lead still carries the variant, the origin cookie's campaign and the consent.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { resetContentSource } from "~/content/source.server";
import { experimentLeadAction } from "~/experiments/campaign.server";
import { experimentCounter, resetExperimentCounter } from "~/leads/backend.server";
import type * as Cookies from "~/lib/cookies";
import { parseCookieHeader, readCookies } from "~/lib/cookies";

import { readDocuments, SEED_FILE, writeDocuments } from "../support/dataset";
import {
  browserHeaders,
  CONTROL_PATH,
  EXPERIMENT_KEY,
  experimentDocuments,
  FIXTURE_BROWSER_ID,
} from "../support/experiment-fixtures";
import { post, useLeadDestinations } from "../support/leads";

vi.mock("~/lib/cookies", async (importOriginal) => {
  const cookies = await importOriginal<typeof Cookies>();
  return { ...cookies, parseCookieHeader: vi.fn(cookies.parseCookieHeader), readCookies: vi.fn(cookies.readCookies) };
});

const { destinations } = useLeadDestinations();
const VISIT = { utm_source: "google", utm_campaign: "otono", paginaEntrada: "/ab-reformas?utm_source=google" };
const LEAD = { nombre: "Ana García", email: "ana@empresa.es", telefono: "600 111 222", empresa: "Reformas SL" };

beforeAll(() => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "visitor-single-read-"));
  const dataset = path.join(directory, "production.ndjson");
  writeDocuments(dataset, [...readDocuments(SEED_FILE), ...experimentDocuments()]);
  process.env.CONTENT_DATASET_FILE = dataset;
  resetContentSource();
});
afterAll(() => {
  process.env.CONTENT_DATASET_FILE = SEED_FILE;
  resetContentSource();
});
beforeEach(() => resetExperimentCounter());

it("parses the Cookie header once for a campaign-page lead with consent, experiment and origin cookies", async () => {
  // The server drew this browser into b (the page view that set its cookie): its lead converts it.
  experimentCounter().countVisitor(EXPERIMENT_KEY, "b", FIXTURE_BROWSER_ID);
  const headers = browserHeaders({ consent: "v1.a1.p0", variant: "b" });
  const cookie = `${headers.cookie}; origen_visita=${encodeURIComponent(JSON.stringify(VISIT))}`;
  vi.mocked(parseCookieHeader).mockClear();
  vi.mocked(readCookies).mockClear();

  const answer = await post(
    experimentLeadAction,
    { ...LEAD, website: "" },
    {
      path: CONTROL_PATH,
      headers: { ...headers, cookie },
    },
  );
  expect(answer.status).toBe(200);

  const reads = [
    ...vi.mocked(parseCookieHeader).mock.calls.map(([header]) => header),
    ...vi.mocked(readCookies).mock.calls.map(([header]) => header),
  ].filter((header) => header === cookie);
  expect(reads).toHaveLength(1);

  await vi.waitFor(() => expect(destinations.deliveries).toHaveLength(2), { timeout: 20_000, interval: 10 });
  for (const delivery of destinations.deliveries) {
    expect(delivery.body).toMatchObject({ experimento: EXPERIMENT_KEY, variante: "b" });
    expect(JSON.stringify(delivery.body)).toContain("otono");
  }
  expect(await experimentCounter().readCounts()).toEqual([
    { experiment: EXPERIMENT_KEY, variant: "b", visitors: 1, conversions: 1, leads: 1 },
  ]);
});
