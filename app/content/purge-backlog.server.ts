/**
 * Purges the shared cache in front has not taken yet (server/shared-cache-purge.ts), kept where they survive
 * the process from the moment a purge fails, not only at a clean shutdown: a SIGKILL, a crash or a lost
 * machine during a cache outage loses nothing (docs/decisions/0017-tags-that-survive-the-process.md).
 * With DATABASE_URL in a table every instance reads (`shared_cache_purge_backlog`), so any instance, a
 * replacement too, sends them once the cache answers; without it in a file of DATA_DIR/shared-cache/
 * that the instance's next start reads. Two instances sending the same purge is harmless: a tag's row is
 * removed only when a purge of it was delivered after the row was written, so none is lost.
 * Nothing here throws: a store that fails is logged (and, for the database, counted), and the file is
 * the database's fallback.
 */
import fs from "node:fs";
import path from "node:path";

import { databaseUrl } from "~/leads/config.server";
import { type Database, sharedDatabase, TABLES } from "~/leads/database.server";
import { log } from "~/lib/log.server";
import { countSharedCacheMemoryError } from "~/metrics/metrics.server";

export interface PurgeBacklog {
  /** These tags' purge could not be delivered (yet): kept, with the time now. */
  add(tags: readonly string[]): Promise<void>;
  /** A purge of these tags was delivered, begun at `since` (ms): the ones kept before then go. */
  delivered(tags: readonly string[], since: number): Promise<void>;
  /** Every tag waiting (every instance's, in the database). */
  read(): Promise<string[]>;
}

/** What a tag is (the purger sends nothing else); a line or row that is not one is skipped. */
const TAG = /^[\x21-\x7e]{1,256}$/;
/** Tags read at most: past it the purger purges everything anyway (its own bound is lower). */
const READ_MAX = 20_000;
const READY_WAIT_MS = 3_000;
/**
 * A row removed by a delivery must have been written this long before the delivered purge began, so that
 * instances whose clocks differ a little never remove a newer one (it is sent again instead).
 */
const CLOCK_MARGIN_MS = 1_000;

/** The backlog in one file (`<tag> <ms>` per line; a line without its time, from an older version, is 0). */
export function fileBacklog(file: string): PurgeBacklog {
  const parse = (): Map<string, number> => {
    const kept = new Map<string, number>();
    let text = "";
    try {
      text = fs.readFileSync(file, "utf8");
    } catch {
      return kept;
    }
    for (const line of text.split("\n")) {
      const [tag, at] = line.split(" ");
      if (tag && TAG.test(tag)) kept.set(tag, Math.max(kept.get(tag) ?? 0, Number(at) || 0));
    }
    return kept;
  };
  const save = (kept: Map<string, number>) => {
    try {
      if (kept.size === 0) {
        fs.rmSync(file, { force: true });
        return;
      }
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(temporary, [...kept].map(([tag, at]) => `${tag} ${at}\n`).join(""), { mode: 0o600 });
      fs.renameSync(temporary, file);
    } catch (error) {
      log("error", "shared cache purges not delivered and not kept", { tags: kept.size, error: String(error) });
    }
  };
  return {
    async add(tags) {
      const kept = parse();
      const now = Date.now();
      for (const tag of tags) if (TAG.test(tag)) kept.set(tag, now);
      save(kept);
    },
    async delivered(tags, since) {
      const kept = parse();
      let removed = false;
      for (const tag of tags)
        if ((kept.get(tag) ?? Infinity) <= since) {
          kept.delete(tag);
          removed = true;
        }
      if (removed) save(kept);
    },
    async read() {
      return [...parse().keys()].slice(0, READ_MAX);
    },
  };
}

/** The backlog in the database every instance shares; `fallback` keeps what the database cannot take. */
export function postgresBacklog(database: Database, fallback: PurgeBacklog): PurgeBacklog {
  const table = TABLES.sharedCachePurgeBacklog;
  const failed = (operation: "load" | "write", error: unknown) => {
    countSharedCacheMemoryError(operation);
    const msg =
      operation === "load"
        ? "shared cache purges not delivered yet could not be read from the database"
        : "shared cache purges not delivered yet could not be written to the database";
    log("error", msg, { error: String(error) });
  };
  const ready = async () => {
    if (!(await database.readyWithin(READY_WAIT_MS))) throw new Error("database not ready");
  };
  return {
    async add(tags) {
      const kept = tags.filter((tag) => TAG.test(tag));
      if (!kept.length) return;
      try {
        await ready();
        await database.pool.query(
          `INSERT INTO ${table} (tag, added_at) SELECT tag, $2 FROM unnest($1::text[]) AS row(tag)
           ON CONFLICT (tag) DO UPDATE SET added_at = GREATEST(${table}.added_at, EXCLUDED.added_at)`,
          [[...new Set(kept)], Date.now()],
        );
      } catch (error) {
        failed("write", error);
        await fallback.add(kept);
      }
    },
    async delivered(tags, since) {
      if (!tags.length) return;
      await fallback.delivered(tags, since);
      try {
        await ready();
        await database.pool.query(`DELETE FROM ${table} WHERE tag = ANY($1::text[]) AND added_at <= $2`, [
          [...tags],
          Math.floor(since - CLOCK_MARGIN_MS),
        ]);
      } catch (error) {
        // Kept: sent again later, which is harmless.
        failed("write", error);
      }
    },
    async read() {
      const own = await fallback.read();
      try {
        await ready();
        const { rows } = await database.pool.query<{ tag: string }>(`SELECT tag FROM ${table} LIMIT $1`, [READ_MAX]);
        return [...new Set([...own, ...rows.map((row) => row.tag).filter((tag) => TAG.test(tag))])];
      } catch (error) {
        failed("load", error);
        return own;
      }
    },
  };
}

/**
 * The process's backlog: in the database with DATABASE_URL (`file` its fallback), in `file` otherwise
 * (DATA_DIR/shared-cache/undelivered-purges-<instance>.txt, server.ts).
 */
export function purgeBacklog(file: string): PurgeBacklog {
  const url = databaseUrl();
  const own = fileBacklog(file);
  return url ? postgresBacklog(sharedDatabase(url), own) : own;
}
