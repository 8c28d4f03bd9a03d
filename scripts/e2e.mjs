// `npm run test:e2e`: builds when build/ is stale (scripts/lib/build.mjs), starts the production server on a free port (with a temporary DATA_DIR
// and a local stand-in for both delivery destinations), runs Playwright in Debian's Chromium, stops all.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { startReceiver } from "../tests/support/receiver.mjs";
import { ensureBuild, freePort, root, waitForHttp } from "./lib/build.mjs";
import { requireChromium } from "./lib/chromium.mjs";

requireChromium();

ensureBuild();

const receiver = await startReceiver();
const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-data-"));
const baseUrl = `http://127.0.0.1:${port}`;
const serverEnv = {
  ...process.env,
  NODE_ENV: "production",
  PORT: String(port),
  PUBLIC_SITE_URL: baseUrl,
  DATA_DIR: dataDir,
  FORM_SERVICE_URL: `${receiver.url}/form-service`,
  AUTOMATION_WEBHOOK_URL: `${receiver.url}/automation-webhook`,
  DELIVERY_RETRY_BASE_MS: "200",
  FORM_RATE_LIMIT: "1000",
};
const server = spawn(process.execPath, ["build/server.js"], {
  cwd: root,
  env: serverEnv,
  stdio: ["ignore", "pipe", "pipe"],
});
const serverLog = fs.createWriteStream(path.join(dataDir, "server.log"));
server.stdout.pipe(serverLog);
server.stderr.pipe(serverLog);

let exitCode = 1;
try {
  // Until the server answers; the deadline only ends a start that hangs (a loaded host takes seconds: docs/testing.md).
  await waitForHttp(`${baseUrl}/healthz`, 120_000);
  const args = ["playwright", "test", ...process.argv.slice(2)];
  const runner = spawn("npx", args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, E2E_BASE_URL: baseUrl, E2E_RECEIVER_URL: receiver.url, E2E_DATA_DIR: dataDir },
  });
  exitCode = await new Promise((resolve) => runner.on("exit", (code) => resolve(code ?? 1)));
} finally {
  server.kill("SIGTERM");
  receiver.server.close();
  if (exitCode !== 0) console.error(`Server log: ${path.join(dataDir, "server.log")}`);
}
process.exit(exitCode);
