// The preview handshake's cost and its limit: on the embedded dataset the secret is checked against the
// documents the content source already holds (no read of the file per request; a secret the Studio has
// just written is still seen at once), and on both sources a client spends one of its FORM_RATE_LIMIT
// turns per handshake: past them, 429 with a Spanish message, no cookie, whatever the secret.
import fs from "node:fs";

import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { runInRequestScope } from "~/content/request-scope.server";
import { resetContentSource } from "~/content/source.server";
import { resetFormRateLimiter } from "~/leads/backend.server";
import { enablePreview as enable } from "~/preview-mode/enable.server";

import { readDocuments, writeDocuments } from "../support/dataset";
import { enableUrl, type PreviewDataset, secretDocument, writePreviewDataset } from "../support/preview-fixtures";
import { SANITY_STAND_IN_HOST, sanityQueryHandlers } from "../support/sanity-stand-in";

const SITE = "http://localhost:3000";
const dataset: PreviewDataset = writePreviewDataset();
const server = setupServer(...sanityQueryHandlers(dataset.file));

/** One handshake from a client address. */
function handshake(secret: string, clientIp = "203.0.113.7") {
  const request = new Request(enableUrl(SITE, secret));
  return runInRequestScope(request, () => enable({ request, context: { clientIp } }));
}

describe.each([
  ["the embedded dataset", {}],
  ["Sanity", { SANITY_PROJECT_ID: "testproject", SANITY_API_HOST: SANITY_STAND_IN_HOST, SANITY_API_READ_TOKEN: "t" }],
] as const)("the preview handshake's rate limit on %s", (_name, env) => {
  beforeAll(() => {
    server.listen({ onUnhandledRequest: "error" });
    process.env.CONTENT_DATASET_FILE = dataset.file;
    Object.assign(process.env, env, { FORM_RATE_LIMIT: "3" });
    resetContentSource();
  });
  afterAll(() => {
    server.close();
    for (const key of [...Object.keys(env), "FORM_RATE_LIMIT"]) delete process.env[key];
    resetContentSource();
    resetFormRateLimiter();
  });
  beforeEach(() => resetFormRateLimiter());

  it("answers a wrong secret repeated past FORM_RATE_LIMIT with 429, in Spanish, with no cookie, even once the secret is right", async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await handshake(`wrong-${attempt}`)).status).toBe(401);
    }
    for (const secret of ["wrong-again", dataset.secret]) {
      const refused = await handshake(secret);
      expect(refused.status).toBe(429);
      expect(refused.headers.get("Set-Cookie")).toBeNull();
      expect(refused.headers.get("Cache-Control")).toBe("private, no-store");
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(await refused.text()).toMatch(/Demasiados intentos/);
    }
    // Another address keeps its own turns.
    const other = await handshake(dataset.secret, "198.51.100.20");
    expect(other.status).toBe(307);
    expect(other.headers.get("Set-Cookie")).toMatch(/^site_preview=/);
  });
});

describe("the preview handshake on the embedded dataset", () => {
  let file: string;
  beforeAll(() => {
    file = writePreviewDataset().file;
    process.env.CONTENT_DATASET_FILE = file;
    process.env.FORM_RATE_LIMIT = "1000";
    resetContentSource();
    resetFormRateLimiter();
  });
  afterAll(() => {
    delete process.env.FORM_RATE_LIMIT;
    resetContentSource();
    resetFormRateLimiter();
  });
  afterEach(() => vi.restoreAllMocks());

  it("checks the secret against the documents in memory: handshakes read the file no more", async () => {
    const secret = readDocuments(file).find((document) => document._type === "sanity.previewUrlSecret")!
      .secret as string;
    // The first use reads the file once, as any page would.
    expect((await handshake(secret)).status).toBe(307);
    const readSync = vi.spyOn(fs, "readFileSync");
    const readAsync = vi.spyOn(fs.promises, "readFile");
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect((await handshake(`wrong-${attempt}`)).status).toBe(401);
    }
    expect((await handshake(secret)).status).toBe(307);
    const datasetReads = [...readSync.mock.calls, ...readAsync.mock.calls].filter(([target]) => target === file);
    expect(datasetReads).toHaveLength(0);
  });

  it("sees a secret the Studio wrote a moment ago at the next handshake, and refuses it once it has expired", async () => {
    const fresh = "secreto-recien-escrito";
    const expired = "secreto-de-hace-dos-horas";
    expect((await handshake(fresh)).status).toBe(401);
    writeDocuments(file, [
      ...readDocuments(file),
      secretDocument(fresh, new Date()),
      secretDocument(expired, new Date(Date.now() - 2 * 60 * 60 * 1000)),
    ]);
    // No wait for the file's poll: the handshake checks the file's version itself.
    const response = await handshake(fresh);
    expect(response.status).toBe(307);
    expect(response.headers.get("Location")).not.toContain(fresh);
    expect((await handshake(expired)).status).toBe(401);
  });
});
