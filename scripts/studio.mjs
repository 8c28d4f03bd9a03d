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

// The Studio edits a dataset in Sanity's Content Lake: without a project it could only open an error screen.
const NO_PROJECT = `Sanity Studio necesita un proyecto de Sanity / Sanity Studio needs a Sanity project.

ES  1. Crea un proyecto (gratis) en https://www.sanity.io/manage, o usa uno existente.
    2. Define SANITY_STUDIO_PROJECT_ID=<id del proyecto> (y SANITY_STUDIO_DATASET si no es "production").
    3. En el proyecto, API → CORS origins: añade http://localhost:3333 con credenciales.
    4. Carga el contenido inicial: SANITY_AUTH_TOKEN=<token de escritura> npm run content:import
    5. Vuelve a ejecutar: SANITY_STUDIO_PROJECT_ID=<id> npm run studio

EN  1. Create a project (free) at https://www.sanity.io/manage, or use an existing one.
    2. Set SANITY_STUDIO_PROJECT_ID=<project id> (and SANITY_STUDIO_DATASET unless it is "production").
    3. In the project, API → CORS origins: add http://localhost:3333 with credentials allowed.
    4. Load the initial content: SANITY_AUTH_TOKEN=<write token> npm run content:import
    5. Run again: SANITY_STUDIO_PROJECT_ID=<id> npm run studio

El sitio no necesita el Studio / The site does not need the Studio: \`npm start\` serves the bundled
content from sanity-studio/seed/production.ndjson (edit that file, changes show within 5 s).`;

if (command === "dev") {
  if (!process.env.SANITY_STUDIO_PROJECT_ID) fail(NO_PROJECT);
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
