/**
 * The frame script's address, for the page head (app/root.tsx): scripts/build-frame.mjs writes it to
 * build/frame.json, read once. Without a build of it (a test of a module alone) pages carry no frame script
 * and work as without JavaScript.
 */
import fs from "node:fs";
import path from "node:path";

import { log } from "~/lib/log.server";

let src: string | null | undefined;

export function frameScriptSrc(): string | null {
  if (src !== undefined) return src;
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(process.cwd(), "build", "frame.json"), "utf8")) as {
      src?: unknown;
    };
    src = typeof manifest.src === "string" && /^\/build\/frame-[\w-]+\.js$/.test(manifest.src) ? manifest.src : null;
  } catch {
    src = null;
  }
  if (!src) log("warn", "frame script not built: pages carry no script of their own");
  return src;
}
