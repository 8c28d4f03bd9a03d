// Shared by `npm start`, `npm run dev`, the benchmarks and the test setup: build when build/ is missing or
// older than the sources, and start the production server on a free 127.0.0.1 port.
import { execSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..", "..");
/** What the build reads (folders and files, relative to the root): build/ is stale when one is newer. */
export const BUILD_SOURCES = [
  "app",
  "server",
  "server.ts",
  "remix.config.js",
  "tailwind.config.ts",
  "postcss.config.js",
  "package.json",
  "scripts/build-server.mjs",
  "scripts/build-preview-client.mjs",
  "scripts/build-client.mjs",
  "scripts/leads-cli.ts",
];
const OUTPUTS = ["server.js", "index.js", "leads.js", "experiments.js", "client.json"].map((name) =>
  path.join("build", name),
);

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when a build output is missing or older than any source file. */
export function buildIsStale() {
  const outputs = OUTPUTS.map((output) => path.join(root, output));
  if (outputs.some((output) => !fs.existsSync(output))) return true;
  const built = Math.min(...outputs.map((output) => fs.statSync(output).mtimeMs));
  return Math.max(...BUILD_SOURCES.map((source) => newestMtime(path.join(root, source)))) > built;
}

/** `npm run build`, a production build whatever the caller runs under (vitest sets NODE_ENV=test). Throws when it fails. */
export function runBuild({ stdio = "inherit" } = {}) {
  execSync("npm run build", { cwd: root, stdio, env: { ...process.env, NODE_ENV: "production" } });
}

/** Builds when build/ is stale (see buildIsStale); true when it built. */
export function ensureBuild({ stdio = "inherit" } = {}) {
  if (!buildIsStale()) return false;
  runBuild({ stdio });
  return true;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

// A deadline for a server that never answers: generous, since a loaded host can take tens of seconds to start one,
// and free when it answers (docs/testing.md).
export async function waitForHttp(url, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status < 500) return;
    } catch {
      // Not listening yet: try again shortly.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No answer from ${url} within ${timeoutMs} ms`);
}

export const SEED_DATASET = path.join(root, "sanity-studio", "seed", "production.ndjson");

/**
 * Starts build/server.js in a child process (production mode, temporary DATA_DIR, no delivery
 * destinations, no database unless `env` names one, a private copy of the seed dataset unless CONTENT_DATASET_FILE is given) and resolves
 * once it answers; `nodeArgs` go to node before the script (e.g. --cpu-prof). `stop()` ends it.
 */
export async function startProductionServer({ env = {}, nodeArgs = [] } = {}) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-data-"));
  const dataset = path.join(dataDir, "production.ndjson");
  fs.copyFileSync(SEED_DATASET, dataset);
  // The dataset's images live beside it (docs/images.md).
  fs.cpSync(path.join(path.dirname(SEED_DATASET), "images"), path.join(dataDir, "images"), { recursive: true });
  const baseUrl = `http://127.0.0.1:${port}`;
  const childEnv = { ...process.env };
  delete childEnv.FORM_SERVICE_URL;
  delete childEnv.AUTOMATION_WEBHOOK_URL;
  delete childEnv.SANITY_PROJECT_ID;
  delete childEnv.DATABASE_URL;
  Object.assign(
    childEnv,
    {
      NODE_ENV: "production",
      PORT: String(port),
      PUBLIC_SITE_URL: baseUrl,
      DATA_DIR: dataDir,
      CONTENT_DATASET_FILE: dataset,
    },
    env,
  );
  for (const [name, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[name];
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, "build", "server.js")], {
    cwd: root,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    await Promise.race([
      waitForHttp(`${baseUrl}/healthz`),
      exited.then((code) => {
        throw new Error(`server exited (${code}):\n${output}`);
      }),
    ]);
  } catch (error) {
    child.kill("SIGTERM");
    throw error;
  }
  return {
    baseUrl,
    port,
    dataDir,
    pid: child.pid,
    output: () => output,
    /** Sends a signal (SIGKILL: the instance dies mid-work); resolves with the exit code once it is gone. */
    kill(signal = "SIGKILL") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
