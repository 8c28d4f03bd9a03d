// Entry of `npm run leads` (bundled to build/leads.js; scripts/leads.mjs runs it): the server's own store code.
import { createLeadBackend } from "~/leads/backend.server";
import { checkCall, runLeadsCommand } from "~/leads/cli.server";
import { closeSharedDatabase } from "~/leads/database.server";

// stdout is the command's own (`--json` is read by programs): the store's log lines go to stderr.
const stdout = (line: string) => process.stdout.write(`${line}\n`);
console.log = (...values: unknown[]) => console.error(...values);
const output = { out: stdout, error: (line: string) => console.error(line) };
const argv = process.argv.slice(2);
// Help and wrong calls are answered before any store is opened: they change nothing.
const early = checkCall(argv, output);
if (early !== null) {
  process.exitCode = early;
} else {
  const backend = createLeadBackend();
  const store = backend.createLeadStore();
  try {
    await store.open();
    process.exitCode = await runLeadsCommand(argv, store, output, backend.location);
  } catch (error) {
    console.error(`npm run leads failed: ${String((error as Error)?.message ?? error)}`);
    process.exitCode = 1;
  } finally {
    await store.stop();
    await closeSharedDatabase();
  }
}
