// A fetch that fails on one instance is retried on the other (deploy/varnish/leads-site.vcl): a visitor never
// sees the failure, however many requests are under way. Two stand-in instances behind Debian's varnishd with the
// shipped VCL: one whose fetches fail while its probe still answers (what a stopping instance looks like for the
// ~2 s its probes need to mark it sick), one that answers. Round robin alone hands some retries back to the
// failing instance, because the requests under way at the same time move its turn; the VCL's retry walks a
// fixed ring to the other instance instead.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { freePort } from "../../scripts/lib/build.mjs";
import { httpRequest, startVarnish } from "../../scripts/lib/varnish-stack.mjs";

/** How the failing instance fails a fetch: a reset connection (vcl_backend_error) or a 5xx answer. */
let failure: "reset" | "500" = "reset";
const cleanups: Array<() => unknown> = [];
let varnishUrl = "";
let failed = 0;

async function listen(handler: http.RequestListener): Promise<number> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  const failingPort = await listen((req, res) => {
    if (req.url === "/healthz") {
      res.end("ok");
      return;
    }
    failed += 1;
    if (failure === "reset") req.socket.resetAndDestroy();
    else {
      res.statusCode = 500;
      res.end("down");
    }
  });
  const answeringPort = await listen((req, res) => {
    res.setHeader("Content-Type", "text/plain");
    res.setHeader("Cache-Control", "private, no-store");
    res.end(`answered ${req.url}`);
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "varnish-retry-"));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  const port = await freePort();
  varnishUrl = `http://127.0.0.1:${port}`;
  await startVarnish({ dir, port, instancePorts: [failingPort, answeringPort], cleanups });
}, 60_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** 64 visitors at once, each past the cache (a personal cookie), each on its own page. */
async function visitorsAtOnce(round: string) {
  const before = failed;
  const answers = await Promise.all(
    Array.from({ length: 64 }, (_, index) =>
      httpRequest(`${varnishUrl}/sectores/pagina-${round}-${index}`, { headers: { Cookie: "other=1" } }),
    ),
  );
  return { answers, failedFetches: failed - before };
}

describe("Varnish in front of an instance whose fetches fail", () => {
  for (const mode of ["reset", "500"] as const) {
    it(`answers every visitor from the other instance when the failing one ${mode === "reset" ? "resets the connection" : "answers 500"}`, async () => {
      failure = mode;
      const { answers, failedFetches } = await visitorsAtOnce(mode);
      // The failing instance was asked (round robin sends it about half the first fetches)…
      expect(failedFetches).toBeGreaterThan(0);
      // …and no visitor saw it: every answer is the other instance's.
      expect(answers.map((answer) => answer.status).filter((status) => status !== 200)).toEqual([]);
      for (const [index, answer] of answers.entries())
        expect(answer.body).toBe(`answered /sectores/pagina-${mode}-${index}`);
    });
  }
});
