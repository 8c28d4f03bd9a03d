// The Studio's «Resultados» view as a browser on the Studio's origin reads it: a credentialed GET with the
// Studio's Origin and the preview cookie, through the built server's door (server/request-listener.ts and
// server/remix-handler.ts), must come back readable (Access-Control-Allow-Origin: the Studio), and only
// for the Studio's origin; unsafe requests from another origin are still refused (decision 0014).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { readDocuments, SEED_FILE, writeDocuments } from "../support/dataset";
import { EXPERIMENT_KEY, experimentDocuments } from "../support/experiment-fixtures";
import { enableUrl, secretDocument } from "../support/preview-fixtures";
import { type ProductionServer, request, startServer } from "../support/production-server";

const STUDIO = "http://localhost:3333";
const SECRET = "studio-results-secret";
let server: ProductionServer;

beforeAll(async () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "studio-results-")), "production.ndjson");
  writeDocuments(file, [...readDocuments(SEED_FILE), ...experimentDocuments(), secretDocument(SECRET, new Date())]);
  server = await startServer({ CONTENT_DATASET_FILE: file, SANITY_STUDIO_URL: STUDIO });
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

async function previewCookie(): Promise<string> {
  const response = await request(enableUrl(server.baseUrl, SECRET));
  expect(response.status).toBe(307);
  return String(response.headers["set-cookie"]).split(";")[0]!;
}

const report = (headers: Record<string, string>) =>
  request(`${server.baseUrl}/api/experiments/${EXPERIMENT_KEY}/report`, {
    headers: { Accept: "*/*", "Sec-Fetch-Site": "same-site", "Sec-Fetch-Mode": "cors", ...headers },
  });

describe("the results view through the built server", () => {
  it("lets the Studio's origin read the figures with its preview session", async () => {
    const response = await report({ Origin: STUDIO, Cookie: await previewCookie() });
    expect(response.status).toBe(200);
    expect(response.headers["access-control-allow-origin"]).toBe(STUDIO);
    expect(response.headers["access-control-allow-credentials"]).toBe("true");
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect(String(response.headers.vary)).toMatch(/Origin/);
    const body = JSON.parse(response.body.toString("utf8")) as { report: { key: string } };
    expect(body.report.key).toBe(EXPERIMENT_KEY);
  });

  it("tells a Studio without a session why, readably, and lets no other origin read anything", async () => {
    const anonymous = await report({ Origin: STUDIO });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers["access-control-allow-origin"]).toBe(STUDIO);
    expect(anonymous.body.toString("utf8")).toMatch(/Vista previa/);
    const elsewhere = await report({ Origin: "https://evil.example", Cookie: await previewCookie() });
    expect(elsewhere.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("still refuses an unsafe request from the Studio's origin (decision 0014)", async () => {
    const response = await request(`${server.baseUrl}/api/consent`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: STUDIO, Accept: "application/json" },
      body: "decision=accept",
    });
    expect(response.status).toBe(403);
    expect(response.headers["set-cookie"]).toBeUndefined();
  });
});
