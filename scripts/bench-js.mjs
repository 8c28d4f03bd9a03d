// `npm run bench:js`: the JavaScript every page of the site makes a visitor download, and the budget it must stay
// under (CI runs it). For every page of the sitemap (campaign and sector pages included) plus the 404 page, a
// fresh Chromium context at phone size loads the page and waits until its script is live (the frame script
// everywhere; React too on a page that hydrates) and the network quiet ('load'), scrolls to the bottom step by
// step ('scroll'), passes a pointer over every form and focuses its first field ('0006', what 0006's budget
// counts), then points at, focuses and follows each in-page link to a form, as /mensual's dialogs load their code
// ('islands'). A second fresh context carrying the consent cookie of a visitor who accepted cookies loads and
// scrolls the page ('returning'). Each script file fetched from the site is measured as the server sends it over
// HTTPS (brotli response body, headers not counted); inline script is the text of every <script> without src
// whose type is a JavaScript type or absent (Remix's context included; JSON-LD, speculation rules and import
// maps are data), gzipped as one stream.
//
// `npm run bench:js -- --modules` adds, per distinct set of files, what is in them by source module
// (from the builds' esbuild metafiles: each module's share of its file's compressed size, an estimate).
// BENCH_JS_PAGES=/,/mensual narrows a run while investigating.
//
// The gates (docs/decisions/0006-javascript-budget.md): 0006's budget, a page that carries the live calculator
// (its form, #calculadora-form, is on the page) at most 100 KB, every other page at most 90 KB; and the islands
// targets of decision 0025, on every page (script files and inline script at load and, on a page without a form,
// after the scroll; the islands total; the returning visitor's total). No list of exceptions: what a page is comes
// from its HTML as served. Exit code 1 when any page fails a gate.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";

import { chromium } from "@playwright/test";

import { ensureBuild, root, startProductionServer } from "./lib/build.mjs";
import { CHROMIUM_ARGS, CHROMIUM_PATH, requireChromium } from "./lib/chromium.mjs";
import { pageScriptLive } from "./lib/page-ready.mjs";
import { sitePaths } from "./lib/site-routes.mjs";

/** Compressed JavaScript a page may download, response bodies as served (KB of 1,024 bytes). */
const JS_BUDGET_KB = 90;
/** ... and a page that carries the live calculator: the calculator and its lead form beside the page's own. */
const CALCULATOR_JS_BUDGET_KB = 100;
/** The islands targets (docs/decisions/0006-javascript-budget.md): script files at load (brotli)... */
const LOAD_FILES_TARGET_KB = 5;
/** ... inline script at load (gzip) ... */
const INLINE_TARGET_KB = 2;
/** ... the site's own script for a returning visitor who accepted cookies, after load and scroll ... */
const RETURNING_TARGET_KB = 10;
/** ... and everything after every island was reached (70 KB with the live calculator). */
const ISLANDS_TARGET_KB = 60;
const ISLANDS_CALCULATOR_TARGET_KB = 70;
/** The live calculator's form (CALCULATOR_FORM_ID, app/components/calculator/CalculatorForm.tsx). */
const CALCULATOR_FORM_SELECTOR = "form#calculadora-form";
const SHOW_MODULES = process.argv.includes("--modules");
const VIEWPORT = { width: 390, height: 844 };
const SCROLL_STEP_WAIT_MS = 150;
/** How long after an interaction (pointer, focus, click) the network is watched at least, for code it asks for. */
const INTERACTION_SETTLE_MS = 1_000;
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
/** The brotli body size of a script URL (measured once per URL, pages measured side by side included). */
function scriptSizes(url) {
  if (!sizes.has(url))
    sizes.set(
      url,
      bodyBytes(url, "br").then((br) => ({ br })),
    );
  return sizes.get(url);
}

/** Script types the browser runs (the HTML standard's JavaScript MIME types, a module, or no type at all). */
const JS_TYPES = [
  "",
  "module",
  "text/javascript",
  "application/javascript",
  "application/ecmascript",
  "application/x-ecmascript",
  "application/x-javascript",
  "text/ecmascript",
  "text/jscript",
  "text/x-ecmascript",
  "text/x-javascript",
];

/**
 * The text of every inline `<script>` on the page that the browser runs: no `src`, and a JavaScript type or
 * none. Remix's context (`window.__remixContext = …`) and its module bootstrap count; JSON-LD, speculation rules
 * and import maps, which no script engine runs, do not. Run inside the page.
 */
function inlineScriptTexts(types) {
  return [...document.querySelectorAll("script:not([src])")]
    .filter((script) => types.includes((script.getAttribute("type") ?? "").trim().toLowerCase()))
    .map((script) => script.textContent ?? "");
}

/**
 * What the page is, read from its HTML as served (no list of paths; once hydrated, /mensual's forms leave the
 * page until a dialog opens): whether it carries the live calculator, a form of its own (a lead form, the
 * calculator, /mensual's dialog forms: every form but the cookie banner's, which every page's frame holds and
 * which posts to /api/consent), whether it hydrates (Remix's context is in it), and the in-page links to a
 * section holding a form (/mensual's dialog triggers, a call to action leading to the page's form). Run inside
 * the page, given the served HTML.
 */
function pageKind({ html, calculatorSelector }) {
  const served = new DOMParser().parseFromString(html, "text/html");
  const forms = [...served.querySelectorAll("form")].filter(
    (form) => new URL(form.getAttribute("action") ?? "", window.location.href).pathname !== "/api/consent",
  );
  const formLinks = [
    ...new Set(
      [...served.querySelectorAll('a[href^="#"]')]
        .map((link) => link.getAttribute("href") ?? "")
        .filter(
          (href) => href.length > 1 && served.getElementById(decodeURIComponent(href.slice(1)))?.querySelector("form"),
        ),
    ),
  ];
  return {
    calculator: served.querySelector(calculatorSelector) !== null,
    form: forms.length > 0,
    hydrates: [...served.querySelectorAll("script:not([src])")].some((script) =>
      (script.textContent ?? "").includes("window.__remixContext"),
    ),
    formLinks,
  };
}

/** Same-site script files and inline script text at one moment of a visit. */
async function snapshot(page, urls) {
  return { urls: [...urls], inline: await page.evaluate(inlineScriptTexts, JS_TYPES) };
}

/** The consent cookie a visitor who accepted everything carries (app/consent/consent.ts, set by the banner or /api/consent). */
const ACCEPTED_CONSENT = { name: "cookie_consent", value: "v1.a1.p1" };

/**
 * Every same-site script a visitor's browser downloads on `pathname`, in load order, at three moments: loaded
 * with its script live and the network quiet ('load'), scrolled to the bottom with no touch ('scroll'), and
 * after every island was reached ('islands': a pointer over each form and a focus on its first field, and each
 * in-page link to a form, /mensual's dialog triggers, pointed at, focused and followed). `returning`: a
 * visitor who accepted cookies, measured at load and after the scroll only. Requests off the site are
 * aborted (the benchmark stays offline; third-party tags are not the site's script).
 */
async function scriptsOfPage(browser, baseUrl, pathname, { returning = false } = {}) {
  const context = await browser.newContext({ viewport: VIEWPORT, isMobile: true, hasTouch: true, locale: "es-ES" });
  if (returning) await context.addCookies([{ ...ACCEPTED_CONSENT, url: baseUrl }]);
  await context.route(
    (url) => !url.href.startsWith(baseUrl),
    (route) => route.abort(),
  );
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
  /**
   * Until no request has been in flight for 500 ms (Playwright's network-idle fires once per load, not again),
   * and at least `settleMs` after the call: code fetched on interaction is asked for a moment after the event.
   */
  const quiet = async (settleMs = 0) => {
    const start = Date.now();
    const deadline = start + 15_000;
    while (Date.now() < deadline && (inFlight > 0 || Date.now() - lastActivity < 500 || Date.now() - start < settleMs))
      await page.waitForTimeout(100);
  };
  try {
    const response = await page.goto(`${baseUrl}${pathname}`, { waitUntil: "load" });
    const html = (await response?.text()) ?? "";
    // The page's script is live: the frame script started and, on a page that hydrates, React's fiber is on
    // its elements (tests/support/page-checks.ts waits the same way).
    await page.waitForFunction(pageScriptLive, undefined, { timeout: 15_000 });
    await quiet();
    const kind = await page.evaluate(pageKind, { html, calculatorSelector: CALCULATOR_FORM_SELECTOR });
    // What the page downloads at load, before any scroll or touch.
    const load = await snapshot(page, urls);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += VIEWPORT.height / 2) {
      await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
      await page.waitForTimeout(SCROLL_STEP_WAIT_MS);
    }
    await quiet();
    const scroll = await snapshot(page, urls);
    if (returning) return { kind, load, scroll };
    // A pointer passing over each form and a keyboard focus in it: what loads 'on interaction'
    // (app/components/islands/) counts too, as a desktop visitor scrolling past a form would load it.
    const touchForms = async () => {
      const visibleForms = page.locator("form:visible");
      for (let index = 0; index < (await visibleForms.count()); index++) {
        const form = visibleForms.nth(index);
        await form.hover({ trial: false, force: true }).catch(() => undefined);
        // The pointer woke the form's page island (app/components/frame/islands.ts): its live form takes the
        // server's place before the focus, whatever the host's speed, so the focus always lands on the live
        // form and what that loads (the campaign calculator's lead step) is counted in every run.
        const island = await form.evaluateHandle((element) => element.closest("[data-island]")).catch(() => null);
        if (island)
          await page
            .waitForFunction((element) => !element || element.hasAttribute("data-island-live"), island, {
              timeout: 15_000,
            })
            .catch(() => undefined);
        // A form with no field to focus (the cookie banner's buttons) is not waited on.
        const field = form.locator("input:visible:not([type=hidden]), select:visible, textarea:visible").first();
        if ((await field.count()) > 0) await field.focus({ timeout: 1_000 }).catch(() => undefined);
      }
      await quiet(INTERACTION_SETTLE_MS);
    };
    await touchForms();
    // What 0006's budget counts: loaded, scrolled, a pointer and a focus on every form.
    const forms = await snapshot(page, urls);
    // A form behind a link on the page (/mensual's dialogs: their code loads when a pointer or the focus reaches
    // a link to the form's section, and the dialog opens on its click; app/components/frame/islands.ts):
    // each such link pointed at, focused and clicked (as events on the link itself, so that no banner over it
    // takes them), then Escape.
    for (const href of kind.formLinks) {
      await page.evaluate((target) => {
        const link = [...document.querySelectorAll("a")].find((element) => element.getAttribute("href") === target);
        link?.dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
        link?.focus();
      }, href);
      await quiet(INTERACTION_SETTLE_MS);
      await page.evaluate((target) => {
        const link = [...document.querySelectorAll("a")].find((element) => element.getAttribute("href") === target);
        link?.click();
      }, href);
      await quiet(INTERACTION_SETTLE_MS);
      await page.keyboard.press("Escape");
    }
    // Once more over every form: a form that an island rendered since (a calculator's lead step, shown after
    // the first pass) loads its own code when touched.
    await touchForms();
    const islands = await snapshot(page, urls);
    return { kind, load, scroll, forms, islands };
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

/** What went into each browser file: the public client's build (frame script, islands) and Remix's (preview). */
function loadMetafile() {
  const outputs = {};
  for (const name of ["metafile.client.json", "metafile.js.json"]) {
    const file = path.join(root, "build", name);
    if (fs.existsSync(file)) Object.assign(outputs, JSON.parse(fs.readFileSync(file, "utf8")).outputs);
  }
  return outputs;
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
/** Brotli bytes of a set of script files. */
async function filesBr(urls) {
  let br = 0;
  for (const url of urls) br += (await scriptSizes(url)).br;
  return br;
}

/** Gzip bytes of a page's inline script texts, as one stream (the way they travel inside the compressed HTML). */
const inlineGzip = (texts) => (texts.length ? zlib.gzipSync(texts.join("\n")).length : 0);

let rows = [];
try {
  const paths = process.env.BENCH_JS_PAGES?.split(",") ?? (await sitePaths(server.baseUrl));
  // Two visits per page: a first-time visitor (load, scroll, every island) and a returning visitor who accepted
  // cookies (load and scroll), each in its own fresh context, measured side by side (what a page downloads does
  // not depend on another page being open); the table keeps the sitemap's order.
  const jobs = paths.flatMap((pathname, index) => [
    { index, pathname, returning: false },
    { index, pathname, returning: true },
  ]);
  const measured = paths.map((pathname) => ({ pathname }));
  let next = 0;
  const measureNext = async () => {
    while (next < jobs.length) {
      const { index, pathname, returning } = jobs[next++];
      // One request first, so the page is measured as the page cache serves it.
      await fetch(`${server.baseUrl}${pathname}`).then((response) => response.arrayBuffer());
      const visit = await scriptsOfPage(browser, server.baseUrl, pathname, { returning });
      const row = measured[index];
      if (returning) {
        row.returning = (await filesBr(visit.scroll.urls)) + inlineGzip(visit.scroll.inline);
        continue;
      }
      row.kind = visit.kind;
      row.urls = visit.islands.urls;
      row.formsBr = await filesBr(visit.forms.urls);
      row.loadBr = await filesBr(visit.load.urls);
      row.loadInline = inlineGzip(visit.load.inline);
      row.scrollBr = await filesBr(visit.scroll.urls);
      row.scrollInline = inlineGzip(visit.scroll.inline);
      row.br = await filesBr(visit.islands.urls);
      row.budgetKB = visit.kind.calculator ? CALCULATOR_JS_BUDGET_KB : JS_BUDGET_KB;
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_PAGES, jobs.length) }, measureNext));
  rows = measured;
} finally {
  await browser.close();
  await server.stop();
}

/**
 * The figures of a row against their islands targets (docs/decisions/0006-javascript-budget.md), each gated on
 * every page it applies to ('-': the after-scroll targets apply to a page without a form). 0006's budget is
 * gated beside them (failures()).
 */
function checks(row) {
  const noForm = !row.kind.form;
  const islandsTarget = row.kind.calculator ? ISLANDS_CALCULATOR_TARGET_KB : ISLANDS_TARGET_KB;
  return [
    { column: "loadBr", bytes: row.loadBr, targetKB: LOAD_FILES_TARGET_KB },
    { column: "loadInline", bytes: row.loadInline, targetKB: INLINE_TARGET_KB },
    { column: "scrollBr", bytes: row.scrollBr, targetKB: noForm ? LOAD_FILES_TARGET_KB : null },
    { column: "scrollInline", bytes: row.scrollInline, targetKB: noForm ? INLINE_TARGET_KB : null },
    { column: "br", bytes: row.br, targetKB: islandsTarget },
    { column: "returning", bytes: row.returning, targetKB: RETURNING_TARGET_KB },
  ];
}
const over = (check) => check.targetKB !== null && check.bytes > check.targetKB * 1024;
/** Gate failures of a row: 0006's budget and every islands target. */
function failures(row) {
  const failed = checks(row)
    .filter(over)
    .map((check) => `${COLUMNS[check.column]} ${kb(check.bytes)} KB > ${check.targetKB} KB`);
  if (row.formsBr > row.budgetKB * 1024) failed.push(`0006 total ${kb(row.formsBr)} KB > budget ${row.budgetKB} KB`);
  return failed;
}
const COLUMNS = {
  loadBr: "load files",
  loadInline: "load inline",
  scrollBr: "scroll files",
  scrollInline: "scroll inline",
  br: "islands files",
  returning: "returning",
};
/** A figure and, beside it, OVER when above its islands target ('-': no target for this page). */
function cell(check) {
  const mark = check.targetKB === null ? "  -  " : over(check) ? " OVER" : "     ";
  return `${kb(check.bytes)}${mark}`.padStart(12);
}
const kindOf = (row) =>
  (row.kind.calculator ? "calc" : row.kind.form ? "form" : "none") + (row.kind.hydrates ? "+R" : "");

console.log(
  [
    `JavaScript per page (KB of 1,024 bytes): script files from the site as served (brotli response bodies) and inline script (the text of every <script> without src whose type is a JavaScript type or absent, Remix's context included; gzip of their texts as one stream). A fresh browser at ${VIEWPORT.width} px:`,
    `  load: its script live, network quiet, no scroll, no touch; scroll: scrolled to the bottom, no touch; 0006: then a pointer and a focus on every form (0006's budget); islands: then each in-page link to a form pointed at, focused and followed (/mensual's dialogs).`,
    `  returning: a visitor who accepted cookies (cookie_consent=${ACCEPTED_CONSENT.value}): the site's own script after load and scroll, files (brotli) + inline (gzip); requests off the site are aborted (third-party tags not counted).`,
    `kind: form (a form of its own in the served HTML, the cookie banner's aside) / calc (the live calculator's form) / none; +R: the page hydrates (Remix's context in its HTML).`,
    `Islands targets (decision 0006), OVER beside a figure above its target: load files ${LOAD_FILES_TARGET_KB} KB, load inline ${INLINE_TARGET_KB} KB; the same after the scroll on a page without a form ('-': no target); islands ${ISLANDS_TARGET_KB} KB (${ISLANDS_CALCULATOR_TARGET_KB} with the live calculator); returning ${RETURNING_TARGET_KB} KB.`,
    `Gates (FAIL, exit code 1), on every page: 0006's budget (${JS_BUDGET_KB} KB, ${CALCULATOR_JS_BUDGET_KB} with the live calculator) and every islands target.`,
  ].join("\n"),
);
console.log("");
const header = ["load files", "load inline", "scroll files", "scrl inline", "islands", "returning"];
console.log(
  `${"page".padEnd(38)} ${"kind".padEnd(6)} ${"files".padStart(5)} ${header.map((name) => name.padStart(12)).join(" ")} ${"0006".padStart(6)} ${"budget".padStart(6)}  result`,
);
for (const row of rows) {
  const failed = failures(row).length > 0;
  const result = failed ? "FAIL" : "PASS";
  console.log(
    `${row.pathname.padEnd(38)} ${kindOf(row).padEnd(6)} ${String(row.urls.length).padStart(5)} ${checks(row).map(cell).join(" ")} ${kb(row.formsBr).padStart(6)} ${String(row.budgetKB).padStart(6)}  ${result}`,
  );
}
const pastBudget = rows.filter((row) => row.br > row.budgetKB * 1024);
if (pastBudget.length) {
  console.log("");
  console.log(
    `Past 0006's budget once every island is reached (not gated: 0006 counts a pointer and a focus on forms): ${pastBudget.map((row) => `${row.pathname} ${kb(row.br)} KB of ${row.budgetKB}`).join(", ")}.`,
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

console.log("");
if (rows.length === 0) {
  console.log("bench:js FAIL: no page was measured");
  process.exit(1);
}
const failedRows = rows.filter((row) => failures(row).length > 0);
const largest = (pages, pick) => (pages.length ? `${kb(Math.max(...pages.map(pick)))} KB` : "none");
const withCalculator = rows.filter((row) => row.kind.calculator);
const others = rows.filter((row) => !row.kind.calculator);
console.log(
  failedRows.length
    ? `bench:js FAIL: ${failedRows.length} page(s) over a gate: ${failedRows.map((row) => `${row.pathname} (${failures(row).join("; ")})`).join(", ")}`
    : `bench:js PASS: every page within 0006's budget (largest with the live calculator ${largest(withCalculator, (row) => row.formsBr)} of ${CALCULATOR_JS_BUDGET_KB} KB; largest other ${largest(others, (row) => row.formsBr)} of ${JS_BUDGET_KB} KB), and all ${rows.length} pages within the islands targets (largest at load ${largest(rows, (row) => row.loadBr)} files + ${largest(rows, (row) => row.loadInline)} inline; returning ${largest(rows, (row) => row.returning)})`,
);
process.exit(failedRows.length ? 1 : 0);
