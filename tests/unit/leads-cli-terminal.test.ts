// `npm run leads` prints what visitors sent: C0 and C1 controls and bidi overrides come out escaped, so
// a lead cannot drive or reorder the operator's terminal, and `--json` stays valid JSON of the same text.
import { describe, expect, it } from "vitest";

import { runLeadsCommand } from "~/leads/cli.server";
import type { LeadRecord } from "~/leads/spool.server";
import type { LeadStore, ListedLead } from "~/leads/store.server";
import { escapeForTerminal, terminalSafeLine } from "~/leads/terminal-text";

const HOSTILE_NAME = "Ana\u009b2J\u202eadmin\u2066x\u2069\u001b[31m\u0007";
const HOSTILE_MESSAGE = "línea 1\nDELIVERED falso\r\u0085\u200f";

const record: ListedLead = {
  version: 1,
  id: "0b3c7a52-5d0f-4a8e-9a53-2f8e1d9c7b11",
  form: "contacto",
  createdAt: "2026-11-28T07:00:00.000Z",
  state: "failed",
  payload: { nombre: HOSTILE_NAME, email: "ana@empresa.es", mensaje: HOSTILE_MESSAGE },
  deliveries: {
    formService: { state: "failed", attempts: 3, lastError: "HTTP 500 \u009b\u202e" },
  },
} as unknown as ListedLead;

const store = {
  list: async () => [record],
  findByEmail: async () => [record as LeadRecord & { state: string }],
} as unknown as LeadStore;

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runLeadsCommand(argv, store, { out: (l) => out.push(l), error: (l) => err.push(l) }, "DATA_DIR");
  return { code, text: out.join("\n"), err: err.join("\n") };
}

/** C0 except the line breaks the CLI writes itself, DEL, C1, and the bidi controls. */
// eslint-disable-next-line no-control-regex -- what must never reach the terminal.
const RAW_UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe("npm run leads output", () => {
  it.each([["list"], ["list", "--all"], ["export", "ana@empresa.es"]])("%s prints no raw control", async (...argv) => {
    const { code, text } = await run(...argv);
    expect(code).toBe(0);
    expect(text).not.toMatch(RAW_UNSAFE);
    expect(text).toContain("\\u009b");
    expect(text).toContain("\\u202e");
  });

  it("export prints a visitor's line breaks escaped, so a value cannot fake a line", async () => {
    const { text } = await run("export", "ana@empresa.es");
    expect(text).toContain("mensaje: línea 1\\u000aDELIVERED falso\\u000d\\u0085\\u200f");
    expect(text.split("\n").some((line) => line.startsWith("DELIVERED"))).toBe(false);
  });

  it.each([
    ["list", "--json"],
    ["export", "ana@empresa.es", "--json"],
  ])("%s %s stays valid JSON of the same text, with C1 and bidi escaped", async (...argv) => {
    const { text } = await run(...argv);
    expect(text).not.toMatch(RAW_UNSAFE);
    expect(text).toContain("\\u009b");
    expect(text).toContain("\\u202e");
    expect(text).toContain("\\u2066");
    const parsed = JSON.parse(text) as unknown;
    expect(JSON.stringify(parsed)).toContain(JSON.stringify(HOSTILE_NAME).slice(1, -1));
  });
});

describe("terminal text", () => {
  it("escapes every control and bidi character of a value", () => {
    expect(escapeForTerminal("a\u0000b\u001bc\u007fd\u009be\u202af\u2069g\nh")).toBe(
      "a\\u0000b\\u001bc\\u007fd\\u009be\\u202af\\u2069g\\u000ah",
    );
    expect(escapeForTerminal("Ñandú ·€")).toBe("Ñandú ·€");
  });

  it("keeps a line's own line breaks", () => {
    expect(terminalSafeLine("uno\ndos\u009b")).toBe("uno\ndos\\u009b");
  });
});
