// GET /api/experiments/:key/report, what the Studio's «Resultados» view of an experiment shows: the same
// figures and decision as `npm run experiments -- report` for a seeded experiment, with the file store and
// with PostgreSQL; only to a browser with a preview session, and readable by the Studio's origin alone.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { inject } from "vitest";

import { main as experimentsCli } from "~/experiments/cli.server";
import { experimentCounter, resetExperimentCounter } from "~/leads/backend.server";
import { loader } from "~/routes/api.experiments.$key.report";
import { enablePreviewCookie } from "~/visitor/preview.server";

import { readDocuments, SEED_FILE, writeDocuments } from "../support/dataset";
import { EXPERIMENT_KEY, experimentDocuments } from "../support/experiment-fixtures";
import { freshLeadEnvironment } from "../support/leads";
import { createDatabase } from "../support/postgres";

const SITE = "http://localhost:3000";
const STUDIO = "http://localhost:3333";
const postgresUrl = inject("postgresUrl");

/** A browser id as the experiment cookie holds it (22 URL-safe characters). */
const browser = (variant: string, index: number) => `${variant}${String(index).padStart(21, "0")}`;

async function previewCookie(): Promise<string> {
  return (await enablePreviewCookie(new Request(`${SITE}/api/preview-mode/enable`))).split(";")[0]!;
}

async function ask(key: string, headers: Record<string, string> = {}): Promise<Response> {
  const request = new Request(`${SITE}/api/experiments/${key}/report`, { headers });
  return (await loader({ request, params: { key }, context: {} })) as Response;
}

async function cliReport(): Promise<string> {
  let printed = "";
  expect(await experimentsCli(["report"], (text) => (printed += text))).toBe(0);
  return printed;
}

describe.each([
  { store: "the file store", env: async () => ({}) },
  { store: "PostgreSQL", env: async () => ({ DATABASE_URL: await createDatabase(postgresUrl!) }) },
])("with $store", ({ env }) => {
  beforeAll(async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), "experiment-results-"));
    const dataset = path.join(directory, "production.ndjson");
    writeDocuments(dataset, [...readDocuments(SEED_FILE), ...experimentDocuments()]);
    await freshLeadEnvironment({
      CONTENT_DATASET_FILE: dataset,
      PREVIEW_SESSION_SECRET: "results-view-secret",
      SANITY_STUDIO_URL: STUDIO,
      ...(await env()),
    });
    await resetExperimentCounter();
    const counter = experimentCounter();
    // Visitors are browsers the server assigned (their ids recorded): only those can convert.
    for (let index = 0; index < 120; index += 1) counter.countVisitor(EXPERIMENT_KEY, "a", browser("a", index));
    for (let index = 0; index < 118; index += 1) counter.countVisitor(EXPERIMENT_KEY, "b", browser("b", index));
    for (let index = 0; index < 6; index += 1) counter.countLead(EXPERIMENT_KEY, "a", browser("a", index));
    for (let index = 0; index < 14; index += 1) counter.countLead(EXPERIMENT_KEY, "b", browser("b", index));
    counter.countLead(EXPERIMENT_KEY, "b", browser("b", 0));
    await counter.flush();
  });
  afterAll(async () => {
    await resetExperimentCounter();
    delete process.env.SANITY_STUDIO_URL;
    delete process.env.PREVIEW_SESSION_SECRET;
  });

  it("answers a preview session with the command line's figures and decision", async () => {
    const response = await ask(EXPERIMENT_KEY, { Cookie: await previewCookie(), Origin: STUDIO });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe(STUDIO);
    expect(response.headers.get("Access-Control-Allow-Credentials")).toBe("true");
    const body = (await response.json()) as {
      heading: string;
      warning: string | null;
      decision: string;
      variants: { key: string; label: string; figures: string }[];
      report: { key: string; variants: { key: string; visitors: number; conversions: number; leads: number }[] };
    };
    const printed = await cliReport();
    expect(printed).toContain(body.heading);
    expect(printed).toContain(`  ${body.decision}`);
    for (const variant of body.variants)
      expect(printed).toContain(`  ${variant.label} (${variant.key}): ${variant.figures}`);
    expect(
      body.report.variants.map(({ key, visitors, conversions, leads }) => ({ key, visitors, conversions, leads })),
    ).toEqual([
      { key: "a", visitors: 120, conversions: 6, leads: 6 },
      { key: "b", visitors: 118, conversions: 14, leads: 15 },
    ]);
    expect(body.variants.map((variant) => variant.key)).toEqual(["a", "b"]);
  });

  it("shows nothing without a preview session, and lets no other origin read it", async () => {
    const anonymous = await ask(EXPERIMENT_KEY, { Origin: STUDIO });
    expect(anonymous.status).toBe(401);
    const text = await anonymous.text();
    expect(text).toMatch(/Vista previa/);
    expect(text).not.toMatch(/visitantes|conversi/i);
    const forged = await ask(EXPERIMENT_KEY, { Cookie: "site_preview=forged", Origin: STUDIO });
    expect(forged.status).toBe(401);
    const elsewhere = await ask(EXPERIMENT_KEY, { Cookie: await previewCookie(), Origin: "https://evil.example" });
    expect(elsewhere.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });

  it("answers 404 in Spanish for a key no published experiment has, odd ones included", async () => {
    const cookie = await previewCookie();
    for (const key of ["otro-experimento", "../../etc", "A".repeat(200)]) {
      const response = await ask(key, { Cookie: cookie });
      expect(response.status, key).toBe(404);
      expect(await response.text()).toMatch(/No hay ningún experimento/);
    }
  });
});
