/**
 * A throwaway PostgreSQL server for the tests (scripts/lib/postgres.mjs, shared with `npm run
 * bench:leads`), typed. tests/postgres-setup.ts starts one for the whole run; a test that stops the
 * server starts its own.
 */
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
