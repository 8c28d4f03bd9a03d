/**
 * `npm run leads` over every spool an operator names. The shipped systemd unit gives each instance its
 * own DATA_DIR (`/var/lib/leads-site/<port>`), and each of them may hold submissions: all of them on the
 * embedded store, and with DATABASE_URL the ones accepted while the database could not be reached (and
 * the copies of what was moved in). An erasure that read one folder would miss the others, so a command
 * reaches the union of:
 *
 * - `DATA_DIR` when set (the server's own setting),
 * - `DATA_DIRS`: several folders, comma-separated (one line in /etc/leads-site/env names them all),
 * - `--data-dir <path>` (or `--data-dir=<path>`), as many times as needed;
 *
 * and `./data` (DATA_DIR's default) when none is named. A folder named by `DATA_DIRS` or `--data-dir` that
 * does not exist is a wrong call (exit 2, nothing changed): a typo must never erase "0 submissions" from
 * a new empty folder while the real one keeps the person's data.
 *
 * `combineStores` makes the stores of those folders one LeadStore for the commands: lists and exports
 * are their union (a submission found twice, once), erasure, re-queueing and retention run in each.
 */
import fs from "node:fs";
import path from "node:path";

import { dataDir } from "~/lib/env.server";

import type { ErasureResult, PurgeResult } from "./retention.server";
import type { SpoolState } from "./spool.server";
import type { DeliveryBacklog, LeadStore, LeadStoreHealth, ListedLead, RequeueResult } from "./store.server";

export const DATA_DIR_OPTION = "--data-dir";

export type NamedSpools = { ok: true; argv: string[]; dataDirs: string[] } | { ok: false; error: string };

/** The folders a call names (see the module comment), and its arguments without the `--data-dir` options. */
export function namedSpools(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
): NamedSpools {
  const rest: string[] = [];
  const optional: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index]!;
    if (arg === DATA_DIR_OPTION) {
      const value = argv[index + 1];
      if (value === undefined || value.startsWith("--") || !value.trim()) {
        return { ok: false, error: `${DATA_DIR_OPTION} needs a folder: ${DATA_DIR_OPTION} /var/lib/leads-site/3001` };
      }
      optional.push(value);
      index += 1;
    } else if (arg.startsWith(`${DATA_DIR_OPTION}=`)) {
      const value = arg.slice(DATA_DIR_OPTION.length + 1);
      if (!value.trim()) return { ok: false, error: `${DATA_DIR_OPTION}= needs a folder.` };
      optional.push(value);
    } else {
      rest.push(arg);
    }
  }
  const listed = (env.DATA_DIRS ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const named = [...listed, ...optional].map((folder) => path.resolve(folder.trim()));
  for (const folder of named) {
    if (!fs.statSync(folder, { throwIfNoEntry: false })?.isDirectory()) {
      return { ok: false, error: `No such spool folder: ${folder}. Nothing was changed.` };
    }
  }
  const own = dataDir({ ...process.env, DATA_DIR: env.DATA_DIR });
  const all = [...new Set([...(env.DATA_DIR?.trim() ? [own] : []), ...named])];
  return { ok: true, argv: rest, dataDirs: all.length > 0 ? all : [own] };
}

function unique<T>(items: Iterable<T>, key: (item: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const item of items) if (!seen.has(key(item))) seen.set(key(item), item);
  return [...seen.values()];
}

const byId = (item: { id: string }) => item.id;

/** Several stores (one per spool) as one, for `npm run leads`; one store is returned as it is. */
export function combineStores(stores: readonly LeadStore[]): LeadStore {
  if (stores.length === 1) return stores[0]!;
  const each = async <T>(work: (store: LeadStore) => Promise<T>): Promise<T[]> => {
    // One after the other: with DATABASE_URL they share one pool, and an erasure's order stays readable.
    const results: T[] = [];
    for (const store of stores) results.push(await work(store));
    return results;
  };
  return {
    async open() {
      await each((store) => store.open());
    },
    async start() {
      await each((store) => store.start());
    },
    store: (form, payload) => stores[0]!.store(form, payload),
    async list(states: readonly SpoolState[]): Promise<ListedLead[]> {
      const listed = unique((await each((store) => store.list(states))).flat(), byId);
      return listed.sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt)));
    },
    async requeueFailed(ids: readonly string[]): Promise<RequeueResult> {
      const results = await each((store) => store.requeueFailed(ids));
      return {
        requeued: unique(
          results.flatMap((result) => result.requeued),
          byId,
        ),
        unknown: ids.filter((id) => results.every((result) => result.unknown.includes(id))),
      };
    },
    async health(): Promise<LeadStoreHealth> {
      const results = await each((store) => store.health());
      return {
        submissions: {
          pending: results.reduce((sum, result) => sum + result.submissions.pending, 0),
          failed: results.reduce((sum, result) => sum + result.submissions.failed, 0),
        },
        ...(results[0]?.database ? { database: results[0].database } : {}),
      };
    },
    async backlog(): Promise<DeliveryBacklog> {
      const results = await each((store) => store.backlog());
      return {
        pending: {
          formService: results.reduce((sum, result) => sum + result.pending.formService, 0),
          automationWebhook: results.reduce((sum, result) => sum + result.pending.automationWebhook, 0),
        },
        oldestPendingSeconds: Math.max(0, ...results.map((result) => result.oldestPendingSeconds)),
      };
    },
    async purge(now?: Date): Promise<PurgeResult> {
      const results = await each((store) => store.purge(now));
      return {
        ran: results.some((result) => result.ran),
        removed: unique(
          results.flatMap((result) => result.removed),
          byId,
        ),
      };
    },
    async findByEmail(email: string): Promise<ListedLead[]> {
      return unique((await each((store) => store.findByEmail(email))).flat(), byId);
    },
    async erase(email: string): Promise<ErasureResult> {
      const results = await each((store) => store.erase(email));
      return { ids: [...new Set(results.flatMap((result) => result.ids))], erasedAt: results.at(-1)!.erasedAt };
    },
    async idle() {
      await each((store) => store.idle());
    },
    async stop(graceMs?: number) {
      await Promise.all(stores.map((store) => store.stop(graceMs)));
    },
  };
}
