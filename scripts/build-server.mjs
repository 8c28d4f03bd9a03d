// Compiles server.ts and its local modules (server/, app/lib) into build/server.js (Node ESM, npm packages left external).
import { build } from "esbuild";

await build({
  entryPoints: ["server.ts"],
  outfile: "build/server.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  logLevel: "warning",
});
