// Compiles server.ts and its local modules (server/, app/lib) into build/server.js, and `npm run leads`
// (scripts/leads-cli.ts, with the app's lead store) into build/leads.js (Node ESM, npm packages left external).
import { build } from "esbuild";

const options = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  logLevel: "warning",
};

await build({ ...options, entryPoints: ["server.ts"], outfile: "build/server.js" });
await build({ ...options, entryPoints: ["scripts/leads-cli.ts"], outfile: "build/leads.js" });
