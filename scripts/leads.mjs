// `npm run leads -- list [--all] [--json]` shows the submissions kept in DATA_DIR (default ./data):
// waiting for delivery, failed (and, with --all, delivered), with each destination's state.
// `npm run leads -- retry [id…]` re-queues failed submissions (all, or the given ids) with fresh attempts;
// a running server picks them up within seconds, otherwise the next start delivers them.
// Reads and writes the spool layout of app/leads/spool.server.ts (keep the two in step).
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const dataDir = path.resolve(root, process.env.DATA_DIR?.trim() || "data");
const spool = path.join(dataDir, "leads");
const STATES = ["pending", "failed", "delivered"];

function readRecords(state) {
  const directory = path.join(spool, state);
  if (!fs.existsSync(directory)) return [];
  const records = [];
  for (const name of fs.readdirSync(directory)) {
    if (name.startsWith(".") || !name.endsWith(".json")) continue;
    try {
      records.push({ state, ...JSON.parse(fs.readFileSync(path.join(directory, name), "utf8")) });
    } catch (error) {
      console.error(`Unreadable record ${path.join(directory, name)}: ${error.message}`);
    }
  }
  return records.sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt)));
}

function writeAtomic(file, record) {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.tmp`);
  const descriptor = fs.openSync(temporary, "wx", 0o600);
  try {
    fs.writeFileSync(descriptor, `${JSON.stringify(record, null, 2)}\n`);
    fs.fsyncSync(descriptor);
  } finally {
    fs.closeSync(descriptor);
  }
  fs.renameSync(temporary, file);
  try {
    const directory = fs.openSync(path.dirname(file), "r");
    fs.fsyncSync(directory);
    fs.closeSync(directory);
  } catch {
    // Directories cannot be fsynced everywhere; the rename is still atomic.
  }
}

function contactOf(payload = {}) {
  return [payload.nombre, payload.empresa, payload.email].filter(Boolean).join(" · ");
}

function describe(record) {
  const deliveries = Object.entries(record.deliveries ?? {})
    .map(([name, delivery]) => {
      const error = delivery.lastError ? ` (${delivery.lastError})` : "";
      const next = delivery.state === "pending" ? ` next ${delivery.nextAttemptAt}` : "";
      return `    ${name}: ${delivery.state}, ${delivery.attempts} attempt(s)${next}${error}`;
    })
    .join("\n");
  return `${record.state.toUpperCase().padEnd(9)} ${record.id}  ${record.form}  ${record.createdAt}  ${contactOf(record.payload)}\n${deliveries}`;
}

function list(args) {
  const states = args.includes("--all") ? STATES : ["pending", "failed"];
  const records = states.flatMap(readRecords);
  if (args.includes("--json")) {
    console.log(JSON.stringify(records, null, 2));
    return;
  }
  const counts = Object.fromEntries(STATES.map((state) => [state, readRecords(state).length]));
  console.log(
    `Submissions in ${spool}: ${counts.pending} pending, ${counts.failed} failed, ${counts.delivered} delivered.`,
  );
  for (const record of records) console.log(describe(record));
}

function retry(ids) {
  const failed = readRecords("failed").filter((record) => ids.length === 0 || ids.includes(record.id));
  const unknown = ids.filter((id) => !failed.some((record) => record.id === id));
  for (const id of unknown) console.error(`No failed submission with id ${id}.`);
  const now = new Date().toISOString();
  for (const { state: _state, ...record } of failed) {
    for (const delivery of Object.values(record.deliveries ?? {})) {
      if (delivery.state !== "failed") continue;
      delivery.state = "pending";
      delivery.attempts = 0;
      delivery.nextAttemptAt = now;
    }
    fs.mkdirSync(path.join(spool, "pending"), { recursive: true });
    writeAtomic(path.join(spool, "pending", `${record.id}.json`), record);
    fs.rmSync(path.join(spool, "failed", `${record.id}.json`), { force: true });
    console.log(`Re-queued ${record.id} (${record.form}).`);
  }
  console.log(
    `${failed.length} submission(s) re-queued; a running server delivers them within seconds, otherwise the next start does.`,
  );
  if (unknown.length > 0) process.exitCode = 1;
}

const [command, ...args] = process.argv.slice(2);
if (command === "list") list(args);
else if (command === "retry") retry(args.filter((arg) => !arg.startsWith("--")));
else {
  console.error("Usage: npm run leads -- list [--all] [--json]\n       npm run leads -- retry [id…]");
  process.exitCode = 2;
}
