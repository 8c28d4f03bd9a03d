/**
 * A throwaway PostgreSQL server for the tests (scripts/lib/postgres.mjs, shared with `npm run
 * bench:leads`), typed. tests/postgres-setup.ts starts one for the whole run; a test that stops the
 * server starts its own.
 */
import pg from "pg";

import * as throwaway from "../../scripts/lib/postgres.mjs";

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

/** The newest installed server's bin folder, or null when the package is not installed. */
export const postgresBinDir: () => string | null = throwaway.postgresBinDir;

/** A fresh cluster on a free 127.0.0.1 port; `settings` are extra server settings (`-c name=value`). */
export const startPostgres: (settings?: Record<string, string>) => Promise<ThrowawayPostgres> = throwaway.startPostgres;

/** A new empty database on the server at `adminUrl`; resolves to its connection string. */
export const createDatabase: (adminUrl: string) => Promise<string> = throwaway.createDatabase;

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
