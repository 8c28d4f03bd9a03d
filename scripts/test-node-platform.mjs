// `npm run test:node-platform`: the part of `npm test` whose outcome rests on Node's own platform rather than
// on the site's code alone. CI runs it under the second supported Node version (Node 24 LTS; `npm test`, the
// whole suite, runs under Node 20): the site's JavaScript is the same on both, what differs between Node
// versions is what Node itself does, and nearly every test meets it somewhere:
// - the unit project: ICU's number and date formats, crypto, URL parsing;
// - the integration project: the route tests build Node's Request, Response and FormData (undici, which
//   changed between 20 and 24: a FormData stream that throws once its reader stops, tests/integration/
//   leads-abuse.test.ts), the production-server tests meet its http server, zlib, streams, sockets and
//   signals, the lead stores its fs (fsync, rename), timers and the pg driver's sockets.
// Left to Node 20 alone: the Studio's tests (the Studio runs in the browser, built by its own toolchain),
// and the scenarios named in NODE_20_ONLY, which replay against another store or more instances the same
// Node calls that other files here make (each says which); they are nearly half of the suite's test time,
// most of it waiting. Extra arguments go to vitest.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

import { root } from "./lib/build.mjs";

const INTEGRATION = "tests/integration";
/** Integration files run under Node 20 only, with the files that make the same Node calls under Node 24. */
const NODE_20_ONLY = {
  "leads-postgres-instances.test.ts":
    "two instances on one database, killed and restarted: lead-store-postgres (pg), server-shutdown (signals)",
  "server-experiments.test.ts": "assignment and counting on both stores: lead-store-*, server-headers (cookies)",
  "server-personal-data.test.ts": "npm run leads over both stores: lead-store-* (export, erase, purge)",
  "server-client-address.test.ts": "forwarded headers and HSTS: server-trusted-proxy, server-headers",
  "server-campaign-window.test.ts":
    "a calendar's boundaries through the page cache, mostly waiting for them: server-campaign, server-cache (timers, fs)",
  "shared-cache-memory-postgres.test.ts": "the shared tag memory on PostgreSQL: lead-store-postgres (the pg driver)",
};

const files = fs.readdirSync(path.join(root, INTEGRATION));
for (const name of Object.keys(NODE_20_ONLY)) {
  if (!files.includes(name)) {
    console.error(`test:node-platform: ${INTEGRATION}/${name} is named in NODE_20_ONLY but does not exist`);
    process.exit(2);
  }
}
console.log(`test:node-platform: the unit and integration projects, but ${Object.keys(NODE_20_ONLY).join(", ")}`);

const vitest = spawn(
  process.execPath,
  [
    path.join(root, "node_modules", "vitest", "vitest.mjs"),
    "run",
    "--project",
    "unit",
    "--project",
    "integration",
    ...Object.keys(NODE_20_ONLY).flatMap((name) => ["--exclude", `${INTEGRATION}/${name}`]),
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: "inherit" },
);
vitest.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
