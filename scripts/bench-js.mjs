// `npm run bench:js`: the JavaScript every page of the site makes a visitor download, and the budget
// it must stay under (CI runs it). For every page of the sitemap (campaign and sector pages included)
// plus the 404 page, a fresh Chromium context at phone size loads the page, waits until its script is
// live (the frame script everywhere; React too on a page with a form, the calculator or a dialog) and quiet, scrolls to the bottom step by step, passes a pointer over every form and
// focuses its first field, and waits again, so chunks loaded after the first paint, on scroll or on
// interaction with a form count too. Each script it fetched from the site is then measured as the
// server sends it to a browser over HTTPS (brotli response body, headers not counted).
//
// `npm run bench:js -- --modules` adds, per distinct set of files, what is in them by source module
// (from the build's esbuild metafile: each module's share of its file's compressed size, an estimate).
// BENCH_JS_PAGES=/,/mensual narrows a run while investigating.
//
// The budget (docs/decisions/0006-javascript-budget.md): a page that carries the live calculator (its form,
// #calculadora-form, is on the page) may download at most 100 KB; every other page at most 90 KB. No list
// of exceptions: exit code 1 when any page is over its budget.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

import { chromium } from "@playwright/test";

import { ensureBuild, root, startProductionServer } from "./lib/build.mjs";
import { CHROMIUM_ARGS, CHROMIUM_PATH, requireChromium } from "./lib/chromium.mjs";
import { pageScriptLive } from "./lib/page-ready.mjs";
import { sitePaths } from "./lib/site-routes.mjs";

/** Compressed JavaScript a page may download, response bodies as served (KB of 1,024 bytes). */
const JS_BUDGET_KB = 90;
/** ... and a page that carries the live calculator: the calculator and its lead form beside the page's own. */
const CALCULATOR_JS_BUDGET_KB = 100;
/** The live calculator's form (CALCULATOR_FORM_ID, app/components/calculator/CalculatorForm.tsx). */
const CALCULATOR_FORM_SELECTOR = "form#calculadora-form";
const SHOW_MODULES = process.argv.includes("--modules");
const VIEWPORT = { width: 390, height: 844 };
const SCROLL_STEP_WAIT_MS = 150;
/** Pages measured at once: two per core, as most of a page's time is spent waiting (scroll steps, quiet network). */
const PARALLEL_PAGES = 2 * os.availableParallelism();

requireChromium();

/** Body bytes of one response with the given Accept-Encoding, as the server sends it. */
function bodyBytes(url, encoding) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": encoding } }, (response) => {
        let bytes = 0;
        response.on("data", (chunk) => (bytes += chunk.length));
        response.on("end", () => resolve(bytes));
      })
      .on("error", reject);
  });
}

const sizes = new Map();
/** Brotli, gzip and uncompressed body sizes of a script URL (measured once per URL, pages measured side by side included). */
function scriptSizes(url) {
  if (!sizes.has(url)) {
    sizes.set(
      url,
      Promise.all([bodyBytes(url, "br"), bodyBytes(url, "gzip"), bodyBytes(url, "identity")]).then(
        ([br, gzip, raw]) => ({ br, gzip, raw }),
      ),
    );
  }
  return sizes.get(url);
}

/** Every same-site script a fresh visitor's browser downloads on `pathname`, in load order. */
async function scriptsOfPage(browser, baseUrl, pathname) {
  const context = await browser.newContext({ viewport: VIEWPORT, isMobile: true, hasTouch: true, locale: "es-ES" });
  const page = await context.newPage();
  const urls = [];
  let inFlight = 0;
  let lastActivity = Date.now();
  page.on("request", (request) => {
    inFlight++;
    lastActivity = Date.now();
    const url = request.url();
    if (url.startsWith(baseUrl) && request.resourceType() === "script" && !urls.includes(url)) urls.push(url);
  });
  const settle = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = Date.now();
  };
  page.on("requestfinished", settle);
  page.on("requestfailed", settle);
  /** Until no request has been in flight for 500 ms (Playwright's network-idle fires once per load, not again). */
  const quiet = async () => {
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && (inFlight > 0 || Date.now() - lastActivity < 500)) await page.waitForTimeout(100);
  };
  try {
    await page.goto(`${baseUrl}${pathname}`, { waitUntil: "load" });
    // The page's script is live: the frame script started and, on a page that hydrates, React's fiber is on
    // its elements (tests/support/page-checks.ts waits the same way).
    await page.waitForFunction(pageScriptLive, undefined, { timeout: 15_000 });
    await page.waitForLoadState("networkidle");
    // What the page downloads at load, before any scroll or touch (a page without a form: its whole script).
    const atLoad = [...urls];
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += VIEWPORT.height / 2) {
      await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
      await page.waitForTimeout(SCROLL_STEP_WAIT_MS);
    }
    await page.waitForLoadState("networkidle");
    // A pointer passing over each form and a keyboard focus in it: what loads 'on interaction'
    // (app/components/islands/) counts too, as a desktop visitor scrolling past a form would load it.
    const forms = page.locator("form:visible");
    for (let index = 0; index < (await forms.count()); index++) {
      const form = forms.nth(index);
      await form.hover({ trial: false, force: true }).catch(() => undefined);
      await form
        .locator("input:visible:not([type=hidden]), select:visible, textarea:visible")
        .first()
        .focus({ timeout: 1_000 })
        .catch(() => undefined);
    }
    await quiet();
    const calculator = (await page.locator(CALCULATOR_FORM_SELECTOR).count()) > 0;
    const inline = await page.evaluate(() =>
      [...document.querySelectorAll("script:not([src])")]
        .filter((script) => !script.type || script.type === "module" || script.type === "text/javascript")
        .reduce((sum, script) => sum + new TextEncoder().encode(script.textContent ?? "").length, 0),
    );
    return { urls, atLoad, inline, calculator };
  } finally {
    await context.close();
  }
}

/** Source module → a readable group: a package name, or a path under app/. */
function moduleGroup(input) {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  if (match) return match[1];
  return input.replace(/^.*?(app\/)/, "$1").replace(/^(?:[a-z-]+:)+/, "");
}

function loadMetafile() {
  const file = path.join(root, "build", "metafile.js.json");
  if (!fs.existsSync(file)) return null;
  return JSON.parse(fs.readFileSync(file, "utf8")).outputs;
}

/** Estimated compressed bytes per module group for a set of script URLs. */
async function moduleBreakdown(urls, outputs) {
  const groups = new Map();
  const add = (name, bytes) => groups.set(name, (groups.get(name) ?? 0) + bytes);
  for (const url of urls) {
    const { br } = await scriptSizes(url);
    const output = outputs?.[`public${new URL(url).pathname}`];
    if (!output) {
      add(/\/manifest-[^/]+\.js$/.test(url) ? "(Remix route manifest)" : new URL(url).pathname, br);
      continue;
    }
    const total = Object.values(output.inputs).reduce((sum, input) => sum + input.bytesInOutput, 0) || 1;
    // What esbuild adds around the modules (import/export glue) is split the same way.
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs))
      add(moduleGroup(input), (br * bytesInOutput) / total);
  }
  return [...groups].sort((a, b) => b[1] - a[1]);
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

ensureBuild();
const server = await startProductionServer();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
let rows = [];
try {
  const paths = process.env.BENCH_JS_PAGES?.split(",") ?? (await sitePaths(server.baseUrl));
  const measured = new Array(paths.length);
  // Pages are measured side by side, one per core, each in its own fresh context (what a page downloads
  // does not depend on another page being open); the table keeps the sitemap's order.
  let next = 0;
  const measureNext = async () => {
    while (next < paths.length) {
      const index = next++;
      const pathname = paths[index];
      // One request first, so the page is measured as the page cache serves it.
      await fetch(`${server.baseUrl}${pathname}`).then((response) => response.arrayBuffer());
      const { urls, atLoad, inline, calculator } = await scriptsOfPage(browser, server.baseUrl, pathname);
      let loadBr = 0;
      for (const url of atLoad) loadBr += (await scriptSizes(url)).br;
      let br = 0;
      let gzip = 0;
      let raw = 0;
      for (const url of urls) {
        const size = await scriptSizes(url);
        br += size.br;
        gzip += size.gzip;
        raw += size.raw;
      }
      const budgetKB = calculator ? CALCULATOR_JS_BUDGET_KB : JS_BUDGET_KB;
      measured[index] = { pathname, urls, loadBr, br, gzip, raw, inline, budgetKB };
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_PAGES, paths.length) }, measureNext));
  rows = measured;
} finally {
  await browser.close();
  await server.stop();
}

/** PASS within the page's budget, FAIL above it. */
const verdict = (row) => (row.br <= row.budgetKB * 1024 ? "PASS" : "FAIL");
console.log(
  `JavaScript per page: a fresh browser at ${VIEWPORT.width} px, loaded with its script live ('load br': what it downloaded by then), scrolled to the bottom, a pointer and a focus on every form (the other columns); response bodies as served (brotli; gzip and uncompressed for reference). Budget ${JS_BUDGET_KB} KB brotli, ${CALCULATOR_JS_BUDGET_KB} KB on a page with the live calculator.`,
);
console.log("");
console.log(
  `${"page".padEnd(38)} ${"files".padStart(5)} ${"load br".padStart(7)} ${"br KB".padStart(7)} ${"gzip KB".padStart(8)} ${"raw KB".padStart(7)} ${"inline KB".padStart(9)} ${"budget".padStart(6)}  result`,
);
for (const row of rows) {
  console.log(
    `${row.pathname.padEnd(38)} ${String(row.urls.length).padStart(5)} ${kb(row.loadBr).padStart(7)} ${kb(row.br).padStart(7)} ${kb(row.gzip).padStart(8)} ${kb(row.raw).padStart(7)} ${kb(row.inline).padStart(9)} ${String(row.budgetKB).padStart(6)}  ${verdict(row)}`,
  );
}

if (SHOW_MODULES) {
  const outputs = loadMetafile();
  const shared = rows.reduce((common, row) => common.filter((url) => row.urls.includes(url)), rows[0]?.urls ?? []);
  const bySet = new Map();
  for (const row of rows) {
    const key = [...row.urls].sort().join(" ");
    bySet.set(key, [...(bySet.get(key) ?? []), row]);
  }
  let sharedBr = 0;
  for (const url of shared) sharedBr += (await scriptSizes(url)).br;
  console.log("");
  console.log(`Files every page downloads: ${shared.length}, ${kb(sharedBr)} KB brotli. By module (estimated):`);
  for (const [name, bytes] of await moduleBreakdown(shared, outputs))
    if (bytes >= 51) console.log(`  ${kb(bytes).padStart(6)} KB  ${name}`);
  for (const group of bySet.values()) {
    const own = group[0].urls.filter((url) => !shared.includes(url));
    const names = group.map((row) => row.pathname);
    const label = names.length > 3 ? `${names.slice(0, 2).join(", ")} and ${names.length - 2} more` : names.join(", ");
    let ownBr = 0;
    for (const url of own) ownBr += (await scriptSizes(url)).br;
    console.log("");
    console.log(
      `${label}: ${kb(ownBr)} KB brotli beyond the shared files (${own.length} files). By module (estimated):`,
    );
    for (const [name, bytes] of await moduleBreakdown(own, outputs))
      if (bytes >= 51) console.log(`  ${kb(bytes).padStart(6)} KB  ${name}`);
  }
}

const failed = rows.filter((row) => verdict(row) === "FAIL");
console.log("");
if (rows.length === 0) {
  console.log("bench:js FAIL: no page was measured");
  process.exit(1);
}
const list = (pages) => pages.map((row) => `${row.pathname} ${kb(row.br)} KB (budget ${row.budgetKB} KB)`).join(", ");
const largest = (pages) => (pages.length ? `${kb(Math.max(...pages.map((row) => row.br)))} KB` : "none");
const withCalculator = rows.filter((row) => row.budgetKB === CALCULATOR_JS_BUDGET_KB);
const others = rows.filter((row) => row.budgetKB !== CALCULATOR_JS_BUDGET_KB);
console.log(
  failed.length
    ? `bench:js FAIL: ${failed.length} page(s) over their budget: ${list(failed)}`
    : `bench:js PASS: every page within its budget (largest with the live calculator ${largest(withCalculator)} of ${CALCULATOR_JS_BUDGET_KB} KB; largest other ${largest(others)} of ${JS_BUDGET_KB} KB)`,
);
process.exit(failed.length ? 1 : 0);
