// `npm start`: builds when the build is missing or older than the sources, then runs the server.
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const output = path.join(root, "build", "server.js");

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const sources = ["app", "server", "server.ts", "remix.config.js", "tailwind.config.ts", "package.json"].map((p) =>
  path.join(root, p),
);
const stale = !fs.existsSync(output) || Math.max(...sources.map(newestMtime)) > fs.statSync(output).mtimeMs;
if (stale) {
  console.log("Building the site…");
  execSync("npm run build", { cwd: root, stdio: "inherit" });
}
process.env.NODE_ENV ??= "production";
process.chdir(root);
await import(path.join(root, "build", "server.js")).then((module) => module.startServer?.());
