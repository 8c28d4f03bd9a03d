// `npm run bench:lighthouse`: Lighthouse (mobile preset: emulated phone, simulated slow 4G and 4× CPU)
// against the production server on 127.0.0.1, 3 runs per page, medians. Chromium from CHROMIUM_PATH or
// CHROME_PATH (default /usr/bin/chromium). Target: 100 in all four categories and CLS 0 on every page.
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

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function runOnce(url, port) {
  const run = lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: CATEGORIES });
  const timeout = new Promise((_, reject) =>
    setTimeout(() => reject(new Error(`Lighthouse timed out on ${url}`)), RUN_TIMEOUT_MS).unref(),
  );
  const result = await Promise.race([run, timeout]);
  if (SAVE_DIR) {
    fs.mkdirSync(SAVE_DIR, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, "_") || "_"}-${Date.now()}.json`;
    fs.writeFileSync(path.join(SAVE_DIR, name), result.report);
  }
  return result.lhr;
}

/**
 * The floor: the same runs on a two-line page, served beside the site. On a busy machine even that page
 * loses points (Lighthouse replays the trace's wall time, waiting for a core included), so the line it
 * prints tells a slow machine from a slow page.
 */
async function measureFloor(port) {
  const page = `<!doctype html><html lang="es"><meta name="viewport" content="width=device-width"><title>Suelo</title><p>Página mínima para medir la máquina.</p></html>`;
  const floor = http.createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(page);
  });
  await new Promise((resolve) => floor.listen(0, "127.0.0.1", resolve));
  try {
    const runs = [];
    for (let index = 0; index < RUNS; index += 1) {
      const lhr = await runOnce(`http://127.0.0.1:${floor.address().port}/`, port);
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

ensureBuild();
const server = await startProductionServer();
const chrome = await launchChrome();
const rows = [];
const failures = [];
const lighthouseVersion = JSON.parse(
  fs.readFileSync(path.join(root, "node_modules", "lighthouse", "package.json"), "utf8"),
).version;
console.log(
  `Lighthouse ${lighthouseVersion}, mobile preset, ${RUNS} runs per page (median), Chromium ${CHROMIUM_PATH}, Node ${process.version}`,
);
let floor = null;
try {
  floor = await measureFloor(chrome.port);
  for (const page of PAGES) {
    const url = `${server.baseUrl}${page}`;
    // One request first so every run measures the cached page, as a visitor after the first would.
    await fetch(url).then((response) => response.arrayBuffer());
    const runs = [];
    let error = null;
    for (let index = 0; index < RUNS && !error; index += 1) {
      let lhr = await runOnce(url, chrome.port);
      // A trace hiccup (NO_NAVSTART and the like) is Chromium's, not the page's: one more try.
      if (lhr.runtimeError && !/DOCUMENT_REQUEST/.test(lhr.runtimeError.code)) lhr = await runOnce(url, chrome.port);
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
      console.log(`  ${page}: ${error}`);
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
    row.ok = CATEGORIES.every((id) => row.scores[id] === 100) && row.cls === 0;
    rows.push(row);
    if (!row.ok || row.failed.length) failures.push(row);
    console.log(`  measured ${page}`);
  }
} finally {
  await chrome.stop();
  await server.stop();
}

const pad = (value, width) => String(value).padStart(width);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log("");
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
for (const row of failures) {
  if (row.failed.length) console.log(`\n${row.page}: audits below 1 in some run: ${row.failed.join(", ")}`);
  if (row.foreign.length) console.log(`${row.page}: third-party requests: ${row.foreign.join(", ")}`);
}
const home = rows.find((row) => row.page === "/" && !row.error);
const campaign = rows.find((row) => row.page === CAMPAIGN_PAGE && !row.error);
let campaignPass = true;
if (home && campaign) {
  const scoresHold = CATEGORIES.every((id) => campaign.scores[id] >= home.scores[id]);
  const jsHolds = campaign.js <= home.js;
  campaignPass = scoresHold && jsHolds;
  console.log(
    `\nCampaign page ${CAMPAIGN_PAGE} against /: scores ${scoresHold ? "at least" : "BELOW"} /'s, JS ${kb(campaign.js)} vs ${kb(home.js)} (${jsHolds ? "no more" : "MORE"}): ${campaignPass ? "PASS" : "FAIL"}`,
  );
}
const pass = rows.every((row) => row.ok) && campaignPass;
const indexes = rows.filter((row) => !row.error).map((row) => Math.round(row.benchmarkIndex));
console.log("");
console.log(
  `Lighthouse benchmarkIndex per page (machine speed during the runs; higher is faster): ${indexes.join(", ")}; load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
console.log(
  floor
    ? `Floor: a two-line page scores ${floor.score} for performance here now (TBT ${Math.round(floor.tbt)} ms, median of ${RUNS}; if it is below 100, the machine is too busy to judge the pages).`
    : "Floor: the two-line page could not be measured.",
);
console.log("Target: performance, accessibility, best practices and SEO 100 on every page, CLS 0.");
console.log(`bench:lighthouse ${pass ? "PASS" : "FAIL"}`);
process.exit(pass ? 0 : 1);
