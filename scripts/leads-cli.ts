// Entry of `npm run leads` (bundled to build/leads.js; scripts/leads.mjs runs it): the server's own store code.
import { createLeadBackend } from "~/leads/backend.server";
import { checkCall, runLeadsCommand } from "~/leads/cli.server";
import { closeSharedDatabase } from "~/leads/database.server";
import { combineStores, namedSpools } from "~/leads/spools.server";

// stdout is the command's own (`--json` is read by programs): the store's log lines go to stderr.
const stdout = (line: string) => process.stdout.write(`${line}\n`);
console.log = (...values: unknown[]) => console.error(...values);
const output = { out: stdout, error: (line: string) => console.error(line) };

async function run(argv: string[], dataDirs: readonly string[]): Promise<number> {
  const backends = dataDirs.map((dataDir) => createLeadBackend({ ...process.env, DATA_DIR: dataDir }));
  const store = combineStores(backends.map((backend) => backend.createLeadStore()));
  const location = [...new Set(backends.map((backend) => backend.location))].join(", ");
  try {
    await store.open();
    return await runLeadsCommand(argv, store, output, location);
  } catch (error) {
    console.error(`npm run leads failed: ${String((error as Error)?.message ?? error)}`);
    return 1;
  } finally {
    await store.stop();
    await closeSharedDatabase();
  }
}

// The spools named (DATA_DIR, DATA_DIRS, each --data-dir: app/leads/spools.server.ts), then the command.
// Help and wrong calls are answered before any store is opened: they change nothing.
const spools = namedSpools(process.argv.slice(2));
if (!spools.ok) {
  output.error(spools.error);
  process.exitCode = 2;
} else {
  process.exitCode = checkCall(spools.argv, output) ?? (await run(spools.argv, spools.dataDirs));
}
