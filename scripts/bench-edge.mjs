// `npm run bench:edge`: the shared cache in front (CONTRACT §14). Debian's Varnish with the shipped
// deploy/varnish/leads-site.vcl in front of two instances (scripts/lib/varnish-stack.mjs) on a grown
// dataset (the seed + 500 sector pages + 200 campaign pages, scripts/grow-dataset.mjs; BENCH_SECTORS /
// BENCH_CAMPAIGNS change it). 60 s (BENCH_DURATION_S) of visitors over every URL of the sitemap: the
// share of requests that reached an instance, after a warm-up that asked for each URL once. Then four
// content changes, each timed from the write of the dataset file to the first visitor who sees it
// through Varnish, with the number of cached pages it purged (every sitemap URL asked for again: a miss
// was purged): one sector page's body text, one sector's name, a new sector page, the site settings.
// Targets: ≤ 1 % of requests after warm-up reach an instance; each change seen within 5 s; a body text
// edit purges 2 pages (the page, the sitemap). Then the same four kinds of change, each after a rolling
// restart of both instances (Varnish keeping its pages): the same purges as before it (CONTRACT §14).
// Then Varnish frozen for BENCH_OUTAGE_S (30) during an edit: seconds from its return to the first visitor
// who sees the edit (target ≤ 10 s). Needs Varnish (`apt-get install varnish varnish-modules`).
// Then 200 ad clicks (BENCH_AD_CLICKS) over 20 cached pages, each URL with its own gclid (or gbraid,
// wbraid, fbclid, msclkid) and utm_* tags: the share that reached an instance and Varnish's object count.
// Target: ≤ 1 % of the ad clicks reach an instance, no object added.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

import { writeGrownDataset } from "./grow-dataset.mjs";
import { ensureBuild } from "./lib/build.mjs";
import { httpRequest, startVarnishStack } from "./lib/varnish-stack.mjs";

const DURATION_S = Number(process.env.BENCH_DURATION_S) || 60;
const SECTORS = Number(process.env.BENCH_SECTORS ?? 500);
const CAMPAIGNS = Number(process.env.BENCH_CAMPAIGNS ?? 200);
const CLIENTS = 8;
const OUTAGE_S = Number(process.env.BENCH_OUTAGE_S) || 30;

ensureBuild();
const work = fs.mkdtempSync(path.join(os.tmpdir(), "bench-edge-"));
const grown = path.join(work, "production.ndjson");
writeGrownDataset(grown, { sectors: SECTORS, campaigns: CAMPAIGNS });
const stack = await startVarnishStack({ instances: 2, dataset: grown });
const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS * 2 });
/**
 * A visitor's GET. A kept-alive socket that Varnish closed as idle just as it was reused answers
 * ECONNRESET before any byte: a browser asks again on a new connection, and so does this.
 */
async function get(pathname) {
  try {
    return await httpRequest(`${stack.url}${pathname}`, { agent });
  } catch (error) {
    if (error?.code !== "ECONNRESET") throw error;
    return httpRequest(`${stack.url}${pathname}`, { agent });
  }
}

const readDocuments = () =>
  fs
    .readFileSync(stack.datasetFile, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line));
function writeDocuments(documents) {
  fs.writeFileSync(`${stack.datasetFile}.tmp`, documents.map((document) => JSON.stringify(document)).join("\n") + "\n");
  fs.renameSync(`${stack.datasetFile}.tmp`, stack.datasetFile);
}
const touched = (document) => ({ ...document, _rev: `bench-${Date.now()}`, _updatedAt: new Date().toISOString() });
function edit(id, change) {
  writeDocuments(readDocuments().map((document) => (document._id === id ? touched(change(document)) : document)));
}

/** Every URL of the sitemap (and its files), as paths. */
async function sitemapPaths() {
  const paths = new Set(["/sitemap.xml", "/robots.txt"]);
  const files = ["/sitemap.xml"];
  for (const file of files) {
    const body = (await get(file)).body;
    for (const [, loc] of body.matchAll(/<loc>([^<]+)<\/loc>/g)) {
      const pathname = new URL(loc).pathname;
      if (pathname.endsWith(".xml") && !files.includes(pathname)) files.push(pathname);
      paths.add(pathname);
    }
  }
  return [...paths];
}

/** Asks for every path once (CLIENTS at a time); answers those that were not cache hits. */
async function sweep(paths) {
  const misses = new Set();
  const queue = [...paths];
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const answer = await get(next);
        if (answer.headers["x-cache"] !== "HIT") misses.add(next);
      }
    }),
  );
  return misses;
}

/** Writes a change, then asks for `pathname` every 50 ms until it shows `text`: seconds from the write. */
async function timeChange(write, pathname, text) {
  const started = performance.now();
  write();
  for (;;) {
    if ((await get(pathname)).body.includes(text)) return (performance.now() - started) / 1000;
    if (performance.now() - started > 30_000) return Number.NaN;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const AD_CLICKS = Number(process.env.BENCH_AD_CLICKS) || 200;
const AD_PAGES = 20;
const CHROME_ENCODINGS = "gzip, deflate, br, zstd";

/**
 * Edge, ad clicks: AD_CLICKS (200) visits of AD_PAGES (20) cached landing pages, each URL with its own
 * click id (gclid, gbraid, wbraid, fbclid, msclkid in turn) and utm_* tags, as a browser sends them
 * (Chrome's Accept-Encoding). Prints the share that reached an instance (target ≤ 1 %) and Varnish's
 * object count (varnishstat's MAIN.n_object) before and after: one object per page and encoding.
 */
async function adClicksSection(paths) {
  const pages = paths.filter((pathname) => !/\.[a-z]+$/.test(pathname)).slice(0, AD_PAGES);
  const browser = { "Accept-Encoding": CHROME_ENCODINGS };
  for (const page of pages) {
    for (let attempt = 0; attempt < 5; attempt += 1)
      if ((await httpRequest(`${stack.url}${page}`, { agent, headers: browser })).headers["x-cache"] === "HIT") break;
  }
  const before = stack.counters();
  const ids = ["gclid", "gbraid", "wbraid", "fbclid", "msclkid"];
  let hits = 0;
  let errors = 0;
  for (let click = 0; click < AD_CLICKS; click += 1) {
    const page = pages[click % pages.length];
    const query = `${ids[click % ids.length]}=Cj0KCQiA${click}${Date.now().toString(36)}&utm_source=google&utm_medium=cpc&utm_campaign=campana-${click % 7}&utm_term=t${click}`;
    const answer = await httpRequest(`${stack.url}${page}?${query}`, { agent, headers: browser });
    if (answer.headers["x-cache"] === "HIT") hits += 1;
    if (answer.status !== 200) errors += 1;
  }
  const after = stack.counters();
  const reached = after["MAIN.backend_req"] - before["MAIN.backend_req"];
  console.log(
    `\nAd clicks: ${AD_CLICKS} visits of ${pages.length} cached pages, each URL with its own click id and utm_* tags`,
  );
  console.log(
    `  reached an instance: ${reached} = ${((100 * reached) / AD_CLICKS).toFixed(2)} % (target ≤ 1 %); hits: ${hits}; errors: ${errors}`,
  );
  console.log(
    `  Varnish objects (varnishstat MAIN.n_object): ${before["MAIN.n_object"]} before, ${after["MAIN.n_object"]} after (target: no new object)`,
  );
}

/** Seconds since `since` (performance.now()) until `pathname` shows `text` through Varnish; NaN past 30 s. */
async function seenAfter(since, pathname, text) {
  for (;;) {
    if ((await get(pathname)).body.includes(text)) return (performance.now() - since) / 1000;
    if (performance.now() - since > 30_000) return Number.NaN;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Cached pages a change purged: every path asked for again once its purges landed (a miss was purged). */
async function purgedBy(paths, watched) {
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  const missed = await sweep(paths);
  return missed.size + (paths.includes(watched) && !missed.has(watched) ? 1 : 0);
}

/**
 * The four kinds of change again, each after a rolling restart of both instances: Varnish keeps every
 * page, so the instances render nothing before the change and purge from what they remember durably.
 */
async function afterRollingRestart(paths) {
  const documents = readDocuments();
  const sectors = documents.filter((document) => document._type === "sectorPage");
  const [body, named] = [sectors.at(-3), sectors.at(-7)];
  const changes = [
    [
      "a sector page's body text",
      `/sectores/${body.slug.current}`,
      "Corregido tras reiniciar",
      () =>
        edit(body._id, (page) => ({
          ...page,
          explanation: { ...page.explanation, title: "Corregido tras reiniciar" },
        })),
    ],
    [
      "a sector's name",
      `/sectores/${named.slug.current}`,
      "Renombrado tras reiniciar",
      () => edit(named._id, (page) => ({ ...page, sectorName: "Renombrado tras reiniciar" })),
    ],
    [
      "a new sector page",
      "/sitemap.xml",
      "/sectores/sector-tras-reiniciar<",
      () =>
        writeDocuments([
          ...readDocuments(),
          touched({
            ...body,
            _id: "sectorPage.sector-tras-reiniciar",
            slug: { _type: "slug", current: "sector-tras-reiniciar" },
            sectorName: "Sector Tras Reiniciar",
            featured: false,
          }),
        ]),
    ],
    [
      "the site settings",
      "/",
      "Lema tras reiniciar",
      () =>
        edit("siteSettings", (settings) => ({
          ...settings,
          footer: { ...settings.footer, tagline: "Lema tras reiniciar" },
        })),
    ],
  ];
  console.log(`\nThe same changes, each after a rolling restart of both instances (Varnish keeping its pages)`);
  for (const [name, pathname, text, write] of changes) {
    await sweep(paths);
    for (const instance of stack.instances) await stack.restart(instance);
    const started = performance.now();
    write();
    const seconds = await seenAfter(started, pathname, text);
    console.log(
      `  ${name.padEnd(28)} seen after ${seconds.toFixed(2)} s, ${await purgedBy(paths, pathname)} pages purged`,
    );
  }
}

/** Varnish frozen (keeping its pages, taking no purge) during an edit: how soon after its return it shows. */
async function outage(paths) {
  const page = readDocuments().find((document) => document._type === "sectorPage");
  const pathname = `/sectores/${page.slug.current}`;
  await sweep(paths);
  stack.pause();
  let returned;
  try {
    edit(page._id, (document) => ({
      ...document,
      explanation: { ...document.explanation, title: "Editado sin caché" },
    }));
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_S * 1000));
  } finally {
    stack.resume();
    returned = performance.now();
  }
  const seconds = await seenAfter(returned, pathname, "Editado sin caché");
  console.log(`\nVarnish unreachable for ${OUTAGE_S} s during an edit (frozen, keeping its pages)`);
  console.log(
    `  seen ${seconds.toFixed(2)} s after its return (target ≤ 10 s), ${await purgedBy(paths, pathname)} pages purged`,
  );
}

try {
  const paths = await sitemapPaths();
  console.log(
    `Varnish at ${stack.url} in front of ${stack.instances.length} instances; the seed + ${SECTORS} sector pages + ${CAMPAIGNS} campaign pages: ${paths.length} URLs in the sitemap`,
  );

  // Warm-up: each URL asked for once (every one a miss, rendered by an instance).
  const warmStarted = performance.now();
  const cold = await sweep(paths);
  const warmSeconds = ((performance.now() - warmStarted) / 1000).toFixed(1);
  console.log(`\nWarm-up: ${paths.length} URLs asked for once in ${warmSeconds} s, ${cold.size} reached an instance`);

  // Then 60 s of visitors, each asking for a random sitemap URL.
  const totals = { requests: 0, reached: 0, errors: 0 };
  const deadline = performance.now() + DURATION_S * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < deadline) {
        const pathname = paths[Math.floor(Math.random() * paths.length)];
        const answer = await get(pathname).catch(() => ({ status: 0, headers: {} }));
        totals.requests += 1;
        if (answer.headers["x-cache"] !== "HIT") totals.reached += 1;
        if (answer.status !== 200) totals.errors += 1;
      }
    }),
  );
  const share = totals.requests ? ((100 * totals.reached) / totals.requests).toFixed(2) : "n/a";
  console.log(`Visitors for ${DURATION_S} s after it (${CLIENTS} at a time, random sitemap URLs)`);
  console.log(
    `  requests: ${totals.requests} (${(totals.requests / DURATION_S).toFixed(0)}/s), errors: ${totals.errors}`,
  );
  console.log(`  reached an instance: ${totals.reached} = ${share} % (target ≤ 1 %)`);

  await adClicksSection(paths);

  const documents = readDocuments();
  const sector = documents.find((document) => document._type === "sectorPage" && document._id.includes("-250"));
  const renamed = documents.find((document) => document._type === "sectorPage" && document._id.includes("-120"));
  const template = sector ?? documents.find((document) => document._type === "sectorPage");
  const changes = [
    {
      name: "a sector page's body text",
      path: `/sectores/${template.slug.current}`,
      text: "Texto corregido para la medida",
      write: () =>
        edit(template._id, (page) => ({
          ...page,
          explanation: { ...page.explanation, title: "Texto corregido para la medida" },
        })),
    },
    {
      // Its own page shows the name first; the lists and related links that show it go with it.
      name: "a sector's name",
      path: `/sectores/${(renamed ?? template).slug.current}`,
      text: "Sector Renombrado",
      write: () => edit((renamed ?? template)._id, (page) => ({ ...page, sectorName: "Sector Renombrado" })),
    },
    {
      name: "a new sector page",
      path: "/sitemap.xml",
      text: "/sectores/sector-recien-publicado<",
      write: () =>
        writeDocuments([
          ...readDocuments(),
          touched({
            ...template,
            _id: "sectorPage.sector-recien-publicado",
            slug: { _type: "slug", current: "sector-recien-publicado" },
            sectorName: "Sector Recién Publicado",
            featured: false,
          }),
        ]),
    },
    {
      name: "the site settings",
      path: "/",
      text: "Lema medido en el pie",
      write: () =>
        edit("siteSettings", (settings) => ({
          ...settings,
          footer: { ...settings.footer, tagline: "Lema medido en el pie" },
        })),
    },
  ];
  console.log(`\nContent changes (write → first visitor who sees it through Varnish; pages purged of ${paths.length})`);
  for (const change of changes) {
    await sweep(paths); // everything cached again
    const seconds = await timeChange(change.write, change.path, change.text);
    // Both instances purge, each twice (the repeat a second later): let them all land before counting.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const missed = await sweep(paths);
    // The page watched was purged too (it showed the change), though the watching cached it again.
    const purged = missed.size + (paths.includes(change.path) && !missed.has(change.path) ? 1 : 0);
    console.log(`  ${change.name.padEnd(28)} seen after ${seconds.toFixed(2)} s, ${purged} pages purged`);
  }
  await afterRollingRestart(paths);
  await outage(paths);
} finally {
  stack.resume();
  agent.destroy();
  await stack.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
