// The shipped systemd unit (deploy/systemd/leads-site@.service) as systemd reads it: `systemd-analyze
// verify` on an instance of it, with no warning, and the settings the drain relies on.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

const unitFile = path.resolve(import.meta.dirname, "..", "..", "deploy", "systemd", "leads-site@.service");

function serviceSettings(text: string): Map<string, string> {
  const settings = new Map<string, string>();
  let section = "";
  for (const line of text.split("\n")) {
    const header = /^\[(\w+)\]$/.exec(line.trim());
    if (header) section = header[1]!;
    const setting = /^(\w+)=(.*)$/.exec(line.trim());
    if (setting && section === "Service") settings.set(setting[1]!, setting[2]!);
  }
  return settings;
}

describe("the systemd unit", () => {
  it("verifies cleanly as an instance per port", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "site-unit-"));
    try {
      // The instance name is the port, as `systemctl start leads-site@3001` gives it.
      const instance = path.join(dir, "leads-site@3001.service");
      fs.copyFileSync(unitFile, instance);
      const result = spawnSync("systemd-analyze", ["verify", instance], { encoding: "utf8" });
      expect(result.error).toBeUndefined();
      expect(`${result.stdout}${result.stderr}`.trim()).toBe("");
      expect(result.status).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("stops with SIGTERM, waits longer than the drain's bound, restarts on failure and reads an environment file", () => {
    const settings = serviceSettings(fs.readFileSync(unitFile, "utf8"));
    expect(settings.get("KillSignal")).toBe("SIGTERM");
    // The server exits within DELIVERY_TIMEOUT_MS + 5 s (15 s with the defaults).
    expect(Number(settings.get("TimeoutStopSec"))).toBeGreaterThan(15);
    expect(settings.get("Restart")).toBe("on-failure");
    expect(settings.get("EnvironmentFile")).toMatch(/^\//);
    // PORT comes from the instance name, after the environment file (which must not override it).
    expect(settings.get("ExecStart")).toMatch(/PORT=%i .*build\/server\.js$/);
  });
});
