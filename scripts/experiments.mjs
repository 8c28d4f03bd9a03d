// `npm run experiments -- report [--json]`: per experiment and variant, visitors, leads, conversion rate and
// chance to beat the control. Runs app/experiments/cli.server.ts as built into build/experiments.js (the
// same content and counter code as the server; built first when stale), on the same DATA_DIR and content.
import path from "node:path";
import { pathToFileURL } from "node:url";

import { buildIsStale, root, runBuild } from "./lib/build.mjs";

// The build's own output goes to stderr, so `--json` stays parseable on stdout.
if (buildIsStale()) runBuild({ stdio: ["ignore", process.stderr, process.stderr] });
process.chdir(root);
const cli = await import(pathToFileURL(path.join(root, "build", "experiments.js")).href);
process.exitCode = await cli.main(process.argv.slice(2));
