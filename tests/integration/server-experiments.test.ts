// A/B experiments through the production server, on both content sources: who is drawn, who sees the
// control, that every answer at the path is the page its request should get (the page cache never mixes
// variants), that leads carry and count their variant, that a browser converts once however many leads
// it sends, and that the counts and that dedupe survive a restart.
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import type { Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { readDocuments, SEED_FILE, writeDocuments } from "../support/dataset";
import {
  browserHeaders,
  CONTROL_HEADING,
  CONTROL_PATH,
  EXPERIMENT_KEY,
  experimentDocument,
  experimentDocuments,
  GOOGLEBOT_UA,
  PLAIN_PATH,
  VARIANT_HEADING,
  VARIANT_PATH,
} from "../support/experiment-fixtures";
import { enableUrl, secretDocument } from "../support/preview-fixtures";
import { type ProductionServer, type RawResponse, request, startServer } from "../support/production-server";
import { startReceiver } from "../support/receiver.mjs";
import { type SanityHttpStandIn, startSanityHttpStandIn } from "../support/sanity-http-stand-in";

const root = path.resolve(import.meta.dirname, "..", "..");
const run = promisify(execFile);

interface Received {
  path: string;
  body: Record<string, unknown> | null;
}

type Source = "local" | "sanity";

function headingOf(response: RawResponse): string {
  const html = response.body.toString("utf8");
  if (html.includes(VARIANT_HEADING)) return "b";
  if (html.includes(CONTROL_HEADING)) return "a";
  return "?";
}

function experimentCookieOf(response: RawResponse): string | null {
  const cookies = response.headers["set-cookie"] ?? [];
  const cookie = cookies.find((value) => value.startsWith("experimentos="));
  return cookie ? cookie.slice("experimentos=".length).split(";")[0]! : null;
}

/** An assignment the server sets: a random id, then `key.variant`. */
const ASSIGNED = new RegExp(`^[A-Za-z0-9_-]{22}\\|${EXPERIMENT_KEY}\\.(a|b)$`);

const variantOf = (cookie: string) => ASSIGNED.exec(cookie)?.[1] as "a" | "b" | undefined;

function canonicalOf(response: RawResponse): string | null {
  return /<link[^>]*rel="canonical"[^>]*href="([^"]+)"/.exec(response.body.toString("utf8"))?.[1] ?? null;
}

describe.each<Source>(["local", "sanity"])(
  "A/B experiment on the production server (%s content)",
  { timeout: 60_000 },
  (source) => {
    let server: ProductionServer;
    let standIn: SanityHttpStandIn | undefined;
    let receiver: { server: Server; url: string; received: Received[] };
    let directory: string;
    let datasetFile: string;
    let env: Record<string, string>;

    const get = (target: string, headers: Record<string, string> = {}) =>
      request(`${server.baseUrl}${target}`, { headers });

    interface ReportEntry {
      key: string;
      status: string;
      srm: { pValue: number; flagged: boolean };
      decision: { state: string; variant?: string };
      variants: Array<{ key: string; visitors: number; conversions: number; leads: number; rate: number }>;
    }

    async function report(): Promise<ReportEntry[]> {
      const { stdout } = await run(process.execPath, ["scripts/experiments.mjs", "report", "--json"], {
        cwd: root,
        env: { ...process.env, ...env, NODE_ENV: "production" },
      });
      return JSON.parse(stdout);
    }

    type Counts = Record<"a" | "b", { visitors: number; conversions: number; leads: number }>;

    /**
     * The counts once they show what the test just did. The server writes them within a quarter of a
     * second of a page view; a slow host takes longer, so a count is waited for, never slept on.
     */
    async function countsWhen(check: (counts: Counts) => void): Promise<Counts> {
      return vi.waitFor(
        async () => {
          const counts = await variantCounts();
          check(counts);
          return counts;
        },
        { timeout: 30_000, interval: 250 },
      );
    }

    /**
     * The counts after the server had time to write anything pending: for a test that shows nothing is
     * counted (a late write makes such a test pass wrongly, never fail; every count a test expects is
     * waited for with countsWhen, so none is left pending for the next test's "before").
     */
    async function quietCounts(): Promise<Counts> {
      await new Promise((resolve) => setTimeout(resolve, 400));
      return variantCounts();
    }

    async function variantCounts() {
      const [experiment] = (await report()).filter((item) => item.key === EXPERIMENT_KEY);
      return Object.fromEntries(
        experiment!.variants.map((variant) => [
          variant.key,
          { visitors: variant.visitors, conversions: variant.conversions, leads: variant.leads },
        ]),
      ) as Counts;
    }

    /** Publishes the experiment with another status, and waits until the server shows it. */
    async function publishExperiment(status: "running" | "paused" | "ended", winner?: string) {
      const documents = readDocuments(datasetFile).map((document) =>
        document._type === "experiment" ? experimentDocument(status, winner) : document,
      );
      writeDocuments(datasetFile, documents);
      standIn?.send("message", { tags: ["s1:experiment"] });
    }

    beforeAll(async () => {
      directory = fs.mkdtempSync(path.join(os.tmpdir(), `experiments-${source}-`));
      datasetFile = path.join(directory, "production.ndjson");
      writeDocuments(datasetFile, [...readDocuments(SEED_FILE), ...experimentDocuments()]);
      fs.cpSync(path.join(path.dirname(SEED_FILE), "images"), path.join(directory, "images"), { recursive: true });
      receiver = await startReceiver();
      env = {
        CONTENT_DATASET_FILE: datasetFile,
        DATA_DIR: path.join(directory, "data"),
        FORM_SERVICE_URL: `${receiver.url}/form-service`,
        AUTOMATION_WEBHOOK_URL: `${receiver.url}/automation-webhook`,
        DELIVERY_RETRY_BASE_MS: "200",
        FORM_RATE_LIMIT: "1000",
      };
      if (source === "sanity") {
        standIn = await startSanityHttpStandIn(datasetFile);
        env = { ...env, SANITY_PROJECT_ID: "experiments", SANITY_API_HOST: standIn.url };
      }
      server = await startServer(env);
    }, 60_000);

    afterAll(async () => {
      await server?.stop();
      await standIn?.close();
      receiver?.server.close();
    });

    it("draws a variant for each new browser with analytics consent, keeps the path as canonical, and counts each once", async () => {
      const before = await quietCounts();
      const seen = { a: 0, b: 0 };
      for (let index = 0; index < 40; index += 1) {
        const response = await get(CONTROL_PATH, browserHeaders({ consent: index % 2 ? "v1.a1.p0" : "v1.a1.p1" }));
        expect(response.status).toBe(200);
        expect(response.headers["cache-control"]).toBe("private, no-store");
        const assigned = experimentCookieOf(response);
        expect(assigned).toMatch(ASSIGNED);
        const variant = variantOf(assigned!)!;
        expect(headingOf(response)).toBe(variant);
        expect(canonicalOf(response)).toMatch(new RegExp(`${CONTROL_PATH}$`));
        expect(response.headers["set-cookie"]!.join("\n")).toMatch(
          /experimentos=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax/,
        );
        seen[variant] += 1;
      }
      // 40 fair draws: each variant at least 5 times except with probability below 1 in 10^6.
      expect(seen.a).toBeGreaterThanOrEqual(5);
      expect(seen.b).toBeGreaterThanOrEqual(5);
      const after = await countsWhen((counts) => {
        expect(counts.a.visitors - before.a.visitors).toBe(seen.a);
        expect(counts.b.visitors - before.b.visitors).toBe(seen.b);
      });
      expect(after.a.visitors - before.a.visitors).toBe(seen.a);
      expect(after.b.visitors - before.b.visitors).toBe(seen.b);
    });

    it("keeps a browser on its variant: same page on every visit, no new cookie, not counted again", async () => {
      const before = await quietCounts();
      for (const variant of ["a", "b", "b", "a", "b"]) {
        const response = await get(CONTROL_PATH, browserHeaders({ consent: "v1.a1.p0", variant }));
        expect(headingOf(response)).toBe(variant);
        expect(experimentCookieOf(response)).toBeNull();
      }
      expect(await quietCounts()).toEqual(before);
    });

    it("gives a cookie of the older format (no id) an id at the next page view: same variant, not counted again", async () => {
      const before = await quietCounts();
      for (const variant of ["a", "b"]) {
        const response = await get(CONTROL_PATH, browserHeaders({ consent: "v1.a1.p0", variant, id: null }));
        expect(headingOf(response)).toBe(variant);
        const renewed = experimentCookieOf(response);
        expect(renewed).toMatch(ASSIGNED);
        expect(variantOf(renewed!)).toBe(variant);
      }
      expect(await quietCounts()).toEqual(before);
    });

    it("shows the control, sets no cookie and counts nothing without analytics consent or to a crawler", async () => {
      const before = await quietCounts();
      const requests = [
        browserHeaders(),
        browserHeaders({ consent: "v1.a0.p0" }),
        browserHeaders({ consent: "v1.a0.p1" }),
        browserHeaders({ consent: "basura" }),
        browserHeaders({ consent: "v1.a1.p1", userAgent: GOOGLEBOT_UA }),
        browserHeaders({ consent: "v1.a1.p1", variant: "b", userAgent: GOOGLEBOT_UA }),
      ];
      for (const headers of requests) {
        const response = await get(CONTROL_PATH, headers);
        expect(response.status).toBe(200);
        expect(headingOf(response)).toBe("a");
        expect(experimentCookieOf(response)).toBeNull();
        expect(response.headers["cache-control"]).toBe("private, no-store");
      }
      // A browser that withdrew analytics consent keeps seeing the control and loses its old assignment.
      for (const consent of ["v1.a0.p1", "v1.a0.p0"]) {
        const withdrawn = await get(CONTROL_PATH, browserHeaders({ consent, variant: "b" }));
        expect(headingOf(withdrawn)).toBe("a");
        expect(withdrawn.headers["set-cookie"]).toContain("experimentos=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax");
      }
      expect(await quietCounts()).toEqual(before);
    });

    it("draws again for a broken or foreign experiment cookie, and never answers 5xx", async () => {
      for (const value of ["%", "titular-reformas.zz", "x".repeat(5000), "titular-reformas.b.c|;", '"quoted"']) {
        const response = await get(CONTROL_PATH, {
          ...browserHeaders({ consent: "v1.a1.p0" }),
          cookie: `cookie_consent=v1.a1.p0; experimentos=${value}`,
        });
        expect(response.status).toBe(200);
        const assigned = experimentCookieOf(response);
        expect(assigned).toMatch(ASSIGNED);
        expect(headingOf(response)).toBe(variantOf(assigned!));
      }
    });

    it("answers every request of a burst with its own page: both assignments, no cookie and first visits mixed", async () => {
      const kinds = ["a", "b", "none", "fresh", "crawler"] as const;
      const requests = Array.from({ length: 250 }, (_, index) => kinds[index % kinds.length]!);
      const responses = await Promise.all(
        requests.map((kind) => {
          if (kind === "a" || kind === "b")
            return get(CONTROL_PATH, browserHeaders({ consent: "v1.a1.p1", variant: kind }));
          if (kind === "fresh") return get(CONTROL_PATH, browserHeaders({ consent: "v1.a1.p0" }));
          if (kind === "crawler")
            return get(CONTROL_PATH, browserHeaders({ consent: "v1.a1.p0", userAgent: GOOGLEBOT_UA }));
          return get(CONTROL_PATH, browserHeaders());
        }),
      );
      responses.forEach((response, index) => {
        const kind = requests[index]!;
        expect(response.status).toBe(200);
        expect(response.headers["cache-control"]).toBe("private, no-store");
        if (kind === "a" || kind === "b") expect(headingOf(response)).toBe(kind);
        else if (kind === "fresh") expect(headingOf(response)).toBe(variantOf(experimentCookieOf(response)!));
        else expect(headingOf(response)).toBe("a");
      });
    });

    it("keeps the variant's own address out of search while the experiment runs", async () => {
      const own = await get(VARIANT_PATH);
      expect(own.status).toBe(200);
      expect(own.body.toString("utf8")).toMatch(/<meta name="robots" content="noindex/);
      const atPath = await get(CONTROL_PATH, browserHeaders({ consent: "v1.a1.p0", variant: "b" }));
      expect(atPath.body.toString("utf8")).not.toMatch(/<meta name="robots" content="noindex/);
      const sitemap = (await get("/sitemap.xml")).body.toString("utf8");
      expect(sitemap).toContain(`${server.baseUrl}${CONTROL_PATH}</loc>`);
      expect(sitemap).not.toContain(`${VARIANT_PATH}</loc>`);
    });

    it("sends a lead from a variant with experimento and variante, counts it for that variant, and a non-participant's without them", async () => {
      const before = await quietCounts();
      const form = (name: string) =>
        new URLSearchParams({
          nombre: name,
          email: "ana@reformas.es",
          telefono: "+34 600 111 222",
          empresa: "Reformas Ana SL",
          website: "",
        }).toString();
      const post = (name: string, headers: Record<string, string>) =>
        request(`${server.baseUrl}${CONTROL_PATH}`, {
          method: "POST",
          headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
          body: form(name),
        });
      expect((await post("Ana Variante", browserHeaders({ consent: "v1.a1.p0", variant: "b" }))).status).toBe(200);
      expect((await post("Ana Sin Consentimiento", browserHeaders({ consent: "v1.a0.p1", variant: "b" }))).status).toBe(
        200,
      );
      await vi.waitFor(
        () => {
          const names = receiver.received.map((item) => item.body?.nombre);
          expect(names.filter((name) => name === "Ana Variante")).toHaveLength(2);
          expect(names.filter((name) => name === "Ana Sin Consentimiento")).toHaveLength(2);
        },
        { timeout: 10_000, interval: 100 },
      );
      for (const item of receiver.received.filter((entry) => entry.body?.nombre === "Ana Variante")) {
        expect(item.body).toMatchObject({ experimento: EXPERIMENT_KEY, variante: "b", pagina: CONTROL_PATH });
      }
      for (const item of receiver.received.filter((entry) => entry.body?.nombre === "Ana Sin Consentimiento")) {
        expect(item.body).not.toHaveProperty("experimento");
        expect(item.body).not.toHaveProperty("variante");
      }
      const after = await countsWhen((counts) => expect(counts.b.leads - before.b.leads).toBe(1));
      expect(after.b.leads - before.b.leads).toBe(1);
      expect(after.a.leads).toBe(before.a.leads);
    });

    /** A browser the server draws now: its cookie's id and variant. */
    async function assignedBrowser(): Promise<{ id: string; variant: "a" | "b" }> {
      const cookie = experimentCookieOf(await get(CONTROL_PATH, browserHeaders({ consent: "v1.a1.p0" })));
      expect(cookie).toMatch(ASSIGNED);
      return { id: cookie!.split("|")[0]!, variant: variantOf(cookie!)! };
    }

    const leadBody = (name: string) =>
      new URLSearchParams({
        nombre: name,
        email: "luis@reformas.es",
        telefono: "+34 600 222 333",
        empresa: "Reformas Luis SL",
        website: "",
      }).toString();

    /** A lead posted at `target` by a browser whose cookie names `id` and `variant`. */
    const sendLead = (target: string, name: string, { id, variant }: { id: string; variant: string }) =>
      request(`${server.baseUrl}${target}`, {
        method: "POST",
        headers: {
          ...browserHeaders({ consent: "v1.a1.p0", variant, id }),
          "content-type": "application/x-www-form-urlencoded",
        },
        body: leadBody(name),
      });

    /** A browser the server assigned and that converted (the report's forgetting keeps it). */
    let converted: { id: string; variant: "a" | "b" } | undefined;

    it("counts one conversion and three leads for a visitor who sends three leads, none for a lead from another path", async () => {
      const browser = await assignedBrowser();
      converted = browser;
      const other = browser.variant === "a" ? "b" : "a";
      const before = await quietCounts();
      for (const name of ["Luis Uno", "Luis Dos", "Luis Tres"])
        expect((await sendLead(CONTROL_PATH, name, browser)).status).toBe(200);
      // The same browser sending from a page without the experiment.
      expect((await sendLead(PLAIN_PATH, "Luis Otra Página", browser)).status).toBe(200);
      const after = await countsWhen((counts) => {
        expect(counts[browser.variant].conversions - before[browser.variant].conversions).toBe(1);
        expect(counts[browser.variant].leads - before[browser.variant].leads).toBe(3);
      });
      expect(after[browser.variant].conversions - before[browser.variant].conversions).toBe(1);
      expect(after[browser.variant].leads - before[browser.variant].leads).toBe(3);
      expect(after[other]).toEqual(before[other]);
      const [entry] = (await report()).filter((item) => item.key === EXPERIMENT_KEY);
      expect(entry).toMatchObject({
        srm: { flagged: expect.any(Boolean) },
        decision: { state: expect.stringMatching(/^(collecting|winner|no-difference|check-traffic)$/) },
      });
      for (const variant of entry!.variants) {
        expect(variant.rate).toBeCloseTo(variant.visitors > 0 ? variant.conversions / variant.visitors : 0, 10);
      }
    });

    it("converts nobody for ids the server never gave out: 12 honest visitors, then 8 minted ids naming b", async () => {
      const before = await quietCounts();
      const honest = [];
      for (let index = 0; index < 12; index += 1) honest.push(await assignedBrowser());
      const drawn = await countsWhen((counts) =>
        expect(counts.a.visitors + counts.b.visitors - before.a.visitors - before.b.visitors).toBe(12),
      );
      expect(drawn.a.visitors + drawn.b.visitors - before.a.visitors - before.b.visitors).toBe(12);
      // Each post carries its own id of the right shape, one no page view ever set, naming b.
      const minted = Array.from({ length: 8 }, (_, index) =>
        Buffer.from(`inv-${source}-${index}`.padEnd(16, ".")).toString("base64url"),
      );
      expect(new Set(minted).size).toBe(8);
      for (const [index, id] of minted.entries()) {
        expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
        const answer = await sendLead(CONTROL_PATH, `Competidor ${index}`, { id, variant: "b" });
        // The lead is real: stored and delivered with the variant whose page answered it.
        expect(answer.status).toBe(200);
      }
      // An honest browser naming the variant it was not given converts nobody either.
      const mover = honest[0]!;
      await sendLead(CONTROL_PATH, "Cambia de variante", { id: mover.id, variant: mover.variant === "a" ? "b" : "a" });
      await vi.waitFor(
        () => {
          const names = receiver.received.map((item) => String(item.body?.nombre));
          expect(names.filter((name) => name.startsWith("Competidor"))).toHaveLength(16);
        },
        { timeout: 10_000, interval: 100 },
      );
      const after = await countsWhen((counts) =>
        expect(counts.b.leads - drawn.b.leads).toBe(8 + (mover.variant === "a" ? 1 : 0)),
      );
      expect(after.b.conversions).toBe(drawn.b.conversions);
      expect(after.a.conversions).toBe(drawn.a.conversions);
      expect(after.b.leads - drawn.b.leads).toBe(8 + (mover.variant === "a" ? 1 : 0));
      expect(after.a.visitors + after.b.visitors).toBe(drawn.a.visitors + drawn.b.visitors);
    });

    it("has the report forget the converted browsers of experiments no longer in content, keeping its JSON clean", async () => {
      const browsers = path.join(directory, "data", "experiments", "browsers");
      const gone = path.join(browsers, "experimento-borrado.txt");
      fs.mkdirSync(browsers, { recursive: true });
      fs.writeFileSync(gone, "QW5hLWJyb3dzZXItMDAwMQ\n");
      const entries = await report();
      expect(entries.map((entry) => entry.key)).toContain(EXPERIMENT_KEY);
      expect(fs.existsSync(gone)).toBe(false);
      // The running experiment's converted browsers stay.
      expect(fs.readFileSync(path.join(browsers, `${EXPERIMENT_KEY}.txt`), "utf8")).toContain(converted!.id);
    });

    it("keeps today's public caching on a campaign page without an experiment", async () => {
      const first = await get(PLAIN_PATH, browserHeaders({ consent: "v1.a1.p0" }));
      const second = await get(PLAIN_PATH, browserHeaders({ consent: "v1.a1.p0", variant: "b" }));
      expect(first.headers["cache-control"]).toBe("public, max-age=0, s-maxage=300, stale-while-revalidate=86400");
      expect(second.headers["x-cache"]).toBe("HIT");
      expect(experimentCookieOf(first)).toBeNull();
    });

    it("shows the control to everyone while paused and the winner once ended, counting nothing", async () => {
      await publishExperiment("paused");
      await vi.waitFor(
        async () => {
          const response = await get(CONTROL_PATH, browserHeaders({ consent: "v1.a1.p0", variant: "b" }));
          expect(headingOf(response)).toBe("a");
        },
        { timeout: 8_000, interval: 200 },
      );
      const before = await quietCounts();
      const fresh = await get(CONTROL_PATH, browserHeaders({ consent: "v1.a1.p0" }));
      expect(experimentCookieOf(fresh)).toBeNull();
      expect(headingOf(fresh)).toBe("a");
      expect(fresh.headers["cache-control"]).toMatch(/^public/);

      await publishExperiment("ended", "b");
      await vi.waitFor(async () => expect(headingOf(await get(CONTROL_PATH, browserHeaders()))).toBe("b"), {
        timeout: 8_000,
        interval: 200,
      });
      for (const headers of [
        browserHeaders({ consent: "v1.a1.p0", variant: "a" }),
        browserHeaders({ userAgent: GOOGLEBOT_UA }),
      ]) {
        const response = await get(CONTROL_PATH, headers);
        expect(headingOf(response)).toBe("b");
        expect(canonicalOf(response)).toMatch(new RegExp(`${CONTROL_PATH}$`));
        expect(experimentCookieOf(response)).toBeNull();
      }
      expect(await quietCounts()).toEqual(before);
      const [json] = (await report()).filter((item) => item.key === EXPERIMENT_KEY);
      expect(json!.status).toBe("ended");
      await publishExperiment("running");
    });

    it("keeps the counts across a restart and goes on counting", async () => {
      await vi.waitFor(
        async () =>
          expect(experimentCookieOf(await get(CONTROL_PATH, browserHeaders({ consent: "v1.a1.p0" })))).not.toBeNull(),
        { timeout: 8_000, interval: 200 },
      );
      // Assigned before the restart, no lead yet.
      const prior = await quietCounts();
      const waiting = await assignedBrowser();
      const before = await countsWhen((counts) =>
        expect(counts[waiting.variant].visitors).toBe(prior[waiting.variant].visitors + 1),
      );
      expect(before.a.visitors + before.b.visitors).toBeGreaterThan(40);
      expect(before[converted!.variant].conversions).toBeGreaterThan(0);
      await server.stop();
      // Left by an experiment deleted while the server was down: the first page view after start forgets it.
      const gone = path.join(directory, "data", "experiments", "browsers", "borrado-mientras-parado.txt");
      fs.writeFileSync(gone, "QW5hLWJyb3dzZXItMDAwMQ\n");
      server = await startServer(env);
      expect(fs.existsSync(gone)).toBe(true);
      const response = await get(CONTROL_PATH, browserHeaders({ consent: "v1.a1.p1" }));
      await vi.waitFor(() => expect(fs.existsSync(gone)).toBe(false), { timeout: 30_000, interval: 100 });
      const variant = variantOf(experimentCookieOf(response)!)!;
      // A browser that converted before the restart: another lead counts, but converts nobody; one
      // assigned before it converts now (its assignment was kept).
      expect((await sendLead(CONTROL_PATH, "Luis Otra Vez", converted!)).status).toBe(200);
      expect((await sendLead(CONTROL_PATH, "Esperaba", waiting)).status).toBe(200);
      // Everything counted before the restart is still there, plus this visitor and these leads.
      const leadsOf = (key: "a" | "b") => [converted!, waiting].filter((browser) => browser.variant === key).length;
      const after = await countsWhen((counts) => {
        expect(counts[variant].visitors).toBe(before[variant].visitors + 1);
        for (const key of ["a", "b"] as const) expect(counts[key].leads).toBe(before[key].leads + leadsOf(key));
      });
      const other = variant === "a" ? "b" : "a";
      expect(after[variant].visitors).toBe(before[variant].visitors + 1);
      expect(after[other].visitors).toBe(before[other].visitors);
      for (const key of ["a", "b"] as const) {
        expect(after[key].leads).toBe(before[key].leads + leadsOf(key));
        expect(after[key].conversions).toBe(before[key].conversions + (waiting.variant === key ? 1 : 0));
      }
    }, 60_000);
  },
);

describe("A/B experiment in draft preview", () => {
  let server: ProductionServer;
  let directory: string;
  const secret = randomUUID();

  beforeAll(async () => {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), "experiments-preview-"));
    const datasetFile = path.join(directory, "production.ndjson");
    writeDocuments(datasetFile, [
      ...readDocuments(SEED_FILE),
      ...experimentDocuments(),
      secretDocument(secret, new Date()),
    ]);
    fs.cpSync(path.join(path.dirname(SEED_FILE), "images"), path.join(directory, "images"), { recursive: true });
    // Counts already stored for the experiment: 1,000 visitors each, 200 and 260 conversions, 230 and 300 leads.
    const line = (variant: string, type: string) => `{"e":"titular-reformas","v":"${variant}","t":"${type}"}`;
    const lines = [
      ...Array.from({ length: 1000 }, () => line("a", "visitor")),
      ...Array.from({ length: 1000 }, () => line("b", "visitor")),
      ...Array.from({ length: 200 }, () => line("a", "conversion")),
      ...Array.from({ length: 260 }, () => line("b", "conversion")),
      ...Array.from({ length: 230 }, () => line("a", "lead")),
      ...Array.from({ length: 300 }, () => line("b", "lead")),
    ];
    fs.mkdirSync(path.join(directory, "data", "experiments"), { recursive: true });
    fs.writeFileSync(path.join(directory, "data", "experiments", "counts.ndjson"), `${lines.join("\n")}\n`);
    server = await startServer({ CONTENT_DATASET_FILE: datasetFile, DATA_DIR: path.join(directory, "data") });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  async function previewCookie(): Promise<string> {
    const response = await request(enableUrl(server.baseUrl, secret, CONTROL_PATH));
    expect(response.status).toBe(307);
    return String(response.headers["set-cookie"]).split(";")[0]!;
  }

  it("shows each variant's figures in the preview bar and lets the editor switch variants, counting nothing", async () => {
    const cookie = await previewCookie();
    const control = await request(`${server.baseUrl}${CONTROL_PATH}`, { headers: { cookie } });
    expect(control.status).toBe(200);
    expect(control.headers["cache-control"]).toBe("private, no-store");
    expect(experimentCookieOf(control)).toBeNull();
    const html = control.body.toString("utf8");
    expect(headingOf(control)).toBe("a");
    const bar = html.slice(html.indexOf('id="vista-previa"'));
    expect(bar).toContain("Experimento «Titular de reformas»");
    expect(bar).toContain("Ganadora: Titular de agenda.");
    expect(bar).not.toContain("Revisa el tráfico");
    expect(bar).toMatch(/Original \(a\)<\/a> 1\.000 visitantes · 200 conversiones · 230 leads · conversión 20,0\s%/);
    expect(bar).toMatch(
      /Titular de agenda \(b\)<\/a> 1\.000 visitantes · 260 conversiones · 300 leads · conversión 26,0\s% · diferencia con el control entre \+[\d,]+ y \+[\d,]+ puntos · probabilidad de superar al control 99,9\s% \(descriptiva\)/,
    );
    expect(bar).toContain(`href="${CONTROL_PATH}?variante=b"`);

    const variant = await request(`${server.baseUrl}${CONTROL_PATH}?variante=b`, { headers: { cookie } });
    expect(headingOf(variant)).toBe("b");
    expect(variant.body.toString("utf8")).toMatch(/<a href="\/ab-reformas\?variante=b" aria-current="page">/);

    // Outside preview the parameter changes nothing.
    const publicAnswer = await request(`${server.baseUrl}${CONTROL_PATH}?variante=b`, { headers: browserHeaders() });
    expect(headingOf(publicAnswer)).toBe("a");
    expect(publicAnswer.body.toString("utf8")).not.toContain("vista-previa");
    const counts = fs.readFileSync(path.join(directory, "data", "experiments", "counts.ndjson"), "utf8");
    expect(counts.trim().split("\n")).toHaveLength(1000 + 1000 + 200 + 260 + 230 + 300);
  });
});
