// The shipped deploy files as their programs read them: the systemd unit (deploy/systemd/leads-site@.service)
// through `systemd-analyze verify` on an instance of it, with no warning, the settings the drain relies on,
// and its hardening as `systemd-analyze security` scores it; the nginx site's cache of build files
// (deploy/nginx/leads-site.conf), keyed by path only.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

const unitFile = path.resolve(import.meta.dirname, "..", "..", "deploy", "systemd", "leads-site@.service");
const siteFile = path.resolve(import.meta.dirname, "..", "..", "deploy", "nginx", "leads-site.conf");
/** `systemd-analyze security`'s overall exposure (0 safest … 10) that the unit must stay at or below: it scores 1.1. */
const MAX_EXPOSURE = 1.5;

/** Runs `systemd-analyze <args…> <unit>` on a copy of the unit named as an instance (`leads-site@3001`). */
function analyzeInstance(args: string[]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "site-unit-"));
  try {
    // The instance name is the port, as `systemctl start leads-site@3001` gives it.
    const instance = path.join(dir, "leads-site@3001.service");
    fs.copyFileSync(unitFile, instance);
    return spawnSync("systemd-analyze", [...args, instance], { encoding: "utf8" });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

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
    const result = analyzeInstance(["verify"]);
    expect(result.error).toBeUndefined();
    expect(`${result.stdout}${result.stderr}`.trim()).toBe("");
    expect(result.status).toBe(0);
  });

  it(`is hardened: systemd-analyze security rates its exposure at most ${MAX_EXPOSURE}`, () => {
    const result = analyzeInstance(["security", "--offline=true", "--no-pager"]);
    expect(result.error).toBeUndefined();
    const score = /Overall exposure level for \S+: (\d+(?:\.\d+)?)/.exec(`${result.stdout}${result.stderr}`)?.[1];
    expect(score, `${result.stdout}${result.stderr}`).toBeDefined();
    expect(Number(score)).toBeLessThanOrEqual(MAX_EXPOSURE);
  });

  it("listens on 127.0.0.1, keeps what Node needs (no MemoryDenyWriteExecute: V8's JIT) and fails refused calls softly", () => {
    const text = fs.readFileSync(unitFile, "utf8");
    const settings = serviceSettings(text);
    expect(text).toMatch(/^Environment=HOST=127\.0\.0\.1$/m);
    // Before the environment file, so an operator can name another address there.
    expect(text.indexOf("Environment=HOST=")).toBeLessThan(text.indexOf("EnvironmentFile="));
    expect(settings.has("MemoryDenyWriteExecute")).toBe(false);
    expect(settings.get("CapabilityBoundingSet")).toBe("");
    expect(settings.get("UMask")).toBe("0077");
    expect(settings.get("RestrictAddressFamilies")).toBe("AF_INET AF_INET6 AF_UNIX");
    // A filtered system call answers EPERM instead of killing the process with SIGSYS.
    expect(settings.get("SystemCallErrorNumber")).toBe("EPERM");
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

describe("the nginx site", () => {
  it("caches build files by path alone: a query string cannot fill the cache", () => {
    const text = fs.readFileSync(siteFile, "utf8");
    const block = /location \/build\/ \{([^}]*)\}/.exec(text)?.[1] ?? "";
    expect(block).toMatch(/proxy_cache leads_site_build;/);
    const key = /^\s*proxy_cache_key ([^;]+);/m.exec(block)?.[1];
    expect(key).toBeDefined();
    expect(key).toMatch(/\$uri\b/);
    expect(key).not.toMatch(/\$(request_uri|args|query_string|is_args|arg_)/);
  });
});
