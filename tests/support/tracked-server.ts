/**
 * For E2E specs that need tracking ids: starts another instance of the built server (build/server.js,
 * made by scripts/e2e.mjs) on a free port, on a copy of the seed dataset whose site settings carry
 * Google Ads and Meta ids, delivering to the same local receiver as the main instance.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const TRACKING_IDS = {
  googleAdsId: "AW-123456789",
  googleAdsLeadLabel: "LeadLabel1",
  googleAdsContactLabel: "ContactLabel2",
  metaPixelId: "998877665544",
};

const root = path.resolve(import.meta.dirname, "..", "..");
/** Where build/server.js lives: the repository, or a snapshot of its build (E2E_SERVER_ROOT). */
const serverRoot = process.env.E2E_SERVER_ROOT ?? root;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface TrackedServer {
  url: string;
  /** The server's dataset file: a test may rewrite it (the server serves a change within 5 s). */
  dataset: string;
  stop(): Promise<void>;
}

/** `extraDocuments` are appended to the dataset copy (drafts, preview secrets); `env` adds settings. */
export async function startTrackedServer(
  tracking: Record<string, string> = TRACKING_IDS,
  { extraDocuments = [], env = {} }: { extraDocuments?: object[]; env?: Record<string, string> } = {},
): Promise<TrackedServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-tracked-"));
  const dataset = path.join(dir, "production.ndjson");
  const lines = fs
    .readFileSync(path.join(root, "sanity-studio", "seed", "production.ndjson"), "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => {
      const document = JSON.parse(line);
      return JSON.stringify(document._id === "siteSettings" ? { ...document, tracking: tracking } : document);
    });
  lines.push(...extraDocuments.map((document) => JSON.stringify(document)));
  fs.writeFileSync(dataset, lines.join("\n") + "\n");

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const receiver = process.env.E2E_RECEIVER_URL ?? "";
  const child: ChildProcess = spawn(process.execPath, ["build/server.js"], {
    cwd: serverRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      PUBLIC_SITE_URL: url,
      CONTENT_DATASET_FILE: dataset,
      DATA_DIR: path.join(dir, "data"),
      FORM_SERVICE_URL: `${receiver}/form-service`,
      AUTOMATION_WEBHOOK_URL: `${receiver}/automation-webhook`,
      DELIVERY_RETRY_BASE_MS: "200",
      FORM_RATE_LIMIT: "1000",
      ...env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  child.stderr?.on("data", (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));

  // Waits for the server to answer or to exit; the deadline only ends a start that hangs, so it is generous (a loaded
  // 2-core host takes seconds to load the server's bundle).
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).status < 500) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error(`tracked server did not start at ${url}\n${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    dataset,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
