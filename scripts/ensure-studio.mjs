// Installs the Sanity Studio's own dependencies (`sanity-studio/`, its own package-lock.json) when
// they are missing or older than the lock file. Used by `npm test` (pretest), `npm run studio` and
// the TypeGen check. Exported for scripts/studio.mjs; runs when executed directly.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const studioDir = path.resolve(import.meta.dirname, "..", "sanity-studio");

function installedAt() {
  // npm rewrites node_modules/.package-lock.json on every install; the folder itself as a fallback.
  for (const marker of [
    path.join(studioDir, "node_modules", ".package-lock.json"),
    path.join(studioDir, "node_modules"),
  ]) {
    if (fs.existsSync(marker)) return fs.statSync(marker).mtimeMs;
  }
  return 0;
}

export function studioNeedsInstall() {
  const lock = path.join(studioDir, "package-lock.json");
  const sanityBin = path.join(
    studioDir,
    "node_modules",
    ".bin",
    process.platform === "win32" ? "sanity.cmd" : "sanity",
  );
  return !fs.existsSync(sanityBin) || installedAt() < fs.statSync(lock).mtimeMs;
}

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const npmIn = (args) =>
  spawnSync(npm, [...args, "--prefix", studioDir, "--no-audit", "--no-fund"], { stdio: "inherit" });

export function ensureStudio() {
  if (!studioNeedsInstall()) return;
  console.log("Installing the Sanity Studio's dependencies (sanity-studio/)…");
  // The lock records every platform's optional packages (rollup is pinned in `overrides` to a version
  // whose platform packages all exist on the registry), so `npm ci` installs it as it is.
  const result = npmIn(["ci"]);
  if (result.status !== 0) {
    throw new Error(`Installing sanity-studio/ dependencies failed (exit ${result.status ?? result.signal})`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    ensureStudio();
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
