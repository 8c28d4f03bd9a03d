// `npm run bench:hostile`: what cheap hostile requests cost the production server, in the server
// process's own CPU time (utime + stime from /proc/<pid>/stat, Linux), not wall time. It starts the built
// server on 127.0.0.1, then sends (1) BENCH_ALIASES (30) distinct spellings of the largest public file
// (dot segments, doubled and encoded slashes, query strings) after its own path was served once, and
// (2) BENCH_RENDITIONS (24) renditions of a seed image that no page asks for, and prints the CPU spent per
// request of each kind next to the same number of ordinary requests, with the statuses seen, (3)
// BENCH_SPELLINGS (30) spellings of the page `/sectores` (doubled and trailing slashes, dot segments,
// encoded letters), all of which the door redirects to `/sectores` (target: 0.5 s of CPU for all of them),
// (3b) as many spellings of `/sectores` through each of /api/, /images/, /social/ and /build/ (`/api/x/../..
// /sectores`, `/API/../sectores`, encoded dots…): the same 301 (the 404 under a literal `/build/`), never a
// rendering, so the same target; and (4) the preview handshake on a grown dataset (the seed plus copies: BENCH_HANDSHAKE_DOCUMENTS, about
// 2,513 documents): BENCH_HANDSHAKES (40) handshakes with a wrong secret and as many with the right one,
// under a limit that lets them all through, and the same wrong ones under the default FORM_RATE_LIMIT (20):
// CPU per handshake and the statuses (docs/preview.md). A bounded server spends about as much on an alias
// as on a cached file: no compression, no rendering. docs/production-server.md, 'Bounded work'. One run,
// stops by itself; not a test (no threshold).
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

import { writeGrownDataset } from "./grow-dataset.mjs";
import { ensureBuild, root, startProductionServer } from "./lib/build.mjs";

const ALIASES = Number(process.env.BENCH_ALIASES) || 30;
const RENDITIONS = Number(process.env.BENCH_RENDITIONS) || 24;
const SPELLINGS = Number(process.env.BENCH_SPELLINGS) || 30;
const SPELLINGS_TARGET_MS = 500;
const CHROME_ACCEPT = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";
const TICKS_PER_SECOND = 100; // USER_HZ on Linux (getconf CLK_TCK)

/** The process's CPU time so far, in milliseconds (user + system). */
function cpuMs(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces) start at the last ')'.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** One GET of a raw target: sent as written (a URL string would have its dot segments resolved first). */
function get(baseUrl, target, headers = {}) {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request({ hostname, port, path: target, headers, agent: false }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("error", reject);
    request.end();
  });
}

function largestBuildFile() {
  const publicDir = path.join(root, "public");
  let best = { file: "", size: -1 };
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".js") && fs.statSync(full).size > best.size)
        best = { file: full, size: fs.statSync(full).size };
    }
  };
  walk(path.join(publicDir, "build"));
  return { target: `/${path.relative(publicDir, best.file).split(path.sep).join("/")}`, size: best.size };
}

function aliasesOf(own, count) {
  const name = own.slice(own.lastIndexOf("/") + 1);
  const dir = own.slice(0, own.lastIndexOf("/"));
  const kinds = [
    (i) => `${dir}/x${i}/%2e%2e/${name}`,
    (i) => `${dir}${"/".repeat(i + 2)}${name}`,
    (i) => `${dir}/${name}?v=${i}`,
    (i) => `${dir}/x${i}/%2E%2E/${name}?v=${i}`,
    (i) => `${dir}%2F${"%2f".repeat(i)}${name}`,
  ];
  return Array.from({ length: count }, (_, i) => kinds[i % kinds.length](Math.floor(i / kinds.length)));
}

function oddRenditionsOf(image, count) {
  const kinds = [
    (i) => `w=1920&h=${2037 + i}&q=41&fm=avif`,
    (i) => `w=1600&q=${42 + i}&fm=webp`,
    (i) => `w=1280&h=${700 + i}&fit=crop&fm=avif`,
  ];
  return Array.from({ length: count }, (_, i) => `${image}?${kinds[i % kinds.length](i)}`);
}

/** Sends the targets one after another; the CPU the server spent on them and the statuses seen. */
async function measure(server, targets, headers) {
  const statuses = {};
  const before = cpuMs(server.pid);
  for (const target of targets) {
    const status = await get(server.baseUrl, target, headers);
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
  const spent = cpuMs(server.pid) - before;
  return { count: targets.length, cpuMs: spent, perRequestMs: spent / targets.length, statuses };
}

/** `count` distinct spellings of a page's path, of the kinds the door sends to the page's own path. */
function spellingsOf(page, count) {
  const rest = page.slice(2);
  const kinds = [
    (i) => `${page}${"/".repeat(i + 1)}`,
    (i) => `/x${i}/..${page}`,
    (i) => `/${"./".repeat(i + 1)}${page.slice(1)}`,
    (i) => `/%${page.charCodeAt(1).toString(16).toUpperCase()}${rest}${"/".repeat(i)}`,
    (i) => `/x${i}/%2e%2e${page}/`,
    (i) => `${"/".repeat(i + 2)}${page.slice(1)}`,
  ];
  return Array.from({ length: count }, (_, i) => kinds[i % kinds.length](Math.floor(i / kinds.length)));
}

/** Section (3): the page at its own path (cached) and `SPELLINGS` other spellings of it. */
async function pathSpellingRows(server, page = "/sectores") {
  await get(server.baseUrl, page, { "Accept-Encoding": "br" });
  const spellings = spellingsOf(page, SPELLINGS);
  if (new Set(spellings).size !== spellings.length) throw new Error("spellingsOf gave the same spelling twice");
  return [
    [
      `${page} at its own path (cached)`,
      await measure(server, Array(SPELLINGS).fill(page), { "Accept-Encoding": "br" }),
    ],
    [`${SPELLINGS} spellings of ${page}`, await measure(server, spellings, { "Accept-Encoding": "br" })],
  ];
}

const PREFIXES = ["api", "images", "social", "build"];

/**
 * `count` distinct spellings of `page` that pass through `/<prefix>/` (any case, doubled slashes, dot
 * segments, encoded dots and letters) and name the page once resolved: the door answers each with the
 * 301 to the page (or, under a literal `/build/`, the 404), never a rendering (CONTRACT §12).
 */
function prefixSpellingsOf(prefix, page, count) {
  const upper = prefix.toUpperCase();
  const encoded = `%${prefix.charCodeAt(0).toString(16).toUpperCase()}${prefix.slice(1)}`;
  const kinds = [
    (i) => `/${prefix}/x${i}/../..${page}`,
    (i) => `/${upper}/..${page}${"/".repeat(i)}`,
    (i) => `${"/".repeat(i + 2)}${prefix}/../${page.slice(1)}`,
    (i) => `/${prefix}/x${i}/%2e%2e/%2E%2E${page}`,
    (i) => `/${prefix}/./x${i}/../..${page}/`,
    (i) => `/${encoded}/x${i}/../..${page}`,
  ];
  return Array.from({ length: count }, (_, i) => kinds[i % kinds.length](Math.floor(i / kinds.length)));
}

/** Section (3b): `SPELLINGS` spellings of the page through each prefix the server handles itself. */
async function prefixSpellingRows(server, page = "/sectores") {
  await get(server.baseUrl, page, { "Accept-Encoding": "br" });
  const rows = [];
  for (const prefix of PREFIXES) {
    const spellings = prefixSpellingsOf(prefix, page, SPELLINGS);
    if (new Set(spellings).size !== spellings.length) throw new Error("prefixSpellingsOf gave one spelling twice");
    rows.push([
      `${SPELLINGS} spellings of ${page} through /${prefix}/`,
      await measure(server, spellings, { "Accept-Encoding": "br" }),
    ]);
  }
  return rows;
}

function printRows(rows) {
  console.log("requests                                        | server CPU ms | per request ms | statuses");
  for (const [label, row] of rows) {
    console.log(
      `${label.padEnd(48)}| ${row.cpuMs.toFixed(0).padStart(13)} | ${row.perRequestMs.toFixed(1).padStart(14)} | ${JSON.stringify(row.statuses)}`,
    );
  }
}

const HANDSHAKES = Number(process.env.BENCH_HANDSHAKES) || 40;
const HANDSHAKE_DOCUMENTS = Number(process.env.BENCH_HANDSHAKE_DOCUMENTS) || 2513;

/** `/api/preview-mode/enable` with a secret, as the Studio's Presentation tool opens it. */
function handshakeTarget(secret) {
  const query = new URLSearchParams({
    "sanity-preview-secret": secret,
    "sanity-preview-pathname": "/",
    "sanity-preview-perspective": "drafts",
  });
  return `/api/preview-mode/enable?${query}`;
}

/**
 * (4) The preview handshake on a grown embedded dataset with one fresh secret in it: what a wrong and a
 * right secret cost once the dataset is in memory (a page view first, as any running server has had), and
 * the statuses a flood of wrong ones gets under the default rate limit. Its own servers.
 */
async function previewHandshakeSection() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "bench-handshake-"));
  const file = path.join(folder, "production.ndjson");
  const seedDocuments = 67;
  const extra = Math.max(0, HANDSHAKE_DOCUMENTS - seedDocuments - 1);
  writeGrownDataset(file, { sectors: Math.round(extra * 0.75), campaigns: extra - Math.round(extra * 0.75) });
  const secret = `bench-${Date.now()}`;
  const now = new Date().toISOString();
  fs.appendFileSync(
    file,
    `${JSON.stringify({
      _id: "drafts.sanity-preview-url-secret.bench",
      _type: "sanity.previewUrlSecret",
      _createdAt: now,
      _updatedAt: now,
      secret,
      studioUrl: "http://localhost:3333",
    })}\n`,
  );
  const documents = fs.readFileSync(file, "utf8").split("\n").filter(Boolean).length;
  const rows = [];
  for (const [limit, runs] of [
    [
      "1000000",
      [
        [
          `${HANDSHAKES} handshakes, wrong secret`,
          Array.from({ length: HANDSHAKES }, (_, i) => handshakeTarget(`x${i}`)),
        ],
        [`${HANDSHAKES} handshakes, right secret`, Array(HANDSHAKES).fill(handshakeTarget(secret))],
      ],
    ],
    [
      undefined,
      [
        [
          `${HANDSHAKES} wrong, default FORM_RATE_LIMIT`,
          Array.from({ length: HANDSHAKES }, (_, i) => handshakeTarget(`y${i}`)),
        ],
      ],
    ],
  ]) {
    const server = await startProductionServer({ env: { CONTENT_DATASET_FILE: file, FORM_RATE_LIMIT: limit } });
    try {
      // The dataset parsed once, as on any server that has answered a page.
      await get(server.baseUrl, "/sectores");
      for (const [label, targets] of runs) rows.push([label, await measure(server, targets, {})]);
    } finally {
      await server.stop();
    }
  }
  console.log(`\npreview handshake: ${documents} documents (${Math.round(fs.statSync(file).size / 1024)} KiB NDJSON)`);
  printRows(rows);
  fs.rmSync(folder, { recursive: true, force: true });
}

ensureBuild();
const server = await startProductionServer();
try {
  const { target: own, size } = largestBuildFile();
  // The largest source image the home page shows (its name ends in -<width>x<height>.<ext>).
  const area = (url) =>
    url
      .match(/-(\d+)x(\d+)\.\w+$/)
      ?.slice(1)
      .reduce((a, b) => a * b, 1) ?? 0;
  const image = [
    ...new Set(
      (await fetch(`${server.baseUrl}/`).then((response) => response.text())).match(/\/images\/local\/[^\s"'?,&]+/g),
    ),
  ].sort((a, b) => area(b) - area(a))[0];
  if (!image) throw new Error("No /images/ URL on the home page");
  // The file's own path once (its one compression) and the home page, before measuring.
  await get(server.baseUrl, own, { "Accept-Encoding": "br" });
  await get(server.baseUrl, "/");

  const rows = [
    [
      "the largest file at its own path (cached)",
      await measure(server, Array(ALIASES).fill(own), { "Accept-Encoding": "br" }),
    ],
    [`${ALIASES} aliases of it`, await measure(server, aliasesOf(own, ALIASES), { "Accept-Encoding": "br" })],
    [
      `${RENDITIONS} renditions no page asks for`,
      await measure(server, oddRenditionsOf(image, RENDITIONS), { Accept: CHROME_ACCEPT }),
    ],
  ];
  const spellingRows = await pathSpellingRows(server);
  rows.push(...spellingRows);
  const prefixRows = await prefixSpellingRows(server);
  rows.push(...prefixRows);
  console.log(`largest public file: ${own} (${Math.round(size / 1024)} KiB); image: ${image}`);
  printRows(rows);
  const serverErrors = rows.reduce(
    (sum, [, row]) =>
      sum +
      Object.entries(row.statuses)
        .filter(([status]) => Number(status) >= 500)
        .reduce((s, [, n]) => s + n, 0),
    0,
  );
  console.log(`5xx answers: ${serverErrors}`);
  const spellingsMs = spellingRows[1][1].cpuMs;
  console.log(
    `${SPELLINGS} spellings of a page: ${spellingsMs.toFixed(0)} ms of server CPU in all (target ≤ ${SPELLINGS_TARGET_MS} ms: ${spellingsMs <= SPELLINGS_TARGET_MS ? "met" : "NOT met"})`,
  );
  // Through a prefix, a spelling costs what any other spelling does: no rendering (each would be 0.2–0.4 s).
  for (const [label, row] of prefixRows) {
    const rendered = Object.keys(row.statuses).some((status) => status === "200");
    console.log(
      `${label}: ${row.cpuMs.toFixed(0)} ms in all (plain spellings: ${spellingsMs.toFixed(0)} ms; target ≤ ${SPELLINGS_TARGET_MS} ms and no 200: ${row.cpuMs <= SPELLINGS_TARGET_MS && !rendered ? "met" : "NOT met"})`,
    );
  }
} finally {
  await server.stop();
}
await previewHandshakeSection();
