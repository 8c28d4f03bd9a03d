// `npm run bench:server`: throughput of the production server on cached pages against a bare node:http
// server sending the same bytes from memory (the ceiling). 127.0.0.1 only, one run, stops by itself.
// Target: cached pages reach at least 0.5 × the ceiling, with 0 errors at 200 connections.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

import autocannon from "autocannon";

import { ensureBuild, freePort, startProductionServer, waitForHttp } from "./lib/build.mjs";

const CONNECTIONS = 200;
const DURATION_S = Number(process.env.BENCH_DURATION_S) || 10;
const WARMUP_S = 2;
const MIN_RATIO = 0.5;
const PAGES = ["/sectores/construccion", "/", "/reformas-integrales"];
// What a browser sends; both servers answer it with the same brotli bytes.
const REQUEST_HEADERS = { "accept-encoding": "br, gzip, deflate", accept: "text/html" };

const CEILING_SOURCE = `
const http = require("node:http");
const fs = require("node:fs");
const [file, port, contentType, contentEncoding] = process.argv.slice(1);
const body = fs.readFileSync(file);
const headers = { "Content-Type": contentType, "Content-Length": body.length };
if (contentEncoding) headers["Content-Encoding"] = contentEncoding;
http.createServer((req, res) => { res.writeHead(200, headers); res.end(body); })
  .listen(Number(port), "127.0.0.1", () => console.log("ready"));
`;

async function startCeiling(body, contentType, contentEncoding) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-ceiling-"));
  const file = path.join(dir, "body");
  fs.writeFileSync(file, body);
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ["-e", CEILING_SOURCE, file, String(port), contentType, contentEncoding ?? ""],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(url, 10_000);
  return {
    url,
    stop() {
      child.kill("SIGTERM");
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function load(url, duration) {
  return autocannon({ url, connections: CONNECTIONS, duration, headers: REQUEST_HEADERS, timeout: 10 });
}

async function measure(url) {
  await load(url, WARMUP_S);
  const result = await load(url, DURATION_S);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    total: result.requests.total,
  };
}

const pad = (value, width) => String(value).padStart(width);

ensureBuild();
console.log(
  `Node ${process.version} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}; autocannon ${CONNECTIONS} connections, ${DURATION_S} s per run (after ${WARMUP_S} s warm-up), Accept-Encoding: ${REQUEST_HEADERS["accept-encoding"]}`,
);

const server = await startProductionServer();
const rows = [];
let pass = true;
try {
  for (const page of PAGES) {
    const url = `${server.baseUrl}${page}`;
    // Two requests: the first renders and fills the cache, the second must be a hit.
    await rawGet(url);
    const sample = await rawGet(url);
    const cacheStatus = sample.headers["x-cache"];
    const encoding = sample.headers["content-encoding"];
    const ceiling = await startCeiling(sample.body, sample.headers["content-type"], encoding);
    try {
      const production = await measure(url);
      const bare = await measure(ceiling.url);
      const ratio = production.rps / bare.rps;
      const ok =
        sample.status === 200 &&
        cacheStatus === "HIT" &&
        ratio >= MIN_RATIO &&
        production.errors === 0 &&
        bare.errors === 0;
      pass &&= ok;
      rows.push({ page, bytes: sample.body.length, encoding, cacheStatus, production, bare, ratio, ok });
    } finally {
      ceiling.stop();
    }
  }
} finally {
  await server.stop();
}

/** One GET with the benchmark's headers; the body exactly as sent on the wire (fetch would decode it). */
function rawGet(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: REQUEST_HEADERS }, (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });
}

console.log("");
console.log(
  `${"page".padEnd(24)} ${pad("bytes", 7)} ${pad("cache", 5)} | ${pad("server req/s", 12)} ${pad("p50 ms", 6)} ${pad("p99 ms", 6)} ${pad("errors", 6)} | ${pad("ceiling req/s", 13)} ${pad("p50 ms", 6)} ${pad("p99 ms", 6)} ${pad("errors", 6)} | ${pad("ratio", 5)}  result`,
);
for (const row of rows) {
  console.log(
    `${row.page.padEnd(24)} ${pad(row.bytes, 7)} ${pad(row.cacheStatus, 5)} | ${pad(Math.round(row.production.rps), 12)} ${pad(row.production.p50, 6)} ${pad(row.production.p99, 6)} ${pad(row.production.errors, 6)} | ${pad(Math.round(row.bare.rps), 13)} ${pad(row.bare.p50, 6)} ${pad(row.bare.p99, 6)} ${pad(row.bare.errors, 6)} | ${pad(row.ratio.toFixed(2), 5)}  ${row.ok ? "PASS" : "FAIL"}`,
  );
}
console.log("");
console.log(
  `Target: cached pages ≥ ${MIN_RATIO} × ceiling req/s, 0 errors at ${CONNECTIONS} connections, served from cache (X-Cache: HIT).`,
);
console.log(`bench:server ${pass ? "PASS" : "FAIL"}`);
process.exit(pass ? 0 : 1);
