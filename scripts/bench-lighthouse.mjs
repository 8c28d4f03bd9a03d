// `npm run bench:lighthouse`: Lighthouse (mobile preset: emulated phone, slow 4G and 4× CPU) against the
// production server on 127.0.0.1, 3 runs per page, medians. Chromium from CHROMIUM_PATH or CHROME_PATH
// (default /usr/bin/chromium). Two tables, each with its floor line:
// - simulated throttling (Lighthouse's default: the trace replayed 4× slower). Target: at least 98 in all four
//   categories and CLS 0 on every page.
// - real throttling (`--throttling-method=devtools`: the browser really slowed 4×, every request on slow
//   4G), closer to the visitor's phone. Target: Total Blocking Time at most 50 ms and CLS 0 on every page.
// The targets are decision 0025's (docs/decisions/0025-islands-without-remix.md): a page that hydrates nothing at
// load has no reason to block a phone's main thread.
// LIGHTHOUSE_METHODS=simulate or =devtools runs one of them.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

import lighthouse from "lighthouse";

import { ensureBuild, root, startProductionServer } from "./lib/build.mjs";
import { CHROMIUM_ARGS, CHROMIUM_PATH, requireChromium } from "./lib/chromium.mjs";

// A seeded campaign page (calculator, figures, FAQ and lead form blocks): it must score at least what `/`
// scores in the same run and ship no more JavaScript than `/`.
const CAMPAIGN_PAGE = "/reformas-integrales";
// LIGHTHOUSE_PAGES=/,/mensual narrows a run while investigating; the benchmark itself measures these six.
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(",") ?? [
  "/",
  "/calculadora",
  "/mensual",
  "/sectores/construccion",
  "/iniciar-servicio",
  CAMPAIGN_PAGE,
];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS) || 3;
const METHODS = process.env.LIGHTHOUSE_METHODS?.split(",") ?? ["simulate", "devtools"];
/** Simulated throttling's target: the lowest score a page may have in any category (median of RUNS). */
const SIMULATED_SCORE_TARGET = 98;
/** Real throttling's target: what a mid-range phone may block its main thread for. */
const DEVTOOLS_TBT_TARGET_MS = 50;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const CHROME_FLAGS = [...CHROMIUM_ARGS, "--disable-dev-shm-usage", "--no-default-browser-check", "--mute-audio"];
const RUN_TIMEOUT_MS = 120_000;
// Set LIGHTHOUSE_SAVE_DIR to keep every run's full report (JSON) for a closer look.
const SAVE_DIR = process.env.LIGHTHOUSE_SAVE_DIR;

requireChromium();

/** Starts Chromium with a DevTools port of its own choosing and returns that port. */
async function launchChrome() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "lighthouse-chrome-"));
  const child = spawn(
    CHROMIUM_PATH,
    [...CHROME_FLAGS, `--user-data-dir=${profile}`, "--remote-debugging-port=0", "about:blank"],
    {
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  const port = await new Promise((resolve, reject) => {
    let log = "";
    const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${log}`)), 30_000);
    child.stderr.on("data", (chunk) => {
      log += chunk;
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(log);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once("exit", (code) => reject(new Error(`Chromium exited (${code}):\n${log}`)));
  });
  return {
    port,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((resolve) => setTimeout(resolve, 500));
      if (child.exitCode === null) child.kill("SIGKILL");
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Bytes of a response body as sent with Content-Encoding gzip. */
function gzipBytes(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "gzip" } }, (response) => {
        let bytes = 0;
        response.on("data", (chunk) => (bytes += chunk.length));
        response.on("end", () => resolve(bytes));
      })
      .on("error", reject);
  });
}

async function bytesByType(lhr, baseUrl) {
  const requests = lhr.audits["network-requests"]?.details?.items ?? [];
  const totals = { Script: 0, Stylesheet: 0 };
  const foreign = [];
  for (const request of requests) {
    if (!(request.resourceType in totals)) continue;
    if (!request.url.startsWith(baseUrl)) {
      foreign.push(request.url);
      totals[request.resourceType] += request.transferSize ?? 0;
      continue;
    }
    totals[request.resourceType] += await gzipBytes(request.url);
  }
  return { js: totals.Script, css: totals.Stylesheet, foreign };
}

/** Median of the runs that produced the figure (a run whose trace lacked it gives NaN, left out). */
function median(values) {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  return sorted[Math.floor(sorted.length / 2)];
}

async function runOnce(url, port, throttlingMethod) {
  const run = lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: CATEGORIES,
    throttlingMethod,
  });
  const timeout = new Promise((_, reject) =>
    setTimeout(() => reject(new Error(`Lighthouse timed out on ${url}`)), RUN_TIMEOUT_MS).unref(),
  );
  const result = await Promise.race([run, timeout]);
  if (SAVE_DIR) {
    fs.mkdirSync(SAVE_DIR, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, "_") || "_"}-${throttlingMethod}-${Date.now()}.json`;
    fs.writeFileSync(path.join(SAVE_DIR, name), result.report);
  }
  return result.lhr;
}

/**
 * The floor: the same runs on a two-line page, served beside the site. On a busy machine even that page
 * loses points (Lighthouse replays the trace's wall time, waiting for a core included), so the line it
 * prints tells a slow machine from a slow page.
 */
async function measureFloor(port, method) {
  const page = `<!doctype html><html lang="es"><meta name="viewport" content="width=device-width"><title>Suelo</title><p>Página mínima para medir la máquina.</p></html>`;
  const floor = http.createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(page);
  });
  await new Promise((resolve) => floor.listen(0, "127.0.0.1", resolve));
  try {
    const runs = [];
    for (let index = 0; index < RUNS; index += 1) {
      const lhr = await runOnce(`http://127.0.0.1:${floor.address().port}/`, port, method);
      if (lhr.runtimeError) continue;
      runs.push({
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        tbt: lhr.audits["total-blocking-time"]?.numericValue ?? NaN,
      });
    }
    return runs.length
      ? { score: median(runs.map((run) => run.score)), tbt: median(runs.map((run) => run.tbt)) }
      : null;
  } finally {
    await new Promise((resolve) => floor.close(resolve));
  }
}

/** Every page measured RUNS times with one throttling method; one row per page (medians). */
async function measurePages(server, port, method) {
  const rows = [];
  for (const page of PAGES) {
    const url = `${server.baseUrl}${page}`;
    // One request first so every run measures the cached page, as a visitor after the first would.
    await fetch(url).then((response) => response.arrayBuffer());
    const runs = [];
    let error = null;
    for (let index = 0; index < RUNS && !error; index += 1) {
      let lhr = await runOnce(url, port, method);
      // A trace hiccup (NO_NAVSTART and the like) is Chromium's, not the page's: one more try.
      if (lhr.runtimeError && !/DOCUMENT_REQUEST/.test(lhr.runtimeError.code)) lhr = await runOnce(url, port, method);
      if (lhr.runtimeError) {
        error = `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
        break;
      }
      runs.push({
        scores: Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)])),
        lcp: lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN,
        tbt: lhr.audits["total-blocking-time"]?.numericValue ?? NaN,
        cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN,
        benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
        ...(await bytesByType(lhr, server.baseUrl)),
        failed: CATEGORIES.flatMap((id) =>
          (lhr.categories[id]?.auditRefs ?? [])
            .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && lhr.audits[ref.id]?.score < 1)
            .map((ref) => `${id}/${ref.id} (${lhr.audits[ref.id].displayValue ?? lhr.audits[ref.id].score})`),
        ),
      });
    }
    if (error) {
      rows.push({ page, error, ok: false });
      console.log(`  ${method} ${page}: ${error}`);
      continue;
    }
    const row = {
      page,
      scores: Object.fromEntries(CATEGORIES.map((id) => [id, median(runs.map((run) => run.scores[id]))])),
      lcp: median(runs.map((run) => run.lcp)),
      tbt: median(runs.map((run) => run.tbt)),
      cls: median(runs.map((run) => run.cls)),
      js: median(runs.map((run) => run.js)),
      css: median(runs.map((run) => run.css)),
      benchmarkIndex: median(runs.map((run) => run.benchmarkIndex)),
      foreign: [...new Set(runs.flatMap((run) => run.foreign))],
      failed: [...new Set(runs.flatMap((run) => run.failed))],
    };
    row.ok =
      method === "devtools"
        ? row.tbt <= DEVTOOLS_TBT_TARGET_MS && row.cls === 0
        : CATEGORIES.every((id) => row.scores[id] >= SIMULATED_SCORE_TARGET) && row.cls === 0;
    rows.push(row);
    console.log(`  measured ${page} (${method})`);
  }
  return rows;
}

const pad = (value, width) => String(value).padStart(width);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function printTable(method, rows, floor) {
  console.log("");
  console.log(
    method === "devtools"
      ? `Real throttling (devtools: the browser slowed 4×, slow 4G), median of ${RUNS}. Target: TBT at most ${DEVTOOLS_TBT_TARGET_MS} ms, CLS 0.`
      : `Simulated throttling (Lighthouse's default), median of ${RUNS}. Target: all four categories at least ${SIMULATED_SCORE_TARGET}, CLS 0.`,
  );
  console.log(
    `${"page".padEnd(24)} ${pad("perf", 4)} ${pad("a11y", 4)} ${pad("bp", 4)} ${pad("seo", 4)} ${pad("LCP ms", 7)} ${pad("TBT ms", 6)} ${pad("CLS", 6)} ${pad("JS gzip", 9)} ${pad("CSS gzip", 9)}  result`,
  );
  for (const row of rows) {
    if (row.error) {
      console.log(`${row.page.padEnd(24)} ${"(no result: the page did not load)".padEnd(70)}  FAIL`);
      continue;
    }
    const s = row.scores;
    console.log(
      `${row.page.padEnd(24)} ${pad(s.performance, 4)} ${pad(s.accessibility, 4)} ${pad(s["best-practices"], 4)} ${pad(s.seo, 4)} ${pad(Math.round(row.lcp), 7)} ${pad(Math.round(row.tbt), 6)} ${pad(row.cls.toFixed(3), 6)} ${pad(kb(row.js), 9)} ${pad(kb(row.css), 9)}  ${row.ok ? "PASS" : "FAIL"}`,
    );
  }
  for (const row of rows.filter((row) => !row.ok || row.failed?.length)) {
    if (row.failed?.length) console.log(`${row.page}: audits below 1 in some run: ${row.failed.join(", ")}`);
    if (row.foreign?.length) console.log(`${row.page}: third-party requests: ${row.foreign.join(", ")}`);
  }
  const indexes = rows.filter((row) => !row.error).map((row) => Math.round(row.benchmarkIndex));
  console.log(
    `Lighthouse benchmarkIndex per page (machine speed during the runs; higher is faster): ${indexes.join(", ")}`,
  );
  console.log(
    floor
      ? `Floor: a two-line page scores ${floor.score} for performance here now (TBT ${Math.round(floor.tbt)} ms, median of ${RUNS}; if it is below 100, the machine is too busy to judge the pages).`
      : "Floor: the two-line page could not be measured.",
  );
}

ensureBuild();
// LIGHTHOUSE_DATASET=/path/production.ndjson serves another dataset (a grown one: scripts/grow-dataset.mjs).
const server = await startProductionServer(
  process.env.LIGHTHOUSE_DATASET ? { env: { CONTENT_DATASET_FILE: process.env.LIGHTHOUSE_DATASET } } : {},
);
const chrome = await launchChrome();
const lighthouseVersion = JSON.parse(
  fs.readFileSync(path.join(root, "node_modules", "lighthouse", "package.json"), "utf8"),
).version;
console.log(
  `Lighthouse ${lighthouseVersion}, mobile preset, ${RUNS} runs per page (median), Chromium ${CHROMIUM_PATH}, Node ${process.version}`,
);
const results = [];
try {
  for (const method of METHODS) {
    const floor = await measureFloor(chrome.port, method);
    results.push({ method, floor, rows: await measurePages(server, chrome.port, method) });
  }
} finally {
  await chrome.stop();
  await server.stop();
}

/** A campaign page must score at least what / scores in the same run, with no more JavaScript. */
function campaignHolds(method, rows) {
  const home = rows.find((row) => row.page === "/" && !row.error);
  const campaign = rows.find((row) => row.page === CAMPAIGN_PAGE && !row.error);
  if (!home || !campaign) return true;
  const scoresHold = CATEGORIES.every((id) => campaign.scores[id] >= home.scores[id]);
  const jsHolds = campaign.js <= home.js;
  console.log(
    `Campaign page ${CAMPAIGN_PAGE} against / (${method}): scores ${scoresHold ? "at least" : "BELOW"} /'s, JS ${kb(campaign.js)} vs ${kb(home.js)} (${jsHolds ? "no more" : "MORE"}): ${scoresHold && jsHolds ? "PASS" : "FAIL"}`,
  );
  return scoresHold && jsHolds;
}

let pass = true;
for (const { method, rows, floor } of results) {
  printTable(method, rows, floor);
  const campaignPass = campaignHolds(method, rows);
  pass &&= rows.every((row) => row.ok) && campaignPass;
}
console.log("");
console.log(
  `Load average at the end: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")} (${os.cpus().length} cores)`,
);
console.log(`bench:lighthouse ${pass ? "PASS" : "FAIL"}`);
process.exit(pass ? 0 : 1);
