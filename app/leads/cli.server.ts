/**
 * `npm run leads`: what an operator reads, re-queues, hands over and erases, from the same store the
 * server uses (the spool in DATA_DIR, or the database when DATABASE_URL is set), over every spool named
 * (app/leads/spools.server.ts: DATA_DIR, DATA_DIRS, --data-dir). scripts/leads-cli.ts is
 * its entry, bundled to build/leads.js by scripts/build-server.mjs. Exit codes: 0 done, 1 a command that
 * ran but could not do all it was asked, 2 a wrong call (nothing was changed).
 */
import { runRetention } from "./backend.server";
import { normalizeEmail } from "./retention.server";
import type { LeadRecord, SpoolState } from "./spool.server";
import { SPOOL_STATES } from "./spool.server";
import type { LeadStore, ListedLead } from "./store.server";
import { escapeForTerminal, terminalSafeLine } from "./terminal-text";

const COMMANDS: readonly (readonly [usage: string, explanation: string])[] = [
  ["list [--all] [--json]", "submissions pending or failed (with --all, delivered too)"],
  ["retry [id…]", "puts failed submissions (all, or the given ids) back in the queue with fresh attempts"],
  [
    "export <email> [--json]",
    "every stored submission of that address, payload and delivery states (access, portability)",
  ],
  ["erase <email>", "removes every submission of that address, cancels its deliveries, keeps an audit line without it"],
  ["purge", "the retention run now: delivered ones after LEAD_RETENTION_DAYS, any after LEAD_MAX_AGE_DAYS"],
];

const USAGE = [
  "Usage: npm run leads -- <command>",
  "",
  ...COMMANDS.map(([usage, explanation]) => `  ${usage.padEnd(24)} ${explanation}`),
  "",
  "Every command reaches DATA_DIR, each folder of DATA_DIRS (comma-separated) and each --data-dir <folder>:",
  "name the spool of every instance (the shipped unit keeps one per port, /var/lib/leads-site/<port>).",
].join("\n");

export interface CommandOutput {
  out(line: string): void;
  error(line: string): void;
}

/** A stored value as one terminal-safe line (a visitor's text may hold controls and line breaks). */
function shown(value: unknown): string {
  return escapeForTerminal(typeof value === "string" ? value : (JSON.stringify(value) ?? String(value)));
}

function contactOf(payload: Record<string, unknown> = {}): string {
  return [payload.nombre, payload.empresa, payload.email].filter(Boolean).map(shown).join(" · ");
}

/** Every line printed passes here: nothing a visitor sent can drive the operator's terminal. */
function terminalSafe(output: CommandOutput): CommandOutput {
  return {
    out: (line) => output.out(terminalSafeLine(line)),
    error: (line) => output.error(terminalSafeLine(line)),
  };
}

function deliveryLines(record: LeadRecord): string {
  return Object.entries(record.deliveries ?? {})
    .map(([name, delivery]) => {
      if (!delivery) return "";
      const error = delivery.lastError ? ` (${shown(delivery.lastError)})` : "";
      const next = delivery.state === "pending" ? ` next ${delivery.nextAttemptAt}` : "";
      return `    ${name}: ${delivery.state}, ${delivery.attempts} attempt(s)${next}${error}`;
    })
    .join("\n");
}

function describe(record: ListedLead): string {
  return `${record.state.toUpperCase().padEnd(9)} ${record.id}  ${record.form}  ${record.createdAt}  ${contactOf(record.payload)}\n${deliveryLines(record)}`;
}

async function list(store: LeadStore, args: string[], output: CommandOutput, location: string): Promise<number> {
  const states: readonly SpoolState[] = args.includes("--all") ? SPOOL_STATES : ["pending", "failed"];
  const records = await store.list(SPOOL_STATES);
  const shown = records.filter((record) => states.includes(record.state));
  if (args.includes("--json")) {
    output.out(JSON.stringify(shown, null, 2));
    return 0;
  }
  const count = (state: SpoolState) => records.filter((record) => record.state === state).length;
  output.out(
    `Submissions in ${location}: ${count("pending")} pending, ${count("failed")} failed, ${count("delivered")} delivered.`,
  );
  for (const record of shown) output.out(describe(record));
  return 0;
}

async function retry(store: LeadStore, ids: string[], output: CommandOutput): Promise<number> {
  const { requeued, unknown } = await store.requeueFailed(ids);
  for (const id of unknown) output.error(`No failed submission with id ${id}.`);
  for (const record of requeued as LeadRecord[]) output.out(`Re-queued ${record.id} (${record.form}).`);
  output.out(
    `${requeued.length} submission(s) re-queued; a running server delivers them within seconds, otherwise the next start does.`,
  );
  return unknown.length > 0 ? 1 : 0;
}

/** The address a personal-data command names, normalized; null (after saying why) when it names none. */
function emailArgument(command: string, args: string[], output: CommandOutput): string | null {
  const given = args.filter((arg) => !arg.startsWith("--"));
  const email = given.length === 1 ? normalizeEmail(given[0]) : null;
  if (email) return email;
  output.error(
    given.length === 0
      ? `${command} needs the person's email address: npm run leads -- ${command} <email>`
      : given.length > 1
        ? `${command} takes one email address, got ${given.length} arguments.`
        : `Not an email address: ${JSON.stringify(given[0])}. Nothing was changed.`,
  );
  return null;
}

async function exportPerson(store: LeadStore, email: string, args: string[], output: CommandOutput) {
  const records = await store.findByEmail(email);
  if (args.includes("--json")) {
    const submissions = records.map(({ id, form, createdAt, payload, deliveries }) => ({
      id,
      form,
      createdAt,
      payload,
      deliveries,
    }));
    output.out(JSON.stringify({ email, submissions }, null, 2));
    return 0;
  }
  output.out(`${records.length} stored submission(s) of ${email}.`);
  for (const record of records) {
    output.out(`\n${record.state.toUpperCase()} ${record.id}  ${record.form}  ${record.createdAt}`);
    for (const [field, value] of Object.entries(record.payload ?? {})) {
      output.out(`    ${shown(field)}: ${shown(value)}`);
    }
    output.out("  deliveries:");
    output.out(deliveryLines(record));
  }
  return 0;
}

async function erase(store: LeadStore, email: string, output: CommandOutput): Promise<number> {
  const { ids, erasedAt } = await store.erase(email);
  output.out(`Erased ${ids.length} submission(s) of that address; their pending deliveries are cancelled.`);
  output.out(
    `Audit line kept (without the address): ${erasedAt}, ${ids.length} submission(s)${ids.length ? `: ${ids.join(", ")}` : ""}.`,
  );
  return 0;
}

async function purge(store: LeadStore, output: CommandOutput): Promise<number> {
  const result = await runRetention(store);
  if (!result.ran) {
    output.out("Another process is running the retention now; nothing was done here.");
    return 0;
  }
  output.out(`Retention run: ${result.removed.length} submission(s) removed.`);
  for (const entry of result.removed) {
    const why = entry.reason === "delivered" ? "retention after delivery" : "maximum age";
    output.out(`  ${entry.id}  ${entry.form}  ${entry.state}  (${why})`);
  }
  return 0;
}

/** True for a call that only asks for the list of commands. */
export function asksForHelp(argv: readonly string[]): boolean {
  return argv.length === 0 || ["help", "--help", "-h"].includes(argv[0]!);
}

/** Says what the commands are, or why a call is wrong; resolves to the exit code. */
export function usage(argv: readonly string[], output: CommandOutput): number {
  if (asksForHelp(argv)) {
    output.out(USAGE);
    return 0;
  }
  output.error(`Unknown command: ${argv[0]}.\n\n${USAGE}`);
  return 2;
}

const KNOWN = new Set(["list", "retry", "export", "erase", "purge"]);

/**
 * Checks a call before any store is opened: resolves to an exit code when the call is help or wrong
 * (printed), null when it may run.
 */
export function checkCall(argv: readonly string[], printed: CommandOutput): number | null {
  const output = terminalSafe(printed);
  const [command, ...args] = argv;
  if (!command || !KNOWN.has(command)) return usage(argv, output);
  if ((command === "export" || command === "erase") && !emailArgument(command, args, output)) return 2;
  return null;
}

/** Runs one command against an opened store (checkCall passed); resolves to the process exit code. */
export async function runLeadsCommand(
  argv: string[],
  store: LeadStore,
  printed: CommandOutput,
  /** Where the store keeps submissions, as the operator reads it (LeadBackend.location). */
  location: string,
): Promise<number> {
  const output = terminalSafe(printed);
  const wrong = checkCall(argv, output);
  if (wrong !== null) return wrong;
  const [command, ...args] = argv;
  if (command === "list") return list(store, args, output, location);
  if (command === "retry")
    return retry(
      store,
      args.filter((arg) => !arg.startsWith("--")),
      output,
    );
  if (command === "purge") return purge(store, output);
  const email = emailArgument(command!, args, output)!;
  return command === "export" ? exportPerson(store, email, args, output) : erase(store, email, output);
}
