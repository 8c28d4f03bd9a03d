/**
 * A deploy and the shared cache (docs/decisions/0021-a-deploy-purges-its-old-build.md). Every cacheable
 * page carries its build's tag (`b:<version>`, the build's identity: buildIdentity); an instance that
 * starts on another build than it last served purges the tag of that build, so once the last instance of
 * the old build is replaced no page of it is left in the shared cache. The files of the builds an
 * instance served before stay fetchable (DATA_DIR/builds/<version>/): a page of the old build still
 * cached somewhere (a shared cache between the purge and its delivery, a browser's back/forward cache,
 * an open tab) asks the new instances for its chunks and gets them.
 *
 * Nothing here may stop a start: a DATA_DIR that cannot be written only loses what it would remember
 * (logged), and the instance serves as before.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { log } from "./app";

/** The builds whose files an instance keeps besides its own (the one it replaced and one before). */
export const KEPT_BUILDS = 3;

const VERSION = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * What the build in `buildDir` serves, as one name: a hash of the server bundle (build/index.js, which holds Remix's
 * asset manifest, and build/server.js) and of the manifests of the client builds Remix does not make (the frame
 * script and the islands, build/client.json; the preview client, build/preview-client.json). Remix's manifest
 * version alone names Remix's client build only, which public pages no longer load: a deploy that changed the
 * frame script, an island or server code alone kept its version, so its pages stayed in the shared cache naming
 * the old files (docs/decisions/0021-a-deploy-purges-its-old-build.md). A missing file counts as empty.
 */
export function buildIdentity(buildDir: string): string {
  const hash = crypto.createHash("sha256");
  for (const name of ["index.js", "server.js", "client.json", "preview-client.json"]) {
    hash.update(`${name}\0`);
    try {
      hash.update(fs.readFileSync(path.join(buildDir, name)));
    } catch {
      // Not in this build (a test's partial build): the others still name it.
    }
    hash.update("\0");
  }
  return hash.digest("hex").slice(0, 12);
}

/** The tag every cacheable page of a build carries. */
export function buildTag(version: string): string {
  return `b:${version}`;
}

/** Where the builds' files and each instance's last build are kept. */
export function buildsDir(dataDir: string): string {
  return path.join(dataDir, "builds");
}

/**
 * Records that this instance (`owner`, the same name across its restarts) now serves `version`, and
 * answers the build it served before: null when it never served one here (a new DATA_DIR), or the same
 * version after a plain restart.
 */
export function recordServedBuild(
  dataDir: string,
  version: string,
  owner = `${os.hostname()}-${process.env.PORT ?? "0"}`,
): string | null {
  const file = path.join(buildsDir(dataDir), `served-by-${owner.replace(/[^a-zA-Z0-9._-]+/g, "_")}.txt`);
  let previous: string | null = null;
  try {
    const text = fs.readFileSync(file, "utf8").trim();
    if (VERSION.test(text)) previous = text;
  } catch {
    // Never recorded: a first start on this DATA_DIR.
  }
  if (previous === version) return previous;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(`${file}.tmp`, `${version}\n`);
    fs.renameSync(`${file}.tmp`, file);
  } catch (error) {
    log("warn", "build not recorded", { file, error: String(error) });
  }
  return previous;
}

/**
 * Copies this build's files (public/build) into DATA_DIR/builds/<version>/ when they are not there yet,
 * drops the archived builds past the newest KEPT_BUILDS, and answers the other builds' folders, newest
 * first: where a file this build does not have is looked for.
 */
export function archiveBuildFiles(publicBuildDir: string, dataDir: string, version: string): string[] {
  if (!VERSION.test(version)) return [];
  const dir = buildsDir(dataDir);
  const own = path.join(dir, version);
  try {
    if (!fs.existsSync(own) && fs.existsSync(publicBuildDir)) {
      // Copied aside first: a half-copied folder is never taken for a build.
      const partial = `${own}.partial-${process.pid}`;
      fs.cpSync(publicBuildDir, partial, { recursive: true });
      fs.renameSync(partial, own);
    }
    // Its time says when this instance last started on it: the newest builds are kept.
    const now = new Date();
    if (fs.existsSync(own)) fs.utimesSync(own, now, now);
  } catch (error) {
    log("warn", "build files not archived", { dir: own, error: String(error) });
  }
  let builds: { name: string; time: number }[] = [];
  try {
    builds = fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && VERSION.test(entry.name))
      .map((entry) => ({ name: entry.name, time: fs.statSync(path.join(dir, entry.name)).mtimeMs }))
      .sort((a, b) => b.time - a.time || a.name.localeCompare(b.name));
  } catch {
    return [];
  }
  const kept = builds.slice(0, KEPT_BUILDS);
  for (const gone of builds.slice(KEPT_BUILDS)) {
    try {
      fs.rmSync(path.join(dir, gone.name), { recursive: true, force: true });
      log("info", "old build files removed", { version: gone.name });
    } catch {
      // Removed at the next start.
    }
  }
  return kept.filter((build) => build.name !== version).map((build) => path.join(dir, build.name));
}
