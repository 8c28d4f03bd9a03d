// Compiles server.ts and its local modules (server/, app/lib) into build/server.js, `npm run leads`
// (scripts/leads-cli.ts, with the app's lead store) into build/leads.js and the experiments report
// (app/experiments/cli.server.ts) into build/experiments.js (Node ESM, npm packages left external).
import { build } from "esbuild";

await build({
  entryPoints: { server: "server.ts", leads: "scripts/leads-cli.ts", experiments: "app/experiments/cli.server.ts" },
  outdir: "build",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  logLevel: "warning",
});
