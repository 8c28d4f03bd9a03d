// Fails when app/blocks/projection.generated.ts or app/content/sanity.types.ts is stale: checks the first
// against the block registry (scripts/block-projection.mjs --check), then extracts the schema, regenerates the TypeGen
// output into a scratch file and compares it with the committed one. Fix with `npm run typegen` in
// sanity-studio/ and commit the result. Needs the Studio's dependencies (scripts/ensure-studio.mjs).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const studioDir = path.resolve(import.meta.dirname, "..");
const committed = path.resolve(studioDir, "..", "app", "content", "sanity.types.ts");
// Inside the Studio folder (git-ignored .sanity/) so Prettier resolves the same settings as for the
// committed file; TypeGen writes paths relative to the Studio folder, not to the output file.
const scratchDir = path.join(studioDir, ".sanity", "typegen-check");
const scratch = path.join(scratchDir, "sanity.types.ts");
const sanityBin = path.join(studioDir, "node_modules", ".bin", process.platform === "win32" ? "sanity.cmd" : "sanity");

if (!fs.existsSync(sanityBin)) {
  console.error("sanity-studio/node_modules is missing: run `node scripts/ensure-studio.mjs` first.");
  process.exit(2);
}

function sanity(args, env = {}) {
  const result = spawnSync(sanityBin, args, {
    cwd: studioDir,
    encoding: "utf8",
    env: { ...process.env, DO_NOT_TRACK: "1", NO_UPDATE_NOTIFIER: "1", NO_COLOR: "1", ...env },
  });
  if (result.status !== 0) {
    process.stderr.write(result.stdout ?? "");
    process.stderr.write(result.stderr ?? "");
    console.error(`\`sanity ${args.join(" ")}\` failed (exit ${result.status ?? result.signal}).`);
    process.exit(2);
  }
}

// The page query's block projection is generated from the app's block registry first: TypeGen reads it.
const projection = spawnSync(
  process.execPath,
  [path.resolve(studioDir, "..", "scripts", "block-projection.mjs"), "--check"],
  {
    encoding: "utf8",
  },
);
process.stdout.write(projection.stdout ?? "");
process.stderr.write(projection.stderr ?? "");
if (projection.status !== 0) process.exit(1);

fs.rmSync(scratchDir, { recursive: true, force: true });
fs.mkdirSync(scratchDir, { recursive: true });
sanity(["schema", "extract"]);
sanity(["typegen", "generate"], { SANITY_TYPEGEN_OUT: scratch });

const fresh = fs.readFileSync(scratch, "utf8");
const current = fs.existsSync(committed) ? fs.readFileSync(committed, "utf8") : "";

if (fresh === current) {
  fs.rmSync(scratchDir, { recursive: true, force: true });
  console.log("TypeGen: app/content/sanity.types.ts matches the schema and the queries.");
  process.exit(0);
}

console.error("TypeGen: app/content/sanity.types.ts is stale. Run `npm run typegen` in sanity-studio/ and commit it.");
const diff = spawnSync("git", ["diff", "--no-index", "--no-color", "--unified=1", "--", committed, scratch], {
  encoding: "utf8",
});
const lines = (diff.stdout || "").split("\n");
console.error(lines.slice(0, 80).join("\n") + (lines.length > 80 ? `\n… ${lines.length - 80} more diff lines` : ""));
fs.rmSync(scratchDir, { recursive: true, force: true });
process.exit(1);
