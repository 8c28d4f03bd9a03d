/**
 * The durable spool: one JSON file per submission under DATA_DIR/leads/{pending,failed,delivered}/.
 * Every write goes to a temporary file, is fsynced, renamed over the target and the directory fsynced,
 * so a crash leaves either the old record or the new one, never half of one. Temporary files (names
 * starting with '.') never count. A record moves pending → delivered or pending → failed; failed ones
 * are kept until someone re-queues them (`npm run leads -- retry`).
 *
 * A move between folders is one rename of the record's file, never a write of the new copy followed by a
 * removal of the old one, so a submission is in exactly one folder at every instant, even to another
 * process sharing DATA_DIR (the server saving an attempt's result while `npm run leads -- retry` re-queues
 * from a shell). A delivery's result first replaces the pending file (temporary file, rename), then that
 * file is renamed into failed/ or delivered/: failed/ shows the record only once the server is done with
 * it, so a re-queue can never land between a result's steps. A re-queue renames the failed file into
 * pending/ (the claim: of two re-queues, one finds it) and then replaces it with the fresh record. A crash
 * between the two renames leaves a pending file whose record is settled: the next start (init) finishes
 * the move into the folder its record names (a re-queue cut short is thus not done; nothing is lost).
 *
 * With DATABASE_URL, a record moved into
 * the database is kept under DATA_DIR/leads/imported/ for a while. Records leave only through the
 * personal-data rules (spool-retention.server.ts): retention, or a person's erasure.
 *
 * A removal first leaves an id-only marker under DATA_DIR/audit/removed/ and then deletes the record from
 * every folder; every write of a record checks for that marker after its rename and, finding one, deletes
 * what it wrote. A write that was under way when the record was removed (a delivery's result, a re-queue,
 * an import, in this process or another one sharing DATA_DIR) therefore never brings it back, whatever the
 * order of the steps: either the removal comes after the rename and deletes the file, or the check comes
 * after the marker and the writer deletes it. Markers hold no personal data and leave with the retention
 * run once no write of their time can still be under way.
 */
import { createHash, randomUUID } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";

import type { LeadFormKind } from "~/forms/shared";
import { log } from "~/lib/log.server";

import type { DestinationName } from "./destinations.server";

export type SpoolState = "pending" | "failed" | "delivered";
/** Every folder of DATA_DIR/leads/ that holds submissions. */
export type SpoolFolder = SpoolState | "imported";
export const SPOOL_FOLDERS: readonly SpoolFolder[] = ["pending", "failed", "delivered", "imported"];
export const SPOOL_STATES: readonly SpoolState[] = ["pending", "failed", "delivered"];

export interface DestinationDelivery {
  state: SpoolState;
  attempts: number;
  /** ISO time of the next attempt while pending. */
  nextAttemptAt: string;
  lastAttemptAt: string | null;
  lastError: string | null;
  deliveredAt: string | null;
}

export interface LeadRecord {
  version: 1;
  /** Also the Idempotency-Key of every delivery of this submission. */
  id: string;
  form: LeadFormKind;
  createdAt: string;
  payload: Record<string, unknown>;
  deliveries: Partial<Record<DestinationName, DestinationDelivery>>;
}

const STALE_TEMP_MS = 60_000;
/** How long a removal's marker is kept: far longer than any write that may still be under way. */
export const REMOVED_MARKER_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * The id of a lead sent with a proxy's request key (nginx's `$request_id`, app/leads/action.server.ts): the same
 * for every copy of that request, so a post the proxy resends to another instance is stored once (the id is
 * the submission's primary key and every delivery's Idempotency-Key). A UUID (version 8: derived, RFC 9562)
 * from SHA-256 of the key: a key never appears in storage as written.
 */
export function leadIdForRequestKey(requestKey: string): string {
  const bytes = createHash("sha256").update(`lead-request:${requestKey}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function newLeadRecord(
  form: LeadFormKind,
  payload: Record<string, unknown>,
  destinations: readonly DestinationName[],
  now: Date,
  id: string = randomUUID(),
): LeadRecord {
  const deliveries: LeadRecord["deliveries"] = {};
  for (const destination of destinations) {
    deliveries[destination] = {
      state: "pending",
      attempts: 0,
      nextAttemptAt: now.toISOString(),
      lastAttemptAt: null,
      lastError: null,
      deliveredAt: null,
    };
  }
  return { version: 1, id, form, createdAt: now.toISOString(), payload, deliveries };
}

/** Where a record belongs: pending while any destination waits, failed if any gave up, else delivered. */
export function recordState(record: LeadRecord): SpoolState {
  const states = Object.values(record.deliveries).map((delivery) => delivery?.state);
  if (states.includes("pending")) return "pending";
  return states.includes("failed") ? "failed" : "delivered";
}

async function syncDirectory(directory: string): Promise<void> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(directory, "r");
    await handle.sync();
  } catch {
    // Some platforms cannot fsync a directory; the rename itself is still atomic there.
  } finally {
    await handle?.close();
  }
}

/** Writes `contents` to a fsynced temporary file next to `file`; resolves to the temporary's path. */
async function writeTemporary(file: string, contents: string): Promise<string> {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.tmp`);
  const handle = await fs.open(temporary, "wx", 0o600);
  try {
    await handle.writeFile(contents, "utf8");
    await handle.sync();
  } catch (error) {
    await handle.close();
    await fs.rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  return temporary;
}

function isRecord(value: unknown): value is LeadRecord {
  const record = value as LeadRecord;
  return (
    typeof record === "object" &&
    record !== null &&
    typeof record.id === "string" &&
    typeof record.form === "string" &&
    typeof record.payload === "object" &&
    typeof record.deliveries === "object"
  );
}

export class Spool {
  readonly root: string;
  /** DATA_DIR/audit/removed/: one empty file per removed submission id (see the module comment). */
  private readonly removedDirectory: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, "leads");
    this.removedDirectory = path.join(dataDir, "audit", "removed");
  }

  directory(folder: SpoolFolder): string {
    return path.join(this.root, folder);
  }

  private file(folder: SpoolFolder, id: string): string {
    return path.join(this.directory(folder), `${id}.json`);
  }

  /** Creates the folders, removes abandoned temporary files, and settles records a crash left twice. */
  async init(): Promise<void> {
    for (const state of SPOOL_STATES) await fs.mkdir(this.directory(state), { recursive: true, mode: 0o700 });
    const now = Date.now();
    for (const state of SPOOL_STATES) {
      for (const name of await fs.readdir(this.directory(state))) {
        if (!name.startsWith(".")) continue;
        const file = path.join(this.directory(state), name);
        const stat = await fs.stat(file).catch(() => null);
        if (stat && now - stat.mtimeMs > STALE_TEMP_MS) await fs.rm(file, { force: true });
      }
    }
    await this.settleMovesCutShort();
    // A removal that stopped between its marker and its deletions (a crash) is finished here.
    const removed = new Set(await fs.readdir(this.removedDirectory).catch(() => [] as string[]));
    for (const folder of SPOOL_FOLDERS) {
      for (const id of await this.ids(folder)) if (removed.has(id)) await this.deleteEverywhere(id);
    }
  }

  /**
   * Finishes moves a crash (or a process killed) cut short, only by renames, so that no step of it, run
   * while another process of DATA_DIR moves the same record, can leave the record in no folder:
   * - a pending file whose record is settled (a crash between a move's two renames) is renamed into the
   *   folder its record names;
   * - a pending file with a settled copy beside it (left by earlier versions, which wrote the new copy before
   *   removing the old one; the settled copy is the truth) is replaced by that copy, which then moves back.
   * Every rename is followed by the removal-marker check, as every write is.
   */
  private async settleMovesCutShort(): Promise<void> {
    const settled = new Map<string, SpoolState>();
    for (const state of ["failed", "delivered"] as const)
      for (const id of await this.ids(state)) settled.set(id, state);
    for (const id of await this.ids("pending")) {
      const twin = settled.get(id);
      if (twin && !(await this.moveFile(twin, "pending", id))) continue;
      const record = twin ? null : await this.read("pending", id);
      const state = twin ?? (record ? recordState(record) : "pending");
      if (state === "pending") continue;
      if (await this.moveFile("pending", state, id)) {
        await syncDirectory(this.directory(state));
        await syncDirectory(this.directory("pending"));
        log("info", "lead move cut short finished", { id, state });
      }
      await this.undoIfRemoved(id);
    }
  }

  /** Renames a record's file into another folder (replacing a copy there); false when it was not there. */
  private async moveFile(from: SpoolFolder, to: SpoolFolder, id: string): Promise<boolean> {
    try {
      await fs.rename(this.file(from, id), this.file(to, id));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
      throw error;
    }
  }

  async ids(state: SpoolFolder): Promise<string[]> {
    try {
      const names = await fs.readdir(this.directory(state));
      return names.filter((name) => !name.startsWith(".") && name.endsWith(".json")).map((name) => name.slice(0, -5));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
  }

  async read(state: SpoolFolder, id: string): Promise<LeadRecord | null> {
    try {
      const parsed: unknown = JSON.parse(await fs.readFile(this.file(state, id), "utf8"));
      if (isRecord(parsed)) return parsed;
      log("error", "lead record unreadable", { id, state });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT")
        log("error", "lead record unreadable", { id, state, error: String(error) });
    }
    return null;
  }

  /** Writes the record where its state says (pending while anything waits): saveAll for one record. */
  async save(record: LeadRecord): Promise<SpoolState | null> {
    const [result] = await this.saveAll([{ record, ifStillPending: false }]);
    if (result!.status === "rejected") throw result!.reason;
    return result!.value;
  }

  /**
   * Saves several records as `save` does each, with one directory fsync per folder for all of them
   * (a group commit). Each record is written to a fsynced temporary file and renamed over its pending
   * file; a settled one (delivered, failed) is then renamed from pending/ into its folder: one rename, so it
   * is never in two folders nor in none, and failed/ shows it only once this save no longer touches it (a
   * re-queue from another process finds it there only then; see the module comment). An item
   * `ifStillPending` (the result of a delivery attempt) is written only if its pending file is still there:
   * null otherwise, when it was erased or removed by retention meanwhile. Every item, checked or not, is
   * deleted again right after its renames if its submission was removed meanwhile (null too): the check
   * alone leaves a window between itself and the rename, the marker closes it (see the module comment).
   * One result per item, in order.
   */
  async saveAll(
    items: readonly { record: LeadRecord; ifStillPending: boolean }[],
  ): Promise<PromiseSettledResult<SpoolState | null>[]> {
    const records = items.map((item) => item.record);
    const states = records.map(recordState);
    const written = await Promise.allSettled(
      records.map(async (record, index): Promise<SpoolState | null> => {
        if (items[index]!.ifStillPending) {
          const present = await fs.access(this.file("pending", record.id)).then(
            () => true,
            () => false,
          );
          if (!present) return null;
        }
        const file = this.file("pending", record.id);
        const temporary = await writeTemporary(file, `${JSON.stringify(record, null, 2)}\n`);
        try {
          await fs.rename(temporary, file);
        } catch (error) {
          await fs.rm(temporary, { force: true });
          // A removal deletes the temporary files of its submission too.
          if ((error as NodeJS.ErrnoException).code === "ENOENT" && (await this.undoIfRemoved(record.id))) return null;
          throw error;
        }
        const state = states[index]!;
        // Not there: another process's start finished this very move (settleMovesCutShort), or a removal
        // deleted it (the check below).
        if (state !== "pending") await this.moveFile("pending", state, record.id);
        if (await this.undoIfRemoved(record.id)) return null;
        return state;
      }),
    );
    const folders = new Set(
      written.flatMap((result, index) =>
        result.status === "fulfilled" && result.value !== null
          ? [this.directory("pending"), this.directory(states[index]!)]
          : [],
      ),
    );
    await Promise.all([...folders].map(syncDirectory));
    return written;
  }

  /**
   * Marks a pending record as under delivery now (its file's time), for other processes of DATA_DIR;
   * false when its pending file is gone (erased or removed by retention meanwhile).
   */
  async markAttempt(id: string): Promise<boolean> {
    const now = new Date();
    try {
      await fs.utimes(this.file("pending", id), now, now);
      return true;
    } catch (error) {
      // Gone: erased or removed by retention in another process. Any other failure only loses the mark.
      return (error as NodeJS.ErrnoException).code !== "ENOENT";
    }
  }

  /** The time of a record's file: its last attempt's start (pending), or its import (imported). */
  async fileTime(folder: SpoolFolder, id: string): Promise<number | null> {
    const stat = await fs.stat(this.file(folder, id)).catch(() => null);
    return stat ? stat.mtimeMs : null;
  }

  /**
   * Removes a submission for good (erasure, retention): leaves its marker, then deletes it and its
   * temporary files from every folder. True when some folder had it.
   */
  async discard(id: string): Promise<boolean> {
    await fs.mkdir(this.removedDirectory, { recursive: true, mode: 0o700 });
    const handle = await fs.open(path.join(this.removedDirectory, id), "w", 0o600);
    await handle.close();
    await syncDirectory(this.removedDirectory);
    return this.deleteEverywhere(id);
  }

  /** True when the submission was removed (its marker exists). */
  async wasRemoved(id: string): Promise<boolean> {
    return fs.access(path.join(this.removedDirectory, id)).then(
      () => true,
      () => false,
    );
  }

  /** Called right after a write of a record: deletes it again when it was removed meanwhile. */
  private async undoIfRemoved(id: string): Promise<boolean> {
    if (!(await this.wasRemoved(id))) return false;
    await this.deleteEverywhere(id);
    log("info", "lead write undone: the submission was removed meanwhile", { id });
    return true;
  }

  private async deleteEverywhere(id: string): Promise<boolean> {
    let removed = false;
    for (const folder of SPOOL_FOLDERS) {
      try {
        await fs.rm(this.file(folder, id));
        removed = true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
      const directory = this.directory(folder);
      const names = await fs.readdir(directory).catch(() => [] as string[]);
      for (const name of names) {
        if (name.startsWith(`.${id}.json.`)) await fs.rm(path.join(directory, name), { force: true });
      }
      await syncDirectory(directory);
    }
    return removed;
  }

  /** Deletes removal markers older than REMOVED_MARKER_TTL_MS; resolves to how many. */
  async forgetOldRemovals(now: number): Promise<number> {
    let forgotten = 0;
    for (const name of await fs.readdir(this.removedDirectory).catch(() => [] as string[])) {
      const file = path.join(this.removedDirectory, name);
      const stat = await fs.stat(file).catch(() => null);
      if (stat && now - stat.mtimeMs > REMOVED_MARKER_TTL_MS) {
        await fs.rm(file, { force: true });
        forgotten += 1;
      }
    }
    return forgotten;
  }

  /**
   * Runs `work` while holding DATA_DIR's lock of that name (a file created exclusively), so that
   * processes sharing DATA_DIR never run it at once; resolves to null, without running it, when another
   * holds the lock. A lock older than `staleMs` (its holder died) is taken over.
   */
  async withLock<T>(name: string, staleMs: number, work: () => Promise<T>): Promise<T | null> {
    await fs.mkdir(this.root, { recursive: true, mode: 0o700 });
    const file = path.join(this.root, `${name}.lock`);
    let handle: fs.FileHandle | null = null;
    for (let attempt = 0; attempt < 2 && !handle; attempt += 1) {
      try {
        handle = await fs.open(file, "wx", 0o600);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
        const stat = await fs.stat(file).catch(() => null);
        if (!stat || Date.now() - stat.mtimeMs <= staleMs) return null;
        await fs.rm(file, { force: true });
      }
    }
    if (!handle) return null;
    try {
      await handle.writeFile(`${process.pid} ${new Date().toISOString()}\n`);
      await handle.close();
      return await work();
    } finally {
      await fs.rm(file, { force: true });
    }
  }

  /**
   * Puts a failed record back in pending/ as `record` (fresh attempts): its file is renamed from failed/
   * into pending/ (the claim: one rename, the submission never in two folders nor in none), then replaced by
   * the fresh record, written beforehand to a fsynced temporary file. False when the failed file is no
   * longer there (re-queued by another process, or removed) or the submission was removed meanwhile.
   */
  async requeue(record: LeadRecord): Promise<boolean> {
    const file = this.file("pending", record.id);
    const temporary = await writeTemporary(file, `${JSON.stringify(record, null, 2)}\n`);
    let claimed = false;
    try {
      claimed = await this.moveFile("failed", "pending", record.id);
      if (claimed) await fs.rename(temporary, file);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      // A removal deletes the temporary files of its submission too.
      if ((error as NodeJS.ErrnoException).code === "ENOENT" && (await this.undoIfRemoved(record.id))) return false;
      throw error;
    }
    if (!claimed) {
      await fs.rm(temporary, { force: true });
      return false;
    }
    await syncDirectory(this.directory("pending"));
    await syncDirectory(this.directory("failed"));
    return !(await this.undoIfRemoved(record.id));
  }

  /**
   * The submissions waiting for delivery: the pending folder's ids without a settled copy. A move is one
   * rename (see the module comment), so two copies are only left by earlier versions of this code, which
   * wrote the new file before removing the old one; the settled one is the truth, as init() settles it.
   * So /healthz, the metrics, `npm run leads` and the worker never count or send one submission twice.
   */
  async pendingIds(): Promise<string[]> {
    const ids = await this.ids("pending");
    const exists = (file: string) =>
      fs.access(file).then(
        () => true,
        () => false,
      );
    const settled = await Promise.all(
      ids.map(async (id) => (await exists(this.file("failed", id))) || (await exists(this.file("delivered", id)))),
    );
    return ids.filter((_, index) => !settled[index]);
  }

  /** Every readable record in a folder, oldest first (pending: those of pendingIds()). */
  async records(state: SpoolFolder): Promise<LeadRecord[]> {
    const records: LeadRecord[] = [];
    for (const id of state === "pending" ? await this.pendingIds() : await this.ids(state)) {
      const record = await this.read(state, id);
      if (record) records.push(record);
    }
    return records.sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt)));
  }

  /**
   * Moves a record that now lives in the database to leads/imported/, a safety copy never read again by
   * delivery; its file's time becomes the import's, from which retention counts.
   */
  async markImported(state: SpoolState, id: string): Promise<void> {
    const directory = this.directory("imported");
    await fs.mkdir(directory, { recursive: true, mode: 0o700 });
    try {
      await fs.rename(this.file(state, id), this.file("imported", id));
      const now = new Date();
      await fs.utimes(this.file("imported", id), now, now);
    } catch (error) {
      // Another process of this DATA_DIR moved it first.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    await syncDirectory(directory);
    await this.undoIfRemoved(id);
  }

  async counts(): Promise<{ pending: number; failed: number }> {
    const [pending, failed] = await Promise.all([this.pendingIds(), this.ids("failed")]);
    return { pending: pending.length, failed: failed.length };
  }
}
