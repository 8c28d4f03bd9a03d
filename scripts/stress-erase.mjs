// `npm run stress:erase [-- ROUNDS]`: the lead store's conformance case "erase removes every trace…"
// (tests/support/lead-store-conformance.ts) run ROUNDS times over (default 200) on both stores, the spool
// and a throwaway PostgreSQL, in one vitest run. An erasure racing a delivery's result is a question of
// timing: a case that passes once in npm test may fail under load, so this is the check that an erased
// submission never comes back. Not part of npm test.
import { spawnSync } from "node:child_process";

import { root } from "./lib/build.mjs";

const rounds = Number.parseInt(process.argv[2] ?? "200", 10);
if (!Number.isInteger(rounds) || rounds < 1) {
  console.error("usage: npm run stress:erase [-- ROUNDS]");
  process.exit(2);
}
const started = Date.now();
const run = spawnSync(
  "npx",
  [
    "vitest",
    "run",
    "--project",
    "integration",
    "tests/integration/lead-store-spool.test.ts",
    "tests/integration/lead-store-postgres.test.ts",
    "-t",
    "erase removes every trace",
  ],
  { cwd: root, stdio: "inherit", env: { ...process.env, LEAD_STORE_ERASE_ROUNDS: String(rounds) } },
);
console.log(
  `stress:erase: ${rounds} rounds per store in ${Math.round((Date.now() - started) / 1000)} s, exit ${run.status}`,
);
process.exit(run.status ?? 1);
