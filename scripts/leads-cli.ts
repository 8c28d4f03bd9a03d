// Entry of `npm run leads` (bundled to build/leads.js; scripts/leads.mjs runs it): the server's own store code.
import { createLeadBackend } from "~/leads/backend.server";
import { runLeadsCommand } from "~/leads/cli.server";
import { closeSharedDatabase } from "~/leads/database.server";

const backend = createLeadBackend();
const store = backend.createLeadStore();
try {
  await store.open();
  process.exitCode = await runLeadsCommand(
    process.argv.slice(2),
    store,
    { out: (line) => console.log(line), error: (line) => console.error(line) },
    backend.location,
  );
} catch (error) {
  console.error(`npm run leads failed: ${String((error as Error)?.message ?? error)}`);
  process.exitCode = 1;
} finally {
  await store.stop();
  await closeSharedDatabase();
}
