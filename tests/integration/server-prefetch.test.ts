// Navigation is the browser's (docs/decisions/0023-a-frame-without-a-framework.md), through the built server:
// a page without a form carries no React, a page with one does; every page carries the frame script and the
// Speculation Rules, which leave a running experiment's paths out; and a prefetch of such a path (Sec-Purpose
// or Purpose: prefetch) is refused with 503 and no-store, assigning nothing, setting no cookie, counting nothing.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { readDocuments, SEED_FILE, writeDocuments } from "../support/dataset";
import {
  browserHeaders,
  CONTROL_PATH,
  EXPERIMENT_KEY,
  experimentDocuments,
  PLAIN_PATH,
  VARIANT_PATH,
} from "../support/experiment-fixtures";
import { type ProductionServer, request, startServer } from "../support/production-server";

const root = path.resolve(import.meta.dirname, "..", "..");
const run = promisify(execFile);

describe("prefetch and the pages' scripts on the production server", { timeout: 60_000 }, () => {
  let server: ProductionServer;
  let directory: string;
  let env: Record<string, string>;
  const get = (target: string, headers: Record<string, string> = {}) =>
    request(`${server.baseUrl}${target}`, { headers });
  const html = async (target: string) => (await get(target, browserHeaders())).body.toString("utf8");

  async function visitors(): Promise<number> {
    const { stdout } = await run(process.execPath, ["scripts/experiments.mjs", "report", "--json"], {
      cwd: root,
      env: { ...process.env, ...env, NODE_ENV: "production" },
    });
    const experiment = (JSON.parse(stdout) as Array<{ key: string; variants: Array<{ visitors: number }> }>).find(
      (entry) => entry.key === EXPERIMENT_KEY,
    );
    return experiment!.variants.reduce((sum, variant) => sum + variant.visitors, 0);
  }

  beforeAll(async () => {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), "prefetch-"));
    const datasetFile = path.join(directory, "production.ndjson");
    writeDocuments(datasetFile, [...readDocuments(SEED_FILE), ...experimentDocuments()]);
    fs.cpSync(path.join(path.dirname(SEED_FILE), "images"), path.join(directory, "images"), { recursive: true });
    env = { CONTENT_DATASET_FILE: datasetFile, DATA_DIR: path.join(directory, "data") };
    server = await startServer(env);
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
  });

  it("a sector page carries the frame script and no React: no Remix context, no module script, no preload", async () => {
    const page = await html("/sectores/construccion");
    expect(page).toMatch(/<script type="module" async="" src="\/build\/frame-[\w-]+\.js"><\/script>/);
    expect(page).not.toContain("__remixContext");
    expect(page).not.toContain("modulepreload");
    expect(page.match(/<script type="module"/g)).toHaveLength(1);
  });

  it("a page with a form carries the frame script alone, and names its island's entry for the first reach", async () => {
    const page = await html("/contacto");
    expect(page).toMatch(/<script type="module" async="" src="\/build\/frame-[\w-]+\.js"><\/script>/);
    expect(page.match(/<script type="module"/g)).toHaveLength(1);
    expect(page).not.toContain("__remixContext");
    expect(page).toMatch(/data-island="contact-form" data-island-src="\/build\/island-contact-form-[\w-]+\.js"/);
  });

  it("a page with dialogs carries the frame script alone, and names the dialogs' island entry for the first reach", async () => {
    const page = await html("/mensual");
    expect(page).toMatch(/<script type="module" async="" src="\/build\/frame-[\w-]+\.js"><\/script>/);
    expect(page.match(/<script type="module"/g)).toHaveLength(1);
    expect(page).not.toContain("__remixContext");
    expect(
      page.match(/data-island="plan-dialog" data-island-src="\/build\/island-plan-dialog-[\w-]+\.js"/g),
    ).toHaveLength(2);
  });

  it("the Speculation Rules prefetch same-origin links, never /api/* nor a running experiment's paths", async () => {
    const page = await html("/sectores/construccion");
    const text = /<script type="speculationrules">([^<]*)<\/script>/.exec(page)?.[1];
    const rules = JSON.parse(text!) as { prefetch: Array<{ eagerness: string; where: { and: unknown[] } }> };
    expect(rules.prefetch[0]!.eagerness).toBe("moderate");
    const where = rules.prefetch[0]!.where.and;
    expect(where).toContainEqual({ href_matches: "/*" });
    expect(where).toContainEqual({ not: { href_matches: "/api/*" } });
    for (const excluded of [CONTROL_PATH, VARIANT_PATH])
      expect(where).toContainEqual({ not: { href_matches: excluded } });
    expect(where).not.toContainEqual({ not: { href_matches: PLAIN_PATH } });
  });

  for (const header of ["Sec-Purpose", "Purpose"]) {
    it(`a prefetch (${header}: prefetch) of a running experiment's path is refused: 503, no-store, no cookie, no count`, async () => {
      const before = await visitors();
      for (let index = 0; index < 5; index += 1) {
        const response = await get(CONTROL_PATH, { ...browserHeaders({ consent: "v1.a1.p1" }), [header]: "prefetch" });
        expect(response.status).toBe(503);
        expect(response.headers["cache-control"]).toBe("private, no-store");
        expect(response.headers["set-cookie"] ?? []).toEqual([]);
      }
      // Nothing was counted: a count is written within a quarter of a second of a view (docs/testing.md).
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(await visitors()).toBe(before);
      // The visit itself is assigned as ever.
      const visit = await get(CONTROL_PATH, browserHeaders({ consent: "v1.a1.p1" }));
      expect(visit.status).toBe(200);
      expect((visit.headers["set-cookie"] ?? []).some((cookie) => cookie.startsWith("experimentos="))).toBe(true);
    });
  }

  it("a prefetch of any other page is answered as ever", async () => {
    const response = await get(PLAIN_PATH, { ...browserHeaders(), "Sec-Purpose": "prefetch" });
    expect(response.status).toBe(200);
    const sector = await get("/sectores/construccion", { ...browserHeaders(), "Sec-Purpose": "prefetch" });
    expect(sector.status).toBe(200);
  });
});
