// `npm run bench:content`: how pages grow with content. For the seed dataset and a grown one (the seed + 500
// sector pages + 200 campaign pages, scripts/grow-dataset.mjs; BENCH_SECTORS / BENCH_CAMPAIGNS change it), a fresh
// production server per dataset, each page fetched once (uncached: nothing rendered it before), printing its HTML
// bytes, element count and time. Targets with the grown dataset: every page ≤ 1,400 elements, ≤ 150 KB of HTML and
// ≤ 500 ms; /sitemap.xml ≤ 1 s. 127.0.0.1 only; stops by itself. Figures: docs/lab/content-scale-log.md.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { writeGrownDataset } from "./grow-dataset.mjs";
import { ensureBuild, startProductionServer } from "./lib/build.mjs";

const SECTORS = Number(process.env.BENCH_SECTORS ?? 500);
const CAMPAIGNS = Number(process.env.BENCH_CAMPAIGNS ?? 200);
const MAX_ELEMENTS = 1400;
const MAX_BYTES = 150 * 1024;
const MAX_MS = 500;
const MAX_SITEMAP_MS = 1000;

const PAGES = [
  "/",
  "/sectores",
  "/sectores?pagina=2",
  "/sectores?q=construccion",
  "/calculadora",
  "/calculadora?sector=Construcci%C3%B3n",
  "/sectores/construccion",
  "/reformas-integrales",
  "/software-b2b-demos",
  "/mensual",
  "/sitemap.xml",
];

/** Elements of an HTML document: its start tags (doctype, comments and closing tags left out). */
function countElements(html) {
  const withoutScripts = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "<script></script>");
  return (withoutScripts.match(/<[a-zA-Z][a-zA-Z0-9-]*/g) ?? []).length;
}

async function measure(baseUrl, page) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${page}`, { headers: { accept: "text/html" } });
  const body = await response.text();
  const ms = performance.now() - started;
  return { page, status: response.status, bytes: Buffer.byteLength(body), elements: countElements(body), ms };
}

async function run(label, env) {
  const server = await startProductionServer({ env });
  try {
    // Parsing the dataset is the first query's job and loading the render code the first page's: /healthz
    // and /legal (not measured) pay them, not the first page measured.
    for (const warmUp of ["/healthz", "/legal"])
      await fetch(`${server.baseUrl}${warmUp}`).then((response) => response.arrayBuffer());
    const rows = [];
    for (const page of PAGES) rows.push(await measure(server.baseUrl, page));
    return { label, rows };
  } finally {
    await server.stop();
  }
}

const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;

function print({ label, rows }, checkTargets) {
  console.log(`\n${label}`);
  console.log("| page | status | HTML | elements | uncached |");
  console.log("|---|---|---|---|---|");
  const failures = [];
  for (const row of rows) {
    const sitemap = row.page.startsWith("/sitemap");
    const over = [];
    if (!sitemap && row.elements > MAX_ELEMENTS) over.push("elements");
    if (!sitemap && row.bytes > MAX_BYTES) over.push("bytes");
    if (row.ms > (sitemap ? MAX_SITEMAP_MS : MAX_MS)) over.push("time");
    if (row.status >= 500) over.push("status");
    if (checkTargets && over.length) failures.push(`${row.page} (${over.join(", ")})`);
    const mark = checkTargets && over.length ? " **over**" : "";
    console.log(
      `| \`${row.page}\` | ${row.status} | ${kb(row.bytes)} | ${sitemap ? "–" : row.elements} | ${row.ms.toFixed(0)} ms |${mark}`,
    );
  }
  return failures;
}

ensureBuild();
console.log(
  `Node ${process.version} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}; one uncached fetch per page`,
);

const seed = await run("The seed (32 sectors, 2 campaign pages)", {});
print(seed, false);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-content-"));
try {
  const file = writeGrownDataset(path.join(dir, "production.ndjson"), { sectors: SECTORS, campaigns: CAMPAIGNS });
  const grown = await run(`Grown: the seed + ${SECTORS} sector pages + ${CAMPAIGNS} campaign pages`, {
    CONTENT_DATASET_FILE: file,
  });
  const failures = print(grown, true);
  if (failures.length) {
    console.log(`\nOver target: ${failures.join("; ")}`);
    process.exitCode = 1;
  } else console.log("\nEvery page within its target.");
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
