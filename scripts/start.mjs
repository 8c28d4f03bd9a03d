// `npm start`: builds when the build is missing or older than the sources, then runs the server.
import path from "node:path";

import { buildIsStale, root, runBuild } from "./lib/build.mjs";

if (buildIsStale()) {
  console.log("Building the site…");
  runBuild();
}
process.env.NODE_ENV ??= "production";
process.chdir(root);
await import(path.join(root, "build", "server.js")).then((module) => module.startServer?.());
