/**
 * A small durable map kept in DATA_DIR/shared-cache/, shared by the instances that share DATA_DIR: what a
 * page was tagged with must outlive the process that rendered it, since a shared cache in front keeps the
 * page a day (docs/decisions/0017-tags-that-survive-the-process.md). Each process appends to a file of
 * its own (`<namespace>-<host>-<port>.ndjson`, the same name across its restarts), one JSON line per
 * write `{"k":key,"v":value|null,"at":ms}`; a reader merges every file of the namespace, the latest line
 * of a key winning (null: deleted). A process compacts only its own file (written aside, renamed over it),
 * keeping the newest `max` keys of the merge, so no two processes ever rewrite the same file. Appends are
 * batched and never throw; a line that cannot be parsed is skipped.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { log } from "~/lib/log.server";

interface Line {
  k: string;
  v: unknown;
  at: number;
}

export interface DurableMemory<V> {
  /** Every live key and value of the namespace, across the files of every process (read now). */
  load(): Map<string, V>;
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
    load() {
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
