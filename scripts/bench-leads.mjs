// `npm run bench:leads`: a spike of leads against one production server, on each store. 32 connections
// post valid contact leads for 20 s (BENCH_DURATION_S) to the server, whose two destinations are a local
// stand-in answering 200 at once; then the bench waits for every accepted lead to reach both. Prints per
// store: accepted leads/s, answer p50/p99, errors and 5xx, how many had reached both destinations when
// the posting ended, the drain time (last delivery after the posting's end), and the CPU time the server
// (and PostgreSQL) spent per lead, deliveries included. 127.0.0.1 only.
//
//   npm run bench:leads                  both stores (the spool in DATA_DIR, then a throwaway PostgreSQL)
//   npm run bench:leads -- spool         one of them (spool | postgres)
//   BENCH_CPU_PROF=dir                   the server runs with --cpu-prof, profiles written to dir
//   BENCH_PG_STATS=1                     PostgreSQL's top statements (pg_stat_statements) after the run
//
// Target: on both stores 0 errors, 0 × 5xx, and the last delivery at most 10 s after the posting ends.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import autocannon from "autocannon";
import pg from "pg";

import { ensureBuild, freePort, startProductionServer, waitForHttp } from "./lib/build.mjs";
import { createDatabase, postgresBinDir, startPostgres } from "./lib/postgres.mjs";
import { contactLead } from "./lib/proxy-stack.mjs";

const CONNECTIONS = 32;
const DURATION_S = Number(process.env.BENCH_DURATION_S) || 20;
const DRAIN_LIMIT_MS = 180_000;
const TARGET_DRAIN_MS = 10_000;
// The contact form's JSON post (what the enhanced form sends); it goes to both destinations.
const LEAD_PATH = "/?index&_data=routes%2F_index";
const LEAD_BODY = contactLead("Ana García");
const DESTINATIONS = 2;

// The destinations: answer 200 at once, record each (path, Idempotency-Key) pair and when the last came.
const STAND_IN_SOURCE = `
const http = require("node:http");
const pairs = new Set();
let requests = 0;
let last = 0;
http.createServer((req, res) => {
  if (req.method === "GET" && req.url === "/stats") {
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ requests, delivered: pairs.size, last }));
    return;
  }
  req.resume();
  req.on("end", () => {
    requests += 1;
    pairs.add(req.url + " " + req.headers["idempotency-key"]);
    last = Date.now();
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end("{}");
  });
}).listen(Number(process.argv[1]), "127.0.0.1", () => console.log("ready"));
`;

async function startDestinations() {
  const port = await freePort();
  const child = spawn(process.execPath, ["-e", STAND_IN_SOURCE, String(port)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/stats`, 10_000);
  return {
    env: { FORM_SERVICE_URL: `${url}/form-service`, AUTOMATION_WEBHOOK_URL: `${url}/automation` },
    async stats() {
      const response = await fetch(`${url}/stats`);
      return /** @type {{ requests: number; delivered: number; last: number }} */ (await response.json());
    },
    stop: () => child.kill("SIGTERM"),
  };
}

function post(url, duration) {
  return autocannon({
    url: `${url}${LEAD_PATH}`,
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: LEAD_BODY,
    connections: CONNECTIONS,
    duration,
    timeout: 10,
  });
}

const TICKS = 100; // USER_HZ on Linux

/** CPU seconds (user + system) a process used, with its waited-for children's when `children`. */
function cpuSeconds(pid, { children = false } = {}) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    // After "pid (comm) ": state is fields[0]; utime, stime, cutime, cstime are fields 11–14.
    const own = Number(fields[11]) + Number(fields[12]);
    return (own + (children ? Number(fields[13]) + Number(fields[14]) : 0)) / TICKS;
  } catch {
    return 0;
  }
}

/** CPU seconds of a PostgreSQL server: the postmaster, its live backends and the ones that exited. */
function postgresCpuSeconds(dataDirectory) {
  if (os.platform() !== "linux") return 0;
  let postmaster;
  try {
    postmaster = Number(fs.readFileSync(path.join(dataDirectory, "postmaster.pid"), "utf8").split("\n")[0]);
  } catch {
    return 0;
  }
  let total = cpuSeconds(postmaster, { children: true });
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = fs.readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1].split(" ");
      if (Number(fields[1]) === postmaster) total += cpuSeconds(entry);
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

async function topStatements(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT calls, round(total_exec_time::numeric, 0) AS total_ms, round(mean_exec_time::numeric, 3) AS mean_ms,
              left(regexp_replace(query, '\\s+', ' ', 'g'), 110) AS query
       FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT 12`,
    );
    console.table(rows);
  } finally {
    await client.end();
  }
}

async function benchStore(store) {
  const destinations = await startDestinations();
  let postgres = null;
  const env = {
    ...destinations.env,
    // Every post comes from 127.0.0.1: one rate-limit bucket, so the limit is lifted for the bench.
    FORM_RATE_LIMIT: "100000000",
  };
  const nodeArgs = process.env.BENCH_CPU_PROF
    ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`]
    : [];
  if (store === "postgres") {
    postgres = await startPostgres(
      process.env.BENCH_PG_STATS ? { shared_preload_libraries: "pg_stat_statements" } : {},
    );
    env.DATABASE_URL = await createDatabase(postgres.url());
    if (process.env.BENCH_PG_STATS) {
      const client = new pg.Client({ connectionString: env.DATABASE_URL });
      await client.connect();
      await client.query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
      await client.end();
    }
  }
  const server = await startProductionServer({ env, nodeArgs });
  try {
    // A short warm-up (JIT, pools), then the counters start from what it left.
    await post(server.baseUrl, 2);
    await waitForDrain(destinations, Date.now() + 60_000);
    const before = await destinations.stats();
    const cpuBefore = { server: cpuSeconds(server.pid), postgres: postgres ? postgresCpuSeconds(postgres.data) : 0 };
    if (process.env.BENCH_PG_STATS && env.DATABASE_URL) {
      const client = new pg.Client({ connectionString: env.DATABASE_URL });
      await client.connect();
      await client.query("SELECT pg_stat_statements_reset()");
      await client.end();
    }

    const result = await post(server.baseUrl, DURATION_S);
    const endedAt = Date.now();
    const atEnd = await destinations.stats();
    const accepted = result["2xx"];
    const expected = before.delivered + accepted * DESTINATIONS;
    const final = await waitForDrain(destinations, endedAt + DRAIN_LIMIT_MS, expected);
    const cpu = {
      server: cpuSeconds(server.pid) - cpuBefore.server,
      postgres: postgres ? postgresCpuSeconds(postgres.data) - cpuBefore.postgres : 0,
    };
    const deliveredAtEnd = Math.floor((atEnd.delivered - before.delivered) / DESTINATIONS);
    const report = {
      store,
      accepted,
      leadsPerSecond: Math.round((accepted / DURATION_S) * 10) / 10,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
      "5xx": result["5xx"],
      deliveredWhenPostingEnded: deliveredAtEnd,
      allDelivered: final.delivered >= expected,
      drainSeconds: final.delivered >= expected ? Math.max(0, (final.last - endedAt) / 1000) : null,
      duplicateRequests: final.requests - final.delivered,
      // CPU per accepted lead, its deliveries included: steadier than leads/s on a busy machine.
      serverCpuMsPerLead: accepted ? Math.round((cpu.server / accepted) * 1e4) / 10 : null,
      postgresCpuMsPerLead: postgres && accepted ? Math.round((cpu.postgres / accepted) * 1e4) / 10 : null,
    };
    if (process.env.BENCH_PG_STATS && env.DATABASE_URL) await topStatements(env.DATABASE_URL);
    return report;
  } finally {
    await server.stop();
    destinations.stop();
    postgres?.remove();
  }
}

/** Waits until the destinations hold `expected` pairs (or, without it, until they stop changing). */
async function waitForDrain(destinations, deadline, expected) {
  let stats = await destinations.stats();
  let unchangedSince = Date.now();
  while (Date.now() < deadline) {
    if (expected !== undefined && stats.delivered >= expected) return stats;
    await new Promise((resolve) => setTimeout(resolve, 100));
    const next = await destinations.stats();
    if (next.delivered !== stats.delivered) unchangedSince = Date.now();
    stats = next;
    if (expected === undefined && Date.now() - unchangedSince > 2_000) return stats;
  }
  return stats;
}

const wanted = process.argv[2];
const stores = wanted ? [wanted] : ["spool", "postgres"];
if (stores.some((store) => store !== "spool" && store !== "postgres")) {
  console.error("usage: npm run bench:leads -- [spool|postgres]");
  process.exit(2);
}
ensureBuild();
const reports = [];
for (const store of stores) {
  if (store === "postgres" && !postgresBinDir()) {
    console.log("postgres: skipped (no server under /usr/lib/postgresql; apt-get install postgresql)");
    continue;
  }
  console.log(`${store}: ${CONNECTIONS} connections for ${DURATION_S} s…`);
  const report = await benchStore(store);
  console.log(JSON.stringify(report));
  reports.push(report);
}
console.table(reports);
const failed = reports.filter(
  (report) =>
    report.errors > 0 ||
    report["5xx"] > 0 ||
    report.drainSeconds === null ||
    report.drainSeconds * 1000 > TARGET_DRAIN_MS,
);
for (const report of failed) {
  console.log(
    `${report.store}: target missed (0 errors, 0 × 5xx, last delivery ≤ ${TARGET_DRAIN_MS / 1000} s after the posting)`,
  );
}
process.exit(failed.length > 0 ? 1 : 0);
