// `npm run dev`: the production build and server, rebuilt and restarted when a source file changes.
// No hot module replacement: the site's server (page cache, paint-first rewrite, lead worker) is the one
// that ships, so what you see while developing is what runs in production. Content edits in the NDJSON
// dataset need no rebuild (the server picks them up within 5 s).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const watched = ["app", "server", "server.ts", "remix.config.js", "tailwind.config.ts", "postcss.config.js"];
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

function build() {
  return spawnSync(npm, ["run", "build"], { cwd: root, stdio: "inherit" }).status === 0;
}

if (!build()) console.error("dev: the build failed; fix the error and save again.");

// --watch-path restarts the server whenever a build rewrites build/.
const server = spawn(process.execPath, ["--watch-path=build", "build/server.js"], {
  cwd: root,
  stdio: "inherit",
  env: { NODE_ENV: "production", ...process.env },
});

let timer;
let building = false;
let again = false;
function scheduleBuild() {
  clearTimeout(timer);
  timer = setTimeout(() => {
    if (building) {
      again = true;
      return;
    }
    building = true;
    console.log("dev: change detected, rebuilding…");
    if (!build()) console.error("dev: the build failed; the server keeps the previous build.");
    building = false;
    if (again) {
      again = false;
      scheduleBuild();
    }
  }, 200);
}

for (const entry of watched) {
  const target = path.join(root, entry);
  if (!fs.existsSync(target)) continue;
  const recursive = fs.statSync(target).isDirectory();
  fs.watch(target, { recursive }, (_event, file) => {
    // Editor swap and hidden files never trigger a build.
    if (file && /(^|\/)\.|~$/.test(String(file))) return;
    scheduleBuild();
  });
}

function stop() {
  server.kill("SIGTERM");
  process.exit(0);
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
server.on("exit", (code) => process.exit(code ?? 0));
