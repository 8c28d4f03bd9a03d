/**
 * A throwaway PostgreSQL server for the tests: Debian's `postgresql` package (any version under
 * /usr/lib/postgresql), a fresh cluster in a temporary folder on a free 127.0.0.1 port, removed at the
 * end. As root it runs as the `postgres` user (initdb refuses root) through `runuser`.
 * tests/postgres-setup.ts starts one for the whole run; a test that stops the server starts its own.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import pg from "pg";

import { freePort } from "../../scripts/lib/build.mjs";

const ROOT = "/usr/lib/postgresql";

/** The newest installed server's bin folder, or null when the package is not installed. */
export function postgresBinDir(): string | null {
  if (!fs.existsSync(ROOT)) return null;
  const versions = fs
    .readdirSync(ROOT)
    .filter((version) => fs.existsSync(path.join(ROOT, version, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(ROOT, versions[0], "bin") : null;
}

const isRoot = () => process.getuid?.() === 0;

function run(binDir: string, tool: string, args: string[]): void {
  const command = isRoot() ? "runuser" : path.join(binDir, tool);
  const commandArgs = isRoot() ? ["-u", "postgres", "--", path.join(binDir, tool), ...args] : args;
  const result = spawnSync(command, commandArgs, { encoding: "utf8", timeout: 60_000 });
  if (result.status !== 0) {
    throw new Error(`${tool} ${args.join(" ")} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
}

export interface ThrowawayPostgres {
  port: number;
  /** Connection string of database `name` (default `postgres`). */
  url(name?: string): string;
  /** Stops the server (fast: connections are cut), keeping its files for `resume`. */
  pause(): void;
  resume(): void;
  /** Stops the server and removes its folder. */
  remove(): void;
}

export async function startPostgres(): Promise<ThrowawayPostgres> {
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
  const options = `-p ${port} -k ${directory} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const start = () =>
    run(binDir, "pg_ctl", ["-D", data, "-o", options, "-l", path.join(directory, "log"), "-w", "start"]);
  const stop = () => run(binDir, "pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
  start();
  let running = true;
  return {
    port,
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
export async function createDatabase(adminUrl: string): Promise<string> {
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

/**
 * Every row of a database's own tables and pg-boss's, as text (the erasure audit and the migrations list
 * left out): what a grep for a person's data must not find after an erasure.
 */
export async function databaseText(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables
       WHERE schemaname IN ('public', 'pgboss') AND tablename NOT IN ('lead_erasure_audit', 'app_migration')`,
    );
    const texts: string[] = [];
    for (const { name } of tables) {
      const { rows } = await client.query<{ row: string }>(`SELECT t::text AS row FROM ${name} t`);
      texts.push(name, ...rows.map((row) => row.row));
    }
    return texts.join("\n");
  } finally {
    await client.end();
  }
}

/** The erasure audit rows of a database. */
export async function databaseErasureAudit(url: string): Promise<{ submissions: number; ids: string[] }[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ submissions: number; ids: string[] }>(
      "SELECT submissions, ids FROM lead_erasure_audit ORDER BY erased_at",
    );
    return rows;
  } finally {
    await client.end();
  }
}
