/**
 * Experiment counts: how many browsers each variant of an A/B experiment was shown to (counted once, when
 * the browser is assigned) and how many leads a variant's page brought (counted when a lead is accepted).
 * They live with the submissions, so they survive restarts.
 *
 * Counting never blocks or fails a visitor's request: `countVisitor` and `countLead` return at once and
 * never throw; the increments are written in the background. The embedded store appends one JSON line
 * per count to DATA_DIR/experiments/counts.ndjson (appends of one short line are atomic, so a crash
 * loses at most what was not yet flushed, a fraction of a second). With DATABASE_URL, every instance
 * adds its increments, batched, to one row per (experiment, variant) in the database.
 */
import { promises as fs } from "node:fs";
import path from "node:path";

import { log } from "~/lib/log.server";

import { type Database, TABLES } from "./database.server";

export type ExperimentEvent = "visitor" | "lead";

export interface ExperimentCount {
  experiment: string;
  variant: string;
  visitors: number;
  leads: number;
}

export interface ExperimentCounter {
  /** A browser was assigned this variant (call once per browser). Returns at once, never throws. */
  countVisitor(experiment: string, variant: string): void;
  /** A lead sent from this variant's page was accepted. Returns at once, never throws. */
  countLead(experiment: string, variant: string): void;
  /** Totals per (experiment, variant), counts not yet written included. */
  readCounts(): Promise<ExperimentCount[]>;
  /** Writes what is buffered (shutdown, tests). */
  flush(): Promise<void>;
}

const FLUSH_DELAY_MS = 250;
/** Keys are content keys (`titular-reformas`, `a`): anything longer or odd is not ours and is not counted. */
const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/i;

export function isCountableKey(key: unknown): key is string {
  return typeof key === "string" && KEY_PATTERN.test(key);
}

interface CountLine {
  e: string;
  v: string;
  t: ExperimentEvent;
}

function parseLine(line: string): CountLine | null {
  try {
    const value = JSON.parse(line) as Partial<CountLine>;
    if (isCountableKey(value.e) && isCountableKey(value.v) && (value.t === "visitor" || value.t === "lead")) {
      return { e: value.e, v: value.v, t: value.t };
    }
  } catch {
    // A torn last line (a crash mid-append) or a foreign line is skipped, never fatal.
  }
  return null;
}

/** Sums count lines into totals, sorted by experiment then variant. Pure; exported for tests and the CLI. */
export function sumCountLines(text: string): ExperimentCount[] {
  const totals = new Map<string, ExperimentCount>();
  for (const line of text.split("\n")) {
    const parsed = line.trim() ? parseLine(line) : null;
    if (!parsed) continue;
    const id = `${parsed.e}\u0000${parsed.v}`;
    const total = totals.get(id) ?? { experiment: parsed.e, variant: parsed.v, visitors: 0, leads: 0 };
    if (parsed.t === "visitor") total.visitors += 1;
    else total.leads += 1;
    totals.set(id, total);
  }
  return [...totals.values()].sort(
    (a, b) => a.experiment.localeCompare(b.experiment) || a.variant.localeCompare(b.variant),
  );
}

export function experimentCountsFile(directory: string): string {
  return path.join(directory, "experiments", "counts.ndjson");
}

/**
 * What every store's counter shares: keys checked, increments kept in memory and written in the
 * background FLUSH_DELAY_MS later, one write at a time, in order.
 */
abstract class BatchedExperimentCounter<Batch> implements ExperimentCounter {
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  countVisitor(experiment: string, variant: string): void {
    this.count(experiment, variant, "visitor");
  }

  countLead(experiment: string, variant: string): void {
    this.count(experiment, variant, "lead");
  }

  private count(experiment: string, variant: string, type: ExperimentEvent): void {
    if (!isCountableKey(experiment) || !isCountableKey(variant)) return;
    this.keep(experiment, variant, type);
    this.flushIn(FLUSH_DELAY_MS);
  }

  /** Schedules a flush, unless one is already scheduled. */
  protected flushIn(ms: number): void {
    if (this.timer) return;
    this.timer = setTimeout(() => void this.flush(), ms);
    this.timer.unref();
  }

  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.take();
    if (batch !== null) this.writing = this.writing.then(() => this.write(batch));
    return this.writing;
  }

  /** Keeps one increment in memory. */
  protected abstract keep(experiment: string, variant: string, type: ExperimentEvent): void;
  /** Everything kept (now forgotten), or null when nothing is. */
  protected abstract take(): Batch | null;
  /** Stores a batch; when it cannot, keeps it for the next flush. Never throws. */
  protected abstract write(batch: Batch): Promise<void>;
  abstract readCounts(): Promise<ExperimentCount[]>;
}

/** The embedded store's counter: an append-only file under DATA_DIR. */
export class FileExperimentCounter extends BatchedExperimentCounter<string[]> {
  private readonly file: string;
  private buffer: string[] = [];

  constructor(directory: string) {
    super();
    this.file = experimentCountsFile(directory);
  }

  protected keep(experiment: string, variant: string, type: ExperimentEvent): void {
    this.buffer.push(JSON.stringify({ e: experiment, v: variant, t: type, at: new Date().toISOString() }));
  }

  protected take(): string[] | null {
    const lines = this.buffer;
    this.buffer = [];
    return lines.length > 0 ? lines : null;
  }

  protected write(lines: string[]): Promise<void> {
    return this.append(lines);
  }

  private async append(lines: string[]): Promise<void> {
    try {
      await fs.mkdir(path.dirname(this.file), { recursive: true, mode: 0o700 });
      await fs.appendFile(this.file, `${lines.join("\n")}\n`, { encoding: "utf8", mode: 0o600 });
    } catch (error) {
      // Kept in memory for the next flush: a full disk costs no visitor anything.
      this.buffer.unshift(...lines);
      log("error", "experiment counts not written", { error: String(error), pending: this.buffer.length });
    }
  }

  async readCounts(): Promise<ExperimentCount[]> {
    await this.flush();
    let text = "";
    try {
      text = await fs.readFile(this.file, "utf8");
    } catch (error) {
      // No file yet (nothing written, or its folder cannot be made): the buffer holds every count.
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOENT" && code !== "ENOTDIR") throw error;
    }
    return sumCountLines([text, ...this.buffer].join("\n"));
  }
}

/** Distinct (experiment, variant) pairs held while the database cannot be written: content keys, a handful. */
const MAX_BUFFERED_PAIRS = 10_000;
/** How long reading the totals waits for a database that is still starting. */
const READ_WAIT_MS = 5_000;

/**
 * The counter on PostgreSQL: increments are summed in memory and written every 250 ms in one upsert;
 * a failed write keeps them for the next one (a database blip costs no visitor anything).
 */
export class PostgresExperimentCounter extends BatchedExperimentCounter<ExperimentCount[]> {
  private readonly database: Database;
  private buffer = new Map<string, ExperimentCount>();

  constructor(database: Database) {
    super();
    this.database = database;
  }

  protected keep(experiment: string, variant: string, type: ExperimentEvent): void {
    this.merge([{ experiment, variant, visitors: type === "visitor" ? 1 : 0, leads: type === "lead" ? 1 : 0 }]);
  }

  protected take(): ExperimentCount[] | null {
    const counts = [...this.buffer.values()];
    this.buffer = new Map();
    return counts.length > 0 ? counts : null;
  }

  private merge(counts: ExperimentCount[]): void {
    for (const count of counts) {
      const id = `${count.experiment}\u0000${count.variant}`;
      const total = this.buffer.get(id);
      if (total) {
        total.visitors += count.visitors;
        total.leads += count.leads;
      } else if (this.buffer.size < MAX_BUFFERED_PAIRS) {
        this.buffer.set(id, { ...count });
      } else {
        log("error", "experiment count dropped: too many pairs waiting for the database", { ...count });
      }
    }
  }

  protected async write(counts: ExperimentCount[]): Promise<void> {
    try {
      if (!(await this.database.readyWithin(READ_WAIT_MS))) throw new Error("The database cannot be reached");
      await this.database.pool.query(
        `INSERT INTO ${TABLES.experimentCount} AS c (experiment, variant, visitors, leads)
         SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[])
         ON CONFLICT (experiment, variant)
         DO UPDATE SET visitors = c.visitors + excluded.visitors, leads = c.leads + excluded.leads`,
        [
          counts.map((count) => count.experiment),
          counts.map((count) => count.variant),
          counts.map((count) => count.visitors),
          counts.map((count) => count.leads),
        ],
      );
    } catch (error) {
      this.merge(counts);
      this.flushIn(2_000);
      log("warn", "experiment counts not written yet", { error: String(error), pairs: this.buffer.size });
    }
  }

  async readCounts(): Promise<ExperimentCount[]> {
    if (!(await this.database.readyWithin(READ_WAIT_MS))) throw new Error("The database cannot be reached");
    await this.flush();
    const { rows } = await this.database.pool.query<{
      experiment: string;
      variant: string;
      visitors: string;
      leads: string;
    }>(`SELECT experiment, variant, visitors, leads FROM ${TABLES.experimentCount}`);
    const totals = new Map<string, ExperimentCount>();
    const stored = rows.map((row) => ({ ...row, visitors: Number(row.visitors), leads: Number(row.leads) }));
    for (const count of [...stored, ...this.buffer.values()]) {
      const id = `${count.experiment}\u0000${count.variant}`;
      const total = totals.get(id) ?? { experiment: count.experiment, variant: count.variant, visitors: 0, leads: 0 };
      total.visitors += count.visitors;
      total.leads += count.leads;
      totals.set(id, total);
    }
    return [...totals.values()].sort(
      (a, b) => a.experiment.localeCompare(b.experiment) || a.variant.localeCompare(b.variant),
    );
  }
}
