// Compiles server.ts and its local modules (server/, app/lib) into build/server.js, and the experiments
// report (app/experiments/cli.server.ts) into build/experiments.js (Node ESM, npm packages left external).
import { build } from "esbuild";

await build({
  entryPoints: { server: "server.ts", experiments: "app/experiments/cli.server.ts" },
  outdir: "build",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  logLevel: "warning",
});
