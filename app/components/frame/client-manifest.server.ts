/**
 * The public client's addresses (the frame script and each island's entry), for the page (app/root.tsx):
 * scripts/build-client.mjs writes them to build/client.json, read once. Without that build (a test of a
 * module alone) pages carry no script of their own and work as without JavaScript.
 */
import fs from "node:fs";
import path from "node:path";

import { log } from "~/lib/log.server";

export interface ClientManifest {
  /** The frame script's address, or null. */
  frame: string | null;
  /** The chunks the frame script imports at once (preloaded beside it: no waterfall). */
  frameImports: string[];
  /** Each island's entry address, by name. */
  islands: Record<string, string>;
}

const BUILD_PATH = /^\/build\/[\w-]+\.js$/;

let manifest: ClientManifest | undefined;

function read(): ClientManifest {
  try {
    const written = JSON.parse(fs.readFileSync(path.join(process.cwd(), "build", "client.json"), "utf8")) as {
      frame?: { src?: unknown; imports?: unknown };
      islands?: Record<string, { src?: unknown }>;
    };
    const frame =
      typeof written.frame?.src === "string" && BUILD_PATH.test(written.frame.src) ? written.frame.src : null;
    const islands: Record<string, string> = {};
    for (const [name, island] of Object.entries(written.islands ?? {}))
      if (typeof island?.src === "string" && BUILD_PATH.test(island.src)) islands[name] = island.src;
    const imports = Array.isArray(written.frame?.imports) ? written.frame.imports : [];
    const frameImports = imports.filter((src): src is string => typeof src === "string" && BUILD_PATH.test(src));
    return { frame, frameImports: frame ? frameImports : [], islands };
  } catch {
    return { frame: null, frameImports: [], islands: {} };
  }
}

export function clientManifest(): ClientManifest {
  if (manifest) return manifest;
  manifest = read();
  if (!manifest.frame) log("warn", "client not built: pages carry no script of their own");
  return manifest;
}
