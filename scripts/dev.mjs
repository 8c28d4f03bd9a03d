// `npm run dev`: the production build and server, rebuilt and restarted when a source file changes.
// No hot module replacement: the site's server (page cache, frame script and islands, lead worker) is the one
// that ships, so what you see while developing is what runs in production. Content edits in the NDJSON
// dataset need no rebuild (the server picks them up within 5 s).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

import { BUILD_SOURCES, ensureBuild, root, runBuild } from "./lib/build.mjs";

/** Builds (only when stale if `onlyIfStale`); false when the build failed. */
function build(onlyIfStale) {
  try {
    if (onlyIfStale) ensureBuild();
    else runBuild();
    return true;
  } catch {
    return false;
  }
}

let server = null;
let stopping = false;

function startServer() {
  if (stopping) return;
  const child = spawn(process.execPath, ["build/server.js"], {
    cwd: root,
    stdio: "inherit",
    env: { NODE_ENV: "production", ...process.env },
  });
  child.on("exit", (code, signal) => {
    if (server === child) server = null;
    if (!child.killedByDev)
      console.error(`dev: the server exited (${signal ?? code}); save a file to rebuild and restart it.`);
  });
  server = child;
}

/** Ends the running server, if any, and resolves once it has exited (SIGKILL after 5 s). */
function stopServer() {
  const child = server;
  if (!child) return Promise.resolve();
  server = null;
  child.killedByDev = true;
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill("SIGKILL"), 5000);
    child.once("exit", () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

if (build(true)) startServer();
else console.error("dev: the build failed; fix the error and save again.");

// The build runs synchronously, so changes saved during a build arrive after it and trigger one more.
let timer;
function scheduleBuild() {
  clearTimeout(timer);
  timer = setTimeout(async () => {
    console.log("dev: change detected, rebuilding…");
    if (build(false)) {
      await stopServer();
      console.log("dev: built; restarting the server.");
      startServer();
    } else {
      // The failed build may have removed the running server's assets: stop it rather than serve broken pages.
      await stopServer();
      console.error(
        "dev: the build failed; the server is stopped until a build succeeds. Fix the error and save again.",
      );
    }
  }, 200);
}

// Folders are watched recursively; files through their folder (editors often save by replacing the file).
const ignored = (file) => /(^|[/\\])\.|~$/.test(file); // editor swap and hidden files
const filesByFolder = new Map();
for (const source of BUILD_SOURCES) {
  const target = path.join(root, source);
  if (!fs.existsSync(target)) continue;
  if (fs.statSync(target).isDirectory()) {
    fs.watch(target, { recursive: true }, (_event, file) => {
      if (file && !ignored(String(file))) scheduleBuild();
    });
  } else {
    const folder = path.dirname(target);
    if (!filesByFolder.has(folder)) filesByFolder.set(folder, new Set());
    filesByFolder.get(folder).add(path.basename(target));
  }
}
for (const [folder, names] of filesByFolder) {
  fs.watch(folder, (_event, file) => {
    if (file && names.has(String(file))) scheduleBuild();
  });
}

async function stop() {
  stopping = true;
  clearTimeout(timer);
  await stopServer();
  process.exit(0);
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
