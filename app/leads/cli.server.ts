/**
 * `npm run leads`: what an operator reads and re-queues, from the same store the server uses (the spool
 * in DATA_DIR, or the database when DATABASE_URL is set). scripts/leads-cli.ts is its entry, bundled to
 * build/leads.js by scripts/build-server.mjs.
 *
 *   list [--all] [--json]   pending and failed submissions (with --all, delivered too)
 *   retry [id…]             re-queues failed submissions (all, or the given ids) with fresh attempts
 */
import type { LeadRecord, SpoolState } from "./spool.server";
import { SPOOL_STATES } from "./spool.server";
import type { LeadStore, ListedLead } from "./store.server";

const USAGE = "Usage: npm run leads -- list [--all] [--json]\n       npm run leads -- retry [id…]";

export interface CommandOutput {
  out(line: string): void;
  error(line: string): void;
}

function contactOf(payload: Record<string, unknown> = {}): string {
  return [payload.nombre, payload.empresa, payload.email].filter(Boolean).join(" · ");
}

function describe(record: ListedLead): string {
  const deliveries = Object.entries(record.deliveries ?? {})
    .map(([name, delivery]) => {
      if (!delivery) return "";
      const error = delivery.lastError ? ` (${delivery.lastError})` : "";
      const next = delivery.state === "pending" ? ` next ${delivery.nextAttemptAt}` : "";
      return `    ${name}: ${delivery.state}, ${delivery.attempts} attempt(s)${next}${error}`;
    })
    .join("\n");
  return `${record.state.toUpperCase().padEnd(9)} ${record.id}  ${record.form}  ${record.createdAt}  ${contactOf(record.payload)}\n${deliveries}`;
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

/** Runs one command against an opened store; resolves to the process exit code. */
export async function runLeadsCommand(
  argv: string[],
  store: LeadStore,
  output: CommandOutput,
  /** Where the store keeps submissions, as the operator reads it (LeadBackend.location). */
  location: string,
): Promise<number> {
  const [command, ...args] = argv;
  if (command === "list") return list(store, args, output, location);
  if (command === "retry")
    return retry(
      store,
      args.filter((arg) => !arg.startsWith("--")),
      output,
    );
  output.error(USAGE);
  return 2;
}
