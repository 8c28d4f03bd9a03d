// `npm run leads -- list [--all] [--json]` and `npm run leads -- retry [id…]`: submissions waiting for
// delivery, failed (and, with --all, delivered), and re-queueing failed ones. Reads the same store as the
// server (DATA_DIR, or the database when DATABASE_URL is set) through the server's own code
// (app/leads/cli.server.ts, bundled to build/leads.js), building first when build/ is stale.
import path from "node:path";

import { buildIsStale, root, runBuild } from "./lib/build.mjs";

if (buildIsStale()) {
  console.error("Building the site…");
  // The build's output goes to stderr: stdout stays the command's own (`--json` is read by programs).
  runBuild({ stdio: ["ignore", process.stderr, process.stderr] });
}
await import(path.join(root, "build", "leads.js"));
