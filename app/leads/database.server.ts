/**
 * The PostgreSQL side of the lead store (DATABASE_URL): one connection pool per process, shared by the
 * submissions, their delivery queue (pg-boss), the rate limit and the experiment counts, and the app's
 * own tables with their versioned migrations.
 *
 * Migrations run at start inside one transaction holding a transaction-level advisory lock, so instances
 * starting together apply each version once and the others wait, then find it applied. A migration is
 * never edited once shipped: a change is a new version at the end of MIGRATIONS.
 */
import pg from "pg";

import { log } from "~/lib/log.server";
import { singleton } from "~/lib/singleton.server";

import { databasePoolMax } from "./config.server";

/** Tables the app owns (pg-boss keeps its own in the `pgboss` schema). */
export const TABLES = {
  submission: "lead_submission",
  delivery: "lead_delivery",
  rateLimit: "form_rate_limit",
  experimentCount: "experiment_count",
  experimentConversion: "experiment_conversion",
  experimentVisitor: "experiment_visitor",
  erasureAudit: "lead_erasure_audit",
  sharedCacheMemory: "shared_cache_memory",
  sharedCachePurgeBacklog: "shared_cache_purge_backlog",
  migration: "app_migration",
} as const;

export const MIGRATIONS: readonly { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: "submissions, deliveries, rate limit, experiment counts",
    sql: `
      CREATE TABLE ${TABLES.submission} (
        id uuid PRIMARY KEY,
        form text NOT NULL,
        created_at timestamptz NOT NULL,
        payload jsonb NOT NULL,
        stored_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE ${TABLES.delivery} (
        submission_id uuid NOT NULL REFERENCES ${TABLES.submission} (id),
        destination text NOT NULL,
        state text NOT NULL CHECK (state IN ('pending', 'delivered', 'failed')),
        -- true while a pg-boss job carries this delivery; false while it waits for one (re-queued,
        -- imported, or its destination not configured where it ran)
        queued boolean NOT NULL DEFAULT false,
        attempts integer NOT NULL DEFAULT 0,
        last_attempt_at timestamptz,
        last_error text,
        delivered_at timestamptz,
        PRIMARY KEY (submission_id, destination)
      );
      CREATE INDEX lead_delivery_open ON ${TABLES.delivery} (state, queued) WHERE state <> 'delivered';
      -- rate-limiter-flexible's PostgreSQL store, created here so no instance creates it at run time.
      CREATE TABLE ${TABLES.rateLimit} (
        key varchar(255) PRIMARY KEY,
        points integer NOT NULL DEFAULT 0,
        expire bigint
      );
      CREATE TABLE ${TABLES.experimentCount} (
        experiment text NOT NULL,
        variant text NOT NULL,
        visitors bigint NOT NULL DEFAULT 0,
        leads bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (experiment, variant)
      );
    `,
  },
  {
    version: 2,
    name: "personal data: lookups by email, retention by age, the erasure audit",
    sql: `
      CREATE INDEX lead_submission_email ON ${TABLES.submission} (lower(btrim(payload->>'email')));
      CREATE INDEX lead_submission_created ON ${TABLES.submission} (created_at);
      -- One row per erasure: when, how many, which ids; never the address.
      CREATE TABLE ${TABLES.erasureAudit} (
        erased_at timestamptz NOT NULL DEFAULT now(),
        submissions integer NOT NULL,
        ids text[] NOT NULL
      );
    `,
  },
  {
    version: 3,
    name: "experiment conversions: one per browser and experiment",
    sql: `
      ALTER TABLE ${TABLES.experimentCount} ADD COLUMN conversions bigint NOT NULL DEFAULT 0;
      -- The random id of a converted browser's experiment cookie, kept only while its experiment is in
      -- content (the counter forgets the rest), so that a browser converts once per experiment.
      CREATE TABLE ${TABLES.experimentConversion} (
        experiment text NOT NULL,
        browser text NOT NULL,
        PRIMARY KEY (experiment, browser)
      );
    `,
  },
  {
    version: 4,
    name: "experiment assignments: only a browser the server assigned converts",
    sql: `
      -- The random id the server gave a browser with its variant, written when it counts the visitor and
      -- kept only while its experiment is in content. A lead converts only an id recorded here for its
      -- variant. Browsers assigned before this version have no row: their later leads count, converting nobody.
      CREATE TABLE ${TABLES.experimentVisitor} (
        experiment text NOT NULL,
        browser text NOT NULL,
        variant text NOT NULL,
        PRIMARY KEY (experiment, browser)
      );
    `,
  },
  {
    version: 5,
    name: "the shared cache's memory of tagged results and its undelivered purges",
    sql: `
      -- What pages were tagged with (app/content/durable-memory.server.ts): one row per (namespace, key),
      -- the newest "at" (the writer's clock, ms) winning; a null value forgets the key. Bounded by the
      -- writers to the newest entries of each namespace. Keys are escaped and values are JSON text, as
      -- neither text nor jsonb holds the NUL a query's key has.
      CREATE TABLE ${TABLES.sharedCacheMemory} (
        namespace text NOT NULL,
        key text NOT NULL,
        value text,
        at bigint NOT NULL,
        PRIMARY KEY (namespace, key)
      );
      CREATE INDEX shared_cache_memory_newest ON ${TABLES.sharedCacheMemory} (namespace, at DESC);
      -- Tags whose purge the shared cache has not taken yet (app/content/purge-backlog.server.ts): any
      -- instance sends them once it answers, then removes the rows added before it did.
      CREATE TABLE ${TABLES.sharedCachePurgeBacklog} (
        tag text PRIMARY KEY,
        added_at bigint NOT NULL
      );
    `,
  },
];

/** Any fixed 64-bit number naming this app's migration lock. */
const MIGRATION_LOCK = 7_310_425_118_204_003;

export function createPool(url: string): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: databasePoolMax(),
    // A database that does not answer must cost a visitor seconds, not minutes: the lead then goes to
    // the spool and the rate limit to memory.
    connectionTimeoutMillis: 3_000,
    query_timeout: 10_000,
    idleTimeoutMillis: 30_000,
    application_name: "leads-b2b-site",
  });
  // An idle connection the server dropped (a restart, a network cut) is only logged: the pool reconnects.
  pool.on("error", (error) => log("warn", "database connection lost", { error: String(error) }));
  return pool;
}

/** Runs `work` in one transaction on one connection: committed when it resolves, rolled back when it throws. */
export async function transaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  // A checked-out client whose connection drops emits 'error'; unheard, that would end the process. The
  // query under way fails on its own, so the transaction is refused and the caller falls back.
  let lost: Error | undefined;
  const onError = (error: Error) => {
    lost = error;
    log("warn", "database connection lost", { error: String(error) });
  };
  client.on("error", onError);
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.removeListener("error", onError);
    // A broken connection is closed instead of going back to the pool.
    client.release(lost);
  }
}

/** Applies the migrations this database lacks; safe when several instances start together. */
export async function migrate(pool: pg.Pool): Promise<number[]> {
  const added = await transaction(pool, async (client) => {
    await client.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${TABLES.migration} (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const { rows } = await client.query<{ version: number }>(`SELECT version FROM ${TABLES.migration}`);
    const applied = new Set(rows.map((row) => row.version));
    const versions: number[] = [];
    for (const migration of MIGRATIONS) {
      if (applied.has(migration.version)) continue;
      await client.query(migration.sql);
      await client.query(`INSERT INTO ${TABLES.migration} (version, name) VALUES ($1, $2)`, [
        migration.version,
        migration.name,
      ]);
      versions.push(migration.version);
    }
    return versions;
  });
  if (added.length > 0) log("info", "database migrated", { versions: added });
  return added;
}

export interface Database {
  readonly pool: pg.Pool;
  /** Resolves once the tables are there; retried in the background until the database answers. */
  ready(): Promise<void>;
  /** True once migrations ran in this process. */
  readonly isReady: boolean;
  /** Waits for ready() at most `ms`: false when the database has not answered by then. */
  readyWithin(ms: number): Promise<boolean>;
  close(): Promise<void>;
}

const RETRY_MIGRATION_MS = 2_000;

/** A pool whose migrations run at first use and again every 2 s while the database cannot be reached. */
export function openDatabase(url: string): Database {
  const pool = createPool(url);
  let readyPromise: Promise<void> | null = null;
  let isReady = false;
  let closed = false;
  const attempt = (): Promise<void> =>
    migrate(pool).then(
      () => {
        isReady = true;
      },
      async (error: unknown) => {
        if (closed) throw error;
        log("warn", "database not ready; retrying", { error: String(error) });
        await new Promise((resolve) => setTimeout(resolve, RETRY_MIGRATION_MS).unref());
        return attempt();
      },
    );
  return {
    pool,
    get isReady() {
      return isReady;
    },
    ready() {
      readyPromise ??= attempt();
      return readyPromise;
    },
    async readyWithin(ms) {
      if (isReady) return true;
      let timer: NodeJS.Timeout | undefined;
      const ready = await Promise.race([
        this.ready().then(() => true),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms))),
      ]).catch(() => false);
      clearTimeout(timer);
      return ready;
    },
    async close() {
      closed = true;
      await pool.end().catch(() => undefined);
    },
  };
}

const databaseSlot = (): { current?: { url: string; database: Database } } => singleton("database", () => ({}));

/**
 * The process's database for DATABASE_URL (one pool for the lead store, the rate limiter and the
 * experiment counter). A different URL (tests) opens a new one.
 */
export function sharedDatabase(url: string): Database {
  const slot = databaseSlot();
  const current = slot.current;
  if (current && current.url === url) return current.database;
  void current?.database.close();
  const database = openDatabase(url);
  slot.current = { url, database };
  return database;
}

/** Closes the process's pool (shutdown, tests); the next use opens a new one. */
export async function closeSharedDatabase(): Promise<void> {
  const slot = databaseSlot();
  const current = slot.current;
  slot.current = undefined;
  await current?.database.close();
}
