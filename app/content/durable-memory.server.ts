/**
 * A small durable map of what pages were tagged with, which must outlive the process that rendered them,
 * since a shared cache in front keeps a page a day (docs/decisions/0017-tags-that-survive-the-process.md).
 * Two implementations, chosen in one place (`sharedCacheMemory`): with DATABASE_URL, a table every
 * instance shares (`postgresMemory`), so a brand-new instance knows what any other rendered; without it,
 * files in DATA_DIR/shared-cache/ (`durableMemory`), shared by the instances that share DATA_DIR.
 *
 * The files: each process appends to a file of its own (`<namespace>-<host>-<port>.ndjson`, the same name across its restarts), one JSON line per
 * write `{"k":key,"v":value|null,"at":ms}`; a reader merges every file of the namespace, the latest line
 * of a key winning (null: deleted). A process compacts only its own file (written aside, renamed over it),
 * keeping the newest `max` keys of the merge, so no two processes ever rewrite the same file. Appends are
 * batched and never throw; a line that cannot be parsed is skipped.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { databaseUrl } from "~/leads/config.server";
import { type Database, sharedDatabase, TABLES } from "~/leads/database.server";
import { dataDir, sharedCacheInFront } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import { countSharedCacheMemoryError } from "~/metrics/metrics.server";

interface Line {
  k: string;
  v: unknown;
  at: number;
}

export interface DurableMemory<V> {
  /**
   * Every live key and value of the namespace, as every process wrote them (read now, this process's
   * writes included), oldest first; null when it could not be read (logged and counted). Never rejects.
   */
  load(): Promise<Map<string, V> | null>;
  /** Records a value (null: forget the key); written in the background. */
  set(key: string, value: V | null): void;
  /** Resolves once every write so far reached the file (tests, shutdown). */
  flush(): Promise<void>;
}

const SAFE = /[^a-zA-Z0-9._-]+/g;

export function durableMemory<V>(
  directory: string,
  namespace: string,
  { max, owner = `${os.hostname()}-${process.env.PORT ?? "0"}` }: { max: number; owner?: string },
): DurableMemory<V> {
  const prefix = `${namespace}-`;
  const file = path.join(directory, `${prefix}${owner.replace(SAFE, "_")}.ndjson`);
  let queued: string[] = [];
  let writing: Promise<void> = Promise.resolve();
  let appended = 0;
  let live = 0;

  const readAll = (): Map<string, Line> => {
    const latest = new Map<string, Line>();
    let names: string[] = [];
    try {
      names = fs.readdirSync(directory).filter((name) => name.startsWith(prefix) && name.endsWith(".ndjson"));
    } catch {
      return latest;
    }
    for (const name of names) {
      let text = "";
      try {
        text = fs.readFileSync(path.join(directory, name), "utf8");
      } catch {
        continue;
      }
      for (const raw of text.split("\n")) {
        if (!raw) continue;
        let line: Line;
        try {
          line = JSON.parse(raw) as Line;
        } catch {
          continue;
        }
        if (typeof line?.k !== "string" || typeof line.at !== "number") continue;
        const before = latest.get(line.k);
        if (!before || before.at <= line.at) latest.set(line.k, line);
      }
    }
    return latest;
  };

  const newest = (lines: Map<string, Line>): Line[] =>
    [...lines.values()]
      .filter((line) => line.v !== null && line.v !== undefined)
      .sort((a, b) => b.at - a.at)
      .slice(0, max);

  const compact = () => {
    const kept = newest(readAll());
    const temporary = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, kept.map((line) => JSON.stringify(line)).join("\n") + (kept.length ? "\n" : ""), {
      mode: 0o600,
    });
    fs.renameSync(temporary, file);
    appended = 0;
    live = kept.length;
  };

  const write = async () => {
    const lines = queued;
    queued = [];
    if (!lines.length) return;
    try {
      await fs.promises.mkdir(directory, { recursive: true });
      await fs.promises.appendFile(file, `${lines.join("\n")}\n`, { encoding: "utf8", mode: 0o600 });
      appended += lines.length;
      // Its own file only, and only once it holds far more lines than keys.
      if (appended > Math.max(1_000, 2 * live)) compact();
    } catch (error) {
      log("error", "shared cache tag memory not written", { error: String(error) });
    }
  };

  return {
    async load() {
      await writing;
      const lines = newest(readAll());
      live = lines.length;
      return new Map(lines.reverse().map((line) => [line.k, line.v as V]));
    },
    set(key, value) {
      queued.push(JSON.stringify({ k: key, v: value, at: Date.now() } satisfies Line));
      if (queued.length === 1)
        writing = writing.then(() => new Promise((resolve) => setImmediate(resolve))).then(write);
    },
    flush() {
      return writing.then(write);
    },
  };
}

/** Rows per INSERT (a batch after a busy minute can hold thousands). */
const WRITE_CHUNK = 1_000;
/** How long a forgotten key's row is kept, so that an older write arriving late cannot bring it back. */
const FORGOTTEN_KEPT_MS = 10 * 60_000;
/** A write the database refused is tried again this much later (the rows wait in memory, bounded). */
const RETRY_WRITE_MS = 5_000;
/** How long a load or write waits for a database that is still starting. */
const READY_WAIT_MS = 3_000;

/** A key as a text column holds it: a query's key has a NUL, which PostgreSQL's text refuses. */
const escapeKey = (key: string) => key.replace(/%/g, "%25").replace(/\0/g, "%00");
const unescapeKey = (key: string) => key.replace(/%(25|00)/g, (_, code) => (code === "25" ? "%" : "\0"));

/**
 * The memory in PostgreSQL (`shared_cache_memory`, app/leads/database.server.ts), shared by every instance
 * on the database: one row per (namespace, key), upserted in batches, the newest `at` winning (a null
 * value forgets the key). Past `max` live rows the oldest go (checked once every `max / 4` rows written),
 * so a namespace stays bounded as the files are. A database that fails is logged and counted, never
 * thrown: `load` answers null, and what could not be written waits (the newest per key) and is tried again.
 */
export function postgresMemory<V>(
  database: Database,
  namespace: string,
  { max, now = Date.now }: { max: number; now?: () => number },
): DurableMemory<V> {
  const table = TABLES.sharedCacheMemory;
  let queued = new Map<string, Line>();
  let writing: Promise<void> = Promise.resolve();
  let retry: NodeJS.Timeout | null = null;
  let sincePrune = 0;

  const failed = (operation: "load" | "write", error: unknown) => {
    countSharedCacheMemoryError(operation);
    log("error", `shared cache tag memory not ${operation === "load" ? "read" : "written"} (database)`, {
      namespace,
      error: String(error),
    });
  };
  const ready = async () => {
    if (!(await database.readyWithin(READY_WAIT_MS))) throw new Error("database not ready");
  };

  const prune = async () => {
    await database.pool.query(`DELETE FROM ${table} WHERE namespace = $1 AND value IS NULL AND at < $2`, [
      namespace,
      now() - FORGOTTEN_KEPT_MS,
    ]);
    await database.pool.query(
      `DELETE FROM ${table} WHERE namespace = $1 AND key IN (
         SELECT key FROM ${table} WHERE namespace = $1 AND value IS NOT NULL ORDER BY at DESC, key OFFSET $2)`,
      [namespace, max],
    );
  };

  const write = async () => {
    const lines = [...queued.values()];
    queued = new Map();
    if (!lines.length) return;
    try {
      await ready();
      for (let start = 0; start < lines.length; start += WRITE_CHUNK) {
        const chunk = lines.slice(start, start + WRITE_CHUNK);
        await database.pool.query(
          `INSERT INTO ${table} (namespace, key, value, at)
           SELECT $1, k, v, a FROM unnest($2::text[], $3::text[], $4::bigint[]) AS row(k, v, a)
           ON CONFLICT (namespace, key) DO UPDATE SET value = EXCLUDED.value, at = EXCLUDED.at
           WHERE ${table}.at <= EXCLUDED.at`,
          [
            namespace,
            chunk.map((line) => escapeKey(line.k)),
            chunk.map((line) => (line.v === null || line.v === undefined ? null : JSON.stringify(line.v))),
            chunk.map((line) => line.at),
          ],
        );
      }
      sincePrune += lines.length;
      if (sincePrune > Math.max(100, max / 4)) {
        sincePrune = 0;
        await prune();
      }
    } catch (error) {
      failed("write", error);
      // Kept for the next try, the newest line of a key winning, never more than `max` keys.
      for (const line of lines) {
        const later = queued.get(line.k);
        if (!later || later.at < line.at) queued.set(line.k, line);
      }
      if (queued.size > max)
        queued = new Map(
          [...queued.values()]
            .sort((a, b) => b.at - a.at)
            .slice(0, max)
            .map((line) => [line.k, line]),
        );
      retry ??= setTimeout(() => {
        retry = null;
        writing = writing.then(write);
      }, RETRY_WRITE_MS);
      retry.unref();
    }
  };

  return {
    async load() {
      try {
        await writing;
        await ready();
        const { rows } = await database.pool.query<{ key: string; value: string }>(
          `SELECT key, value FROM ${table} WHERE namespace = $1 AND value IS NOT NULL ORDER BY at DESC, key LIMIT $2`,
          [namespace, max],
        );
        const loaded = new Map<string, V>();
        for (const row of rows.reverse()) {
          try {
            loaded.set(unescapeKey(row.key), JSON.parse(row.value) as V);
          } catch {
            // A row no writer of this app made: skipped, as a line that cannot be parsed is in a file.
          }
        }
        return loaded;
      } catch (error) {
        failed("load", error);
        return null;
      }
    },
    set(key, value) {
      queued.set(key, { k: key, v: value, at: now() });
      if (queued.size === 1) writing = writing.then(() => new Promise((resolve) => setImmediate(resolve))).then(write);
    },
    flush() {
      return writing.then(write);
    },
  };
}

/**
 * The process's memory for `namespace` with a shared cache in front (SHARED_CACHE_PURGE_URL), or null
 * without one (nothing outlives the process: the page cache goes with it). With DATABASE_URL it lives in
 * the database every instance shares; otherwise in DATA_DIR/shared-cache/.
 */
export function sharedCacheMemory<V>(namespace: string, { max }: { max: number }): DurableMemory<V> | null {
  if (!sharedCacheInFront()) return null;
  const url = databaseUrl();
  return url
    ? postgresMemory<V>(sharedDatabase(url), namespace, { max })
    : durableMemory<V>(path.join(dataDir(), "shared-cache"), namespace, { max });
}
