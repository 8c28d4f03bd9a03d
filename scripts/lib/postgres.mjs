// A throwaway PostgreSQL server for the tests and `npm run bench:leads`: Debian's `postgresql` package
// (any version under /usr/lib/postgresql), a fresh cluster in a temporary folder on a free 127.0.0.1
// port, removed at the end. As root it runs as the `postgres` user (initdb refuses root) through
// `runuser`. tests/support/postgres.ts gives it its types.
import { execFileSync, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import pg from "pg";

import { freePort } from "./build.mjs";

const ROOT = "/usr/lib/postgresql";

/** The newest installed server's bin folder, or null when the package is not installed. */
export function postgresBinDir() {
  if (!fs.existsSync(ROOT)) return null;
  const versions = fs
    .readdirSync(ROOT)
    .filter((version) => fs.existsSync(path.join(ROOT, version, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(ROOT, versions[0], "bin") : null;
}

const isRoot = () => process.getuid?.() === 0;

function run(binDir, tool, args) {
  const command = isRoot() ? "runuser" : path.join(binDir, tool);
  const commandArgs = isRoot() ? ["-u", "postgres", "--", path.join(binDir, tool), ...args] : args;
  const result = spawnSync(command, commandArgs, { encoding: "utf8", timeout: 60_000 });
  if (result.status !== 0) {
    throw new Error(`${tool} ${args.join(" ")} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
}

/**
 * Starts a server; `settings` are extra `-c name=value` server settings. Resolves to
 * { port, data, url(name = "postgres"), pause(), resume(), remove() }: pause stops it fast keeping its files,
 * remove stops it and deletes its folder.
 */
export async function startPostgres(settings = {}) {
  const binDir = postgresBinDir();
  if (!binDir) throw new Error("PostgreSQL is not installed (Debian package postgresql)");
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "site-pg-"));
  const data = path.join(directory, "data");
  if (isRoot()) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    fs.chownSync(directory, uid, gid);
  }
  run(binDir, "initdb", ["-D", data, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8"]);
  const port = await freePort();
  const extra = Object.entries(settings).map(([name, value]) => ` -c ${name}=${value}`);
  const options = `-p ${port} -k ${directory} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200${extra.join("")}`;
  const start = () =>
    run(binDir, "pg_ctl", ["-D", data, "-o", options, "-l", path.join(directory, "log"), "-w", "start"]);
  const stop = () => run(binDir, "pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
  start();
  let running = true;
  return {
    port,
    /** The server's data folder (its postmaster.pid names the main process). */
    data,
    url: (name = "postgres") => `postgres://postgres@127.0.0.1:${port}/${name}`,
    pause() {
      if (running) stop();
      running = false;
    },
    resume() {
      if (!running) start();
      running = true;
    },
    remove() {
      try {
        if (running) stop();
      } finally {
        running = false;
        fs.rmSync(directory, { recursive: true, force: true });
      }
    },
  };
}

/** A new empty database on the server at `adminUrl`; resolves to its connection string. */
export async function createDatabase(adminUrl) {
  const name = `t_${randomUUID().replaceAll("-", "")}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
