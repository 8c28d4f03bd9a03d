/**
 * Drawn cards kept on disk under DATA_DIR/social-cards/, so a restart does not redraw every card. One file
 * per page key and format, named with the content hash; writing a new hash deletes the page's older
 * files, so the folder holds at most one card per page. Any disk error only means drawing again.
 */
import fs from "node:fs/promises";
import path from "node:path";

import { dataDir } from "~/lib/env.server";

function directory(): string {
  return path.join(dataDir(), "social-cards");
}

/** Page keys are `[a-z0-9-]` segments joined by `/` with no `--`, so `--` is a safe stand-in for `/`. */
function stem(key: string): string {
  return `${key.replaceAll("/", "--")}.`;
}

export function diskCardFile(key: string, format: string, hash: string): string {
  return path.join(directory(), `${stem(key)}${hash}.${format}`);
}

export async function readDiskCard(key: string, format: string, hash: string): Promise<Buffer | null> {
  return fs.readFile(diskCardFile(key, format, hash)).catch(() => null);
}

export async function writeDiskCard(key: string, format: string, hash: string, body: Buffer): Promise<void> {
  const file = diskCardFile(key, format, hash);
  const prefix = stem(key);
  const suffix = `.${format}`;
  try {
    await fs.mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    await fs.writeFile(temporary, body);
    await fs.rename(temporary, file);
    for (const name of await fs.readdir(path.dirname(file))) {
      const middle = name.startsWith(prefix) && name.endsWith(suffix) ? name.slice(prefix.length, -suffix.length) : "";
      if (/^[0-9a-z]+$/.test(middle) && name !== path.basename(file)) {
        await fs.rm(path.join(path.dirname(file), name), { force: true });
      }
    }
  } catch {
    // A read-only or full disk leaves the memory cache to do the work.
  }
}
