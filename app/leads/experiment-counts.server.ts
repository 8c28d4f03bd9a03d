/**
 * Experiment counts: how many browsers each variant of an A/B experiment was shown to (counted once, when
 * the browser is assigned), how many of them converted (sent at least one lead from the experiment's
 * path: once per browser and experiment, told apart by the random id of the experiment cookie) and how
 * many leads a variant's page brought (every accepted lead). They live with the submissions, so they
 * survive restarts.
 *
 * Only the server writes the figures a decision rests on: when it assigns a browser it records that
 * browser's id with its variant, and a lead converts only a browser recorded for that experiment and that
 * variant. An id a client wrote into its own cookie (minted, or a real one naming another variant) counts
 * its lead and converts nobody, so a script cannot fill a variant's conversions (docs/consent-and-tracking.md).
 *
 * To count a browser once, the store keeps the ids of the browsers that converted, per experiment, and
 * those of the assigned ones, only while the experiment exists: `forgetExperimentsExcept` drops the ids of
 * every experiment no longer in content (app/experiments/serve.server.ts runs it with every report and
 * hourly while pages are served); the counts themselves hold no id and stay.
 *
 * Counting never blocks or fails a visitor's request: `countVisitor` and `countLead` return at once and
 * never throw; the increments are written in the background. The embedded store appends one JSON line
 * per count to DATA_DIR/experiments/counts.ndjson (appends of one short line are atomic, so a crash
 * loses at most what was not yet flushed, a fraction of a second); every COMPACT_AFTER_LINES appended
 * lines (and at the first append of a process) the file is rewritten as one total line per (experiment,
 * variant, event) (`"n"`: how many), written aside and renamed over it, so it stays a few lines per
 * variant whatever the traffic. One line `<id> <variant>` per assigned browser goes to
 * DATA_DIR/experiments/visitors/<experiment>.txt (read into memory, then only its new lines, when a lead
 * needs it) and one id per converted browser to DATA_DIR/experiments/browsers/<experiment>.txt. With
 * DATABASE_URL, every instance adds its increments, batched, to one row per (experiment, variant), the
 * assignments to a table keyed by (experiment, browser), and the converted ids to another.
 */
import { promises as fs } from "node:fs";
import path from "node:path";

import { isBrowserId } from "~/experiments/cookie";
import { log } from "~/lib/log.server";

import { type Database, TABLES, transaction } from "./database.server";

export type ExperimentEvent = "visitor" | "lead" | "conversion";

export interface ExperimentCount {
  experiment: string;
  variant: string;
  visitors: number;
  /** Distinct browsers that sent at least one lead in this experiment, counted for the variant of their first. */
  conversions: number;
  leads: number;
}

export interface ExperimentCounter {
  /**
   * A browser was assigned this variant (call once per browser): one visitor, and `browser` (the id its
   * experiment cookie gets) recorded as that variant's, the only ids whose leads convert. Returns at once,
   * never throws.
   */
  countVisitor(experiment: string, variant: string, browser?: string | null): void;
  /**
   * A lead sent from this variant's page was accepted: one lead, and one conversion when `browser` (the
   * experiment cookie's id) was assigned this variant by the server (countVisitor) and has not converted
   * in this experiment before. Returns at once, never throws.
   */
  countLead(experiment: string, variant: string, browser?: string | null): void;
  /** Totals per (experiment, variant), counts not yet written included. */
  readCounts(): Promise<ExperimentCount[]>;
  /** Drops the converted browsers' ids of every experiment not in `keep` (counts stay); resolves with those experiments. */
  forgetExperimentsExcept(keep: readonly string[]): Promise<string[]>;
  /** Writes what is buffered (shutdown, tests). */
  flush(): Promise<void>;
}

const FLUSH_DELAY_MS = 250;
/** Keys are content keys (`titular-reformas`, `a`): anything longer or odd is not ours and is not counted. */
const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/i;

export function isCountableKey(key: unknown): key is string {
  return typeof key === "string" && KEY_PATTERN.test(key);
}

interface CountEvent {
  experiment: string;
  variant: string;
  type: "visitor" | "lead";
  /** visitor: the id assigned; lead: the id its cookie named (null: none, or not an id). */
  browser: string | null;
}

interface CountLine {
  e: string;
  v: string;
  t: ExperimentEvent;
  /** How many events the line stands for (a compacted total); 1 when absent. */
  n: number;
}

/** Appended lines after which the counts file is compacted into totals. */
export const COMPACT_AFTER_LINES = 1000;

const EVENTS: readonly ExperimentEvent[] = ["visitor", "lead", "conversion"];

function parseLine(line: string): CountLine | null {
  try {
    const value = JSON.parse(line) as Partial<CountLine>;
    const type = EVENTS.find((event) => event === value.t);
    const n = value.n === undefined ? 1 : value.n;
    if (!Number.isSafeInteger(n) || n < 0) return null;
    if (isCountableKey(value.e) && isCountableKey(value.v) && type) return { e: value.e, v: value.v, t: type, n };
  } catch {
    // A torn last line (a crash mid-append) or a foreign line is skipped, never fatal.
  }
  return null;
}

const pairId = (experiment: string, variant: string) => `${experiment}\u0000${variant}`;

function sorted(totals: Iterable<ExperimentCount>): ExperimentCount[] {
  return [...totals].sort((a, b) => a.experiment.localeCompare(b.experiment) || a.variant.localeCompare(b.variant));
}

/** Sums count lines into totals, sorted by experiment then variant. Pure; exported for tests and the CLI. */
export function sumCountLines(text: string): ExperimentCount[] {
  const totals = new Map<string, ExperimentCount>();
  for (const line of text.split("\n")) {
    const parsed = line.trim() ? parseLine(line) : null;
    if (!parsed) continue;
    const id = pairId(parsed.e, parsed.v);
    const total = totals.get(id) ?? { experiment: parsed.e, variant: parsed.v, visitors: 0, conversions: 0, leads: 0 };
    if (parsed.t === "visitor") total.visitors += parsed.n;
    else if (parsed.t === "lead") total.leads += parsed.n;
    else total.conversions += parsed.n;
    totals.set(id, total);
  }
  return sorted(totals.values());
}

export function experimentCountsFile(directory: string): string {
  return path.join(directory, "experiments", "counts.ndjson");
}

/** Where the embedded store keeps the assigned browsers of one experiment (`<id> <variant>` lines, the last wins). */
export function assignedBrowsersFile(directory: string, experiment: string): string {
  return path.join(directory, "experiments", "visitors", `${experiment}.txt`);
}

/** Where the embedded store keeps the ids of one experiment's converted browsers. */
export function convertedBrowsersFile(directory: string, experiment: string): string {
  return path.join(directory, "experiments", "browsers", `${experiment}.txt`);
}

/**
 * What every store's counter shares: keys checked, events kept in memory and written in the background
 * FLUSH_DELAY_MS later, one write at a time, in order.
 */
abstract class BatchedExperimentCounter implements ExperimentCounter {
  private timer: NodeJS.Timeout | null = null;
  private events: CountEvent[] = [];
  private writing: Promise<void> = Promise.resolve();

  countVisitor(experiment: string, variant: string, browser?: string | null): void {
    this.count({ experiment, variant, type: "visitor", browser: isBrowserId(browser) ? browser : null });
  }

  countLead(experiment: string, variant: string, browser?: string | null): void {
    // A browser id that is not one of ours counts the lead but converts nobody.
    this.count({ experiment, variant, type: "lead", browser: isBrowserId(browser) ? browser : null });
  }

  private count(event: CountEvent): void {
    if (!isCountableKey(event.experiment) || !isCountableKey(event.variant)) return;
    this.events.push(event);
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
    const events = this.events;
    this.events = [];
    this.writing = this.writing
      .then(() => this.write(events))
      .catch((error: unknown) => log("error", "experiment counts not written", { error: String(error) }));
    return this.writing;
  }

  /** Runs `work` after every write under way, before any later one. */
  protected inOrder<T>(work: () => Promise<T>): Promise<T> {
    const done = this.writing.then(work);
    this.writing = done.then(
      () => undefined,
      () => undefined,
    );
    return done;
  }

  async forgetExperimentsExcept(keep: readonly string[]): Promise<string[]> {
    await this.flush();
    return this.inOrder(() => this.forget(new Set(keep)));
  }

  /** Stores the events (none: retries what an earlier write could not store). Never throws. */
  protected abstract write(events: CountEvent[]): Promise<void>;
  protected abstract forget(keep: ReadonlySet<string>): Promise<string[]>;
  abstract readCounts(): Promise<ExperimentCount[]>;
}

/** Applies one `<id> <variant>` line of an assignments file (anything else is skipped). */
function setAssignment(variants: Map<string, string>, line: string): void {
  const [browser, variant, extra] = line.trim().split(" ");
  if (extra === undefined && isBrowserId(browser) && isCountableKey(variant)) variants.set(browser, variant);
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | null)?.code;
}

/** The embedded store's counter: an append-only file of counts and one file of ids per experiment under DATA_DIR. */
export class FileExperimentCounter extends BatchedExperimentCounter {
  private readonly directory: string;
  private readonly file: string;
  /** Count lines not yet written (a failed append keeps them here for the next flush). */
  private pendingCounts: string[] = [];
  /** Per experiment, ids of newly converted browsers not yet written. */
  private pendingIds = new Map<string, string[]>();
  /** Per experiment, every browser known to have converted (read from its file on first need). */
  private converted = new Map<string, Set<string>>();
  /** Per experiment, `<id> <variant>` lines of new assignments not yet written. */
  private pendingAssigned = new Map<string, string[]>();
  /**
   * Per experiment, browser id → variant assigned, as read from its file up to `offset` (then only the
   * lines appended since: another process on the same DATA_DIR may add some), with this process's unwritten
   * ones on top. Read on an experiment's first lead, never on a page view.
   */
  private assigned = new Map<string, { variants: Map<string, string>; offset: number }>();
  /** Count lines appended since the file was last compacted (the first append of a process compacts). */
  private appendedSinceCompaction = COMPACT_AFTER_LINES;

  constructor(directory: string) {
    super();
    this.directory = directory;
    this.file = experimentCountsFile(directory);
  }

  private async convertedIn(experiment: string): Promise<Set<string>> {
    let known = this.converted.get(experiment);
    if (known) return known;
    known = new Set();
    try {
      const text = await fs.readFile(convertedBrowsersFile(this.directory, experiment), "utf8");
      for (const line of text.split("\n")) if (isBrowserId(line.trim())) known.add(line.trim());
    } catch (error) {
      // No file yet: nobody converted. Any other failure is logged; the ids met from now on still count once.
      if (errorCode(error) !== "ENOENT" && errorCode(error) !== "ENOTDIR") {
        log("error", "experiment conversions not read", { experiment, error: String(error) });
      }
    }
    this.converted.set(experiment, known);
    return known;
  }

  /**
   * The variant the server assigned `browser` in `experiment`, or undefined: the assignments file's lines
   * not yet read (a stat when there are none), then this process's unwritten ones, which are newer.
   */
  private async assignedVariant(experiment: string, browser: string): Promise<string | undefined> {
    let known = this.assigned.get(experiment);
    if (!known) this.assigned.set(experiment, (known = { variants: new Map(), offset: 0 }));
    const file = assignedBrowsersFile(this.directory, experiment);
    try {
      const handle = await fs.open(file, "r");
      try {
        const { size } = await handle.stat();
        // A smaller file was replaced (the experiment forgotten elsewhere, then assigned again): read it whole.
        if (size < known.offset) known = { variants: new Map(), offset: 0 };
        if (size > known.offset) {
          const bytes = Buffer.alloc(size - known.offset);
          const { bytesRead } = await handle.read(bytes, 0, bytes.length, known.offset);
          // Only whole lines: one being appended is read at the next lead.
          const end = bytes.subarray(0, bytesRead).lastIndexOf(0x0a) + 1;
          for (const line of bytes.subarray(0, end).toString("utf8").split("\n")) setAssignment(known.variants, line);
          known.offset += end;
        }
      } finally {
        await handle.close();
      }
    } catch (error) {
      // No file yet: nobody assigned was written. Any other failure is logged; unwritten ones still count.
      if (errorCode(error) !== "ENOENT" && errorCode(error) !== "ENOTDIR") {
        log("error", "experiment assignments not read", { experiment, error: String(error) });
      }
    }
    this.assigned.set(experiment, known);
    for (const line of this.pendingAssigned.get(experiment) ?? []) setAssignment(known.variants, line);
    return known.variants.get(browser);
  }

  protected async write(events: CountEvent[]): Promise<void> {
    for (const event of events) {
      const line = (type: ExperimentEvent) => JSON.stringify({ e: event.experiment, v: event.variant, t: type });
      this.pendingCounts.push(line(event.type));
      if (event.type === "visitor" && event.browser) {
        const assignment = `${event.browser} ${event.variant}`;
        const pending = this.pendingAssigned.get(event.experiment);
        if (pending) pending.push(assignment);
        else this.pendingAssigned.set(event.experiment, [assignment]);
        const known = this.assigned.get(event.experiment);
        if (known) setAssignment(known.variants, assignment);
      }
      if (event.type !== "lead" || !event.browser) continue;
      // A browser the server never gave this variant (a minted id, a real one naming another) converts nobody.
      if ((await this.assignedVariant(event.experiment, event.browser)) !== event.variant) continue;
      const known = await this.convertedIn(event.experiment);
      if (known.has(event.browser)) continue;
      known.add(event.browser);
      this.pendingIds.set(event.experiment, [...(this.pendingIds.get(event.experiment) ?? []), event.browser]);
      this.pendingCounts.push(line("conversion"));
    }
    // Assignments first: a conversion is never written for a browser whose assignment is not.
    for (const [experiment, lines] of [...this.pendingAssigned]) {
      if (await this.append(assignedBrowsersFile(this.directory, experiment), lines)) {
        this.pendingAssigned.delete(experiment);
      }
    }
    // Ids first: a crash between the two appends loses a conversion count, never counts one twice.
    for (const [experiment, ids] of [...this.pendingIds]) {
      if (await this.append(convertedBrowsersFile(this.directory, experiment), ids)) this.pendingIds.delete(experiment);
    }
    if (this.pendingIds.size === 0 && this.pendingCounts.length > 0) {
      const lines = this.pendingCounts;
      this.pendingCounts = [];
      if (await this.append(this.file, lines)) {
        this.appendedSinceCompaction += lines.length;
        // Only a process that appends compacts (the server; never a report reading beside it).
        if (this.appendedSinceCompaction >= COMPACT_AFTER_LINES) await this.compact();
      } else this.pendingCounts.unshift(...lines);
    }
  }

  /**
   * Rewrites the counts file as its totals (one line per experiment, variant and event), aside then
   * renamed over it: a reader sees the old file or the new one, never a part. Writes run one at a
   * time, so no append falls between the read and the rename. A failure leaves the file as it was.
   */
  private async compact(): Promise<void> {
    this.appendedSinceCompaction = 0;
    let text: string;
    try {
      text = await fs.readFile(this.file, "utf8");
    } catch (error) {
      if (errorCode(error) !== "ENOENT" && errorCode(error) !== "ENOTDIR") {
        log("error", "experiment counts not compacted", { error: String(error) });
      }
      return;
    }
    const lines = sumCountLines(text).flatMap((total) =>
      (
        [
          ["visitor", total.visitors],
          ["lead", total.leads],
          ["conversion", total.conversions],
        ] as const
      )
        .filter(([, n]) => n > 0)
        .map(([t, n]) => JSON.stringify({ e: total.experiment, v: total.variant, t, n })),
    );
    const temporary = `${this.file}.${process.pid}.tmp`;
    try {
      await fs.writeFile(temporary, lines.length > 0 ? `${lines.join("\n")}\n` : "", { encoding: "utf8", mode: 0o600 });
      await fs.rename(temporary, this.file);
    } catch (error) {
      await fs.rm(temporary, { force: true }).catch(() => undefined);
      log("error", "experiment counts not compacted", { error: String(error) });
    }
  }

  /** Appends lines to a file (its folder made as needed); false when it cannot, logged. */
  private async append(file: string, lines: string[]): Promise<boolean> {
    try {
      await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await fs.appendFile(file, `${lines.join("\n")}\n`, { encoding: "utf8", mode: 0o600 });
      return true;
    } catch (error) {
      // Kept in memory for the next flush: a full disk costs no visitor anything.
      this.flushIn(2_000);
      log("error", "experiment counts not written", { error: String(error), pending: lines.length });
      return false;
    }
  }

  async readCounts(): Promise<ExperimentCount[]> {
    await this.flush();
    let text = "";
    try {
      text = await fs.readFile(this.file, "utf8");
    } catch (error) {
      // No file yet (nothing written, or its folder cannot be made): the pending lines hold every count.
      if (errorCode(error) !== "ENOENT" && errorCode(error) !== "ENOTDIR") throw error;
    }
    return sumCountLines([text, ...this.pendingCounts].join("\n"));
  }

  protected async forget(keep: ReadonlySet<string>): Promise<string[]> {
    const names: string[] = [];
    for (const file of [convertedBrowsersFile, assignedBrowsersFile]) {
      try {
        names.push(...(await fs.readdir(path.dirname(file(this.directory, "x")))));
      } catch (error) {
        if (errorCode(error) !== "ENOENT" && errorCode(error) !== "ENOTDIR") throw error;
      }
    }
    const gone = new Set(
      names
        .filter((name) => name.endsWith(".txt"))
        .map((name) => name.slice(0, -".txt".length))
        .filter((experiment) => !keep.has(experiment)),
    );
    for (const experiment of [
      ...this.converted.keys(),
      ...this.pendingIds.keys(),
      ...this.assigned.keys(),
      ...this.pendingAssigned.keys(),
    ]) {
      if (!keep.has(experiment)) gone.add(experiment);
    }
    for (const experiment of gone) {
      this.converted.delete(experiment);
      this.pendingIds.delete(experiment);
      this.assigned.delete(experiment);
      this.pendingAssigned.delete(experiment);
      await fs.rm(convertedBrowsersFile(this.directory, experiment), { force: true });
      await fs.rm(assignedBrowsersFile(this.directory, experiment), { force: true });
    }
    return [...gone].sort();
  }
}

/** Distinct (experiment, variant) pairs held while the database cannot be written: content keys, a handful. */
const MAX_BUFFERED_PAIRS = 10_000;
/** Converted or assigned browsers held while the database cannot be written (beyond it they are dropped, and logged). */
const MAX_BUFFERED_CONVERSIONS = 100_000;
/** How long reading the totals waits for a database that is still starting. */
const READ_WAIT_MS = 5_000;

interface PendingConversion {
  experiment: string;
  variant: string;
  browser: string;
  /** When the lead was counted (Date.now()): an id not assigned yet is looked for again until ASSIGNMENT_WAIT_MS later. */
  since?: number;
}

/**
 * How long a lead's id that no assignment names yet is looked for again (every second): the page view that
 * drew it may have been counted by another instance whose write has not landed (its 250 ms batch, a retry
 * after a database blip). Past it, the lead converts nobody: a minted id costs a few small queries.
 */
const ASSIGNMENT_WAIT_MS = 10_000;

/**
 * The counter on PostgreSQL: increments are summed in memory and written every 250 ms in one
 * transaction: the visitor and lead counts in one upsert, the assigned browsers (experiment, browser →
 * variant: the last assignment wins), then the converted browsers' ids, each (experiment, browser)
 * inserted once and only when that browser is assigned that variant (whichever instance assigned it), and
 * a conversion counted for each id that was new. A failed write keeps everything for the next one (a
 * database blip costs no visitor anything).
 */
export class PostgresExperimentCounter extends BatchedExperimentCounter {
  private readonly database: Database;
  private counts = new Map<string, { experiment: string; variant: string; visitors: number; leads: number }>();
  /** First lead per (experiment, browser) not yet written. */
  private conversions = new Map<string, PendingConversion>();
  /** Latest assignment per (experiment, browser) not yet written. */
  private assignments = new Map<string, PendingConversion>();

  constructor(database: Database) {
    super();
    this.database = database;
  }

  private addCount(experiment: string, variant: string, visitors: number, leads: number): void {
    const id = pairId(experiment, variant);
    const total = this.counts.get(id);
    if (total) {
      total.visitors += visitors;
      total.leads += leads;
    } else if (this.counts.size < MAX_BUFFERED_PAIRS) {
      this.counts.set(id, { experiment, variant, visitors, leads });
    } else {
      log("error", "experiment count dropped: too many pairs waiting for the database", { experiment, variant });
    }
  }

  private addConversion(conversion: PendingConversion): void {
    // One per variant named: only the one the browser was assigned can convert it.
    const key = `${pairId(conversion.experiment, conversion.browser)}\u0000${conversion.variant}`;
    if (this.conversions.has(key)) return;
    if (this.conversions.size < MAX_BUFFERED_CONVERSIONS) this.conversions.set(key, conversion);
    else
      log("error", "experiment conversion dropped: too many waiting for the database", {
        ...conversion,
        browser: null,
      });
  }

  private addAssignment(assignment: PendingConversion): void {
    const key = pairId(assignment.experiment, assignment.browser);
    if (this.assignments.has(key) || this.assignments.size < MAX_BUFFERED_CONVERSIONS) {
      // Deleted first so that the map's order stays the assignments' order (the last one is written last).
      this.assignments.delete(key);
      this.assignments.set(key, assignment);
    } else {
      log("error", "experiment assignment dropped: too many waiting for the database", {
        ...assignment,
        browser: null,
      });
    }
  }

  private keep(event: CountEvent): void {
    this.addCount(event.experiment, event.variant, event.type === "visitor" ? 1 : 0, event.type === "lead" ? 1 : 0);
    if (event.type === "visitor" && event.browser) {
      this.addAssignment({ experiment: event.experiment, variant: event.variant, browser: event.browser });
    }
    if (event.type === "lead" && event.browser) {
      this.addConversion({
        experiment: event.experiment,
        variant: event.variant,
        browser: event.browser,
        since: Date.now(),
      });
    }
  }

  protected async write(events: CountEvent[]): Promise<void> {
    for (const event of events) this.keep(event);
    if (this.counts.size === 0 && this.conversions.size === 0 && this.assignments.size === 0) return;
    const counts = [...this.counts.values()];
    const conversions = [...this.conversions.values()];
    const assignments = [...this.assignments.values()];
    this.counts = new Map();
    this.conversions = new Map();
    this.assignments = new Map();
    let unassigned: PendingConversion[] = [];
    try {
      if (!(await this.database.readyWithin(READ_WAIT_MS))) throw new Error("The database cannot be reached");
      await transaction(this.database.pool, async (client) => {
        if (counts.length > 0) {
          await client.query(
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
        }
        if (assignments.length > 0) {
          await client.query(
            `INSERT INTO ${TABLES.experimentVisitor} AS v (experiment, browser, variant)
             SELECT * FROM unnest($1::text[], $2::text[], $3::text[])
             ON CONFLICT (experiment, browser) DO UPDATE SET variant = excluded.variant`,
            [
              assignments.map((assignment) => assignment.experiment),
              assignments.map((assignment) => assignment.browser),
              assignments.map((assignment) => assignment.variant),
            ],
          );
        }
        if (conversions.length > 0) {
          const input = [
            conversions.map((conversion) => conversion.experiment),
            conversions.map((conversion) => conversion.variant),
            conversions.map((conversion) => conversion.browser),
          ];
          // The ids no assignment names (yet): looked for again at the next writes, for a while.
          const { rows } = await client.query<{ experiment: string; variant: string; browser: string }>(
            `SELECT i.experiment, i.variant, i.browser
             FROM unnest($1::text[], $2::text[], $3::text[]) AS i (experiment, variant, browser)
             WHERE NOT EXISTS (
               SELECT 1 FROM ${TABLES.experimentVisitor} v
               WHERE v.experiment = i.experiment AND v.browser = i.browser AND v.variant = i.variant
             )`,
            input,
          );
          const missing = new Set(rows.map((row) => `${pairId(row.experiment, row.browser)}\u0000${row.variant}`));
          unassigned = conversions.filter((conversion) =>
            missing.has(`${pairId(conversion.experiment, conversion.browser)}\u0000${conversion.variant}`),
          );
          // Only ids the server assigned that variant convert (any instance, this transaction's included),
          // and only those the table did not have yet: a browser converts once per experiment, whichever
          // instance took its leads.
          await client.query(
            `WITH input AS (
               SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) AS i (experiment, variant, browser)
             ), assigned AS (
               SELECT DISTINCT v.experiment, v.browser, v.variant FROM input
               JOIN ${TABLES.experimentVisitor} v
                 ON v.experiment = input.experiment AND v.browser = input.browser AND v.variant = input.variant
             ), added AS (
               INSERT INTO ${TABLES.experimentConversion} (experiment, browser)
               SELECT experiment, browser FROM assigned
               ON CONFLICT DO NOTHING
               RETURNING experiment, browser
             )
             INSERT INTO ${TABLES.experimentCount} AS c (experiment, variant, conversions)
             SELECT assigned.experiment, assigned.variant, count(*) FROM added JOIN assigned USING (experiment, browser)
             GROUP BY assigned.experiment, assigned.variant
             ON CONFLICT (experiment, variant) DO UPDATE SET conversions = c.conversions + excluded.conversions`,
            input,
          );
        }
      });
      const waitFrom = Date.now() - ASSIGNMENT_WAIT_MS;
      const again = unassigned.filter((conversion) => (conversion.since ?? 0) > waitFrom);
      for (const conversion of again) this.addConversion(conversion);
      if (again.length > 0) this.flushIn(1_000);
    } catch (error) {
      for (const count of counts) this.addCount(count.experiment, count.variant, count.visitors, count.leads);
      for (const conversion of conversions) this.addConversion(conversion);
      for (const assignment of assignments)
        if (!this.assignments.has(pairId(assignment.experiment, assignment.browser))) this.addAssignment(assignment);
      this.flushIn(2_000);
      log("warn", "experiment counts not written yet", { error: String(error), pairs: this.counts.size });
    }
  }

  async readCounts(): Promise<ExperimentCount[]> {
    if (!(await this.database.readyWithin(READ_WAIT_MS))) throw new Error("The database cannot be reached");
    await this.flush();
    const { rows } = await this.database.pool.query<{
      experiment: string;
      variant: string;
      visitors: string;
      conversions: string;
      leads: string;
    }>(`SELECT experiment, variant, visitors, conversions, leads FROM ${TABLES.experimentCount}`);
    const totals = new Map<string, ExperimentCount>();
    const add = (experiment: string, variant: string, visitors: number, conversions: number, leads: number) => {
      const id = pairId(experiment, variant);
      const total = totals.get(id) ?? { experiment, variant, visitors: 0, conversions: 0, leads: 0 };
      total.visitors += visitors;
      total.conversions += conversions;
      total.leads += leads;
      totals.set(id, total);
    };
    for (const row of rows) {
      add(row.experiment, row.variant, Number(row.visitors), Number(row.conversions), Number(row.leads));
    }
    // What the database could not take yet; its conversions count once the database has checked them.
    for (const count of this.counts.values()) add(count.experiment, count.variant, count.visitors, 0, count.leads);
    return sorted(totals.values());
  }

  protected async forget(keep: ReadonlySet<string>): Promise<string[]> {
    for (const pending of [this.conversions, this.assignments]) {
      for (const [key, conversion] of pending) if (!keep.has(conversion.experiment)) pending.delete(key);
    }
    if (!(await this.database.readyWithin(READ_WAIT_MS))) throw new Error("The database cannot be reached");
    const { rows } = await this.database.pool.query<{ experiment: string }>(
      `WITH converted AS (
         DELETE FROM ${TABLES.experimentConversion} WHERE NOT (experiment = ANY($1::text[])) RETURNING experiment
       ), assigned AS (
         DELETE FROM ${TABLES.experimentVisitor} WHERE NOT (experiment = ANY($1::text[])) RETURNING experiment
       )
       SELECT experiment FROM converted UNION SELECT experiment FROM assigned ORDER BY experiment`,
      [[...keep]],
    );
    return rows.map((row) => row.experiment);
  }
}
