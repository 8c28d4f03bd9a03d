// `npm run studio` → installs the Studio's dependencies if needed, then `sanity dev` (http://localhost:3333).
// `npm run content:import` → pushes sanity-studio/seed/production.ndjson to the Sanity dataset,
//   replacing documents with the same ids. Needs SANITY_STUDIO_PROJECT_ID, SANITY_STUDIO_DATASET
//   (default "production") and SANITY_AUTH_TOKEN, a token with write access (sanity.io/manage → API → Tokens).
// Extra arguments are passed to the sanity command (e.g. `npm run studio -- --port 4000`).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { ensureStudio, studioDir } from "./ensure-studio.mjs";

const [command, ...extra] = process.argv.slice(2);
const sanityBin = path.join(studioDir, "node_modules", ".bin", process.platform === "win32" ? "sanity.cmd" : "sanity");

function fail(message) {
  console.error(message);
  process.exit(1);
}

function sanity(args) {
  const result = spawnSync(sanityBin, [...args, ...extra], {
    cwd: studioDir,
    stdio: "inherit",
    env: { ...process.env, NO_UPDATE_NOTIFIER: "1" },
  });
  process.exit(result.status ?? 1);
}

if (command === "dev") {
  ensureStudio();
  sanity(["dev"]);
} else if (command === "import") {
  if (!process.env.SANITY_STUDIO_PROJECT_ID)
    fail("content:import needs SANITY_STUDIO_PROJECT_ID (the Sanity project to import into).");
  if (!process.env.SANITY_AUTH_TOKEN) {
    fail(
      "content:import needs SANITY_AUTH_TOKEN: a token with write access to the project (sanity.io/manage → API → Tokens).",
    );
  }
  const dataset = process.env.SANITY_STUDIO_DATASET || "production";
  ensureStudio();
  console.log(`Importing seed/production.ndjson into ${process.env.SANITY_STUDIO_PROJECT_ID}/${dataset} (--replace)…`);
  sanity(["dataset", "import", "seed/production.ndjson", "--dataset", dataset, "--replace"]);
} else {
  fail("Usage: node scripts/studio.mjs dev | import");
}
