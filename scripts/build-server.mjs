// Compiles server.ts and its local modules (server/) into build/server.js, `npm run leads`
// (scripts/leads-cli.ts, with the app's lead store) into build/leads.js and the experiments report
// (app/experiments/cli.server.ts) into build/experiments.js (Node ESM, npm packages left external).
//
// build/server.js holds no module of app/: the app lives in Remix's server build (build/index.js), and
// server/app.ts, the one door from server/ into the app, becomes the same names read from that build's
// entry module (app/entry.server.tsx re-exports them). So each app module, and the state it holds (the
// metrics, the request scope), exists once at run time. An import from server.ts or server/ into app/
// other than through server/app.ts fails this build. Each bundle's metafile is written beside it
// (build/metafile.node-server.json; Remix writes build/metafile.server.json) for
// tests/integration/server-bundle.test.ts.
import fs from "node:fs";
import path from "node:path";

import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const appDir = path.join(root, "app") + path.sep;
const appDoor = path.join(root, "server", "app.ts");

/** The values server/app.ts exports (`export { a, b as c } from "…"` statements; `type X` items are erased). */
function doorNames() {
  const text = fs.readFileSync(appDoor, "utf8");
  const names = [];
  for (const [, list] of text.matchAll(/export\s*\{([^}]*)\}\s*from/g))
    for (const item of list
      .split(",")
      .map((part) => part.trim())
      .filter((part) => part && !part.startsWith("type ")))
      names.push(
        item
          .split(/\s+as\s+/)
          .pop()
          .trim(),
      );
  return names;
}

/** server/app.ts → the names of the app's server build; any other way into app/ → a build error. */
const appThroughServerBuild = {
  name: "app-through-server-build",
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^\./ }, (args) => {
      const target = path.resolve(args.resolveDir, args.path);
      if (args.importer === appDoor || !target.startsWith(appDir)) return undefined;
      return {
        errors: [
          {
            text: `${path.relative(root, args.importer)} imports ${args.path}: server/ reaches app code only through server/app.ts (exported from app/entry.server.tsx), so that no app module is bundled twice`,
          },
        ],
      };
    });
    pluginBuild.onLoad({ filter: /[\\/]server[\\/]app\.ts$/ }, (args) => {
      if (args.path !== appDoor) return undefined;
      const names = doorNames();
      return {
        loader: "js",
        resolveDir: path.join(root, "build"),
        contents: [
          // Beside this file once built: the same module instance Remix's handler and server.ts use.
          'import { entry } from "./index.js";',
          `const missing = ${JSON.stringify(names)}.filter((name) => !(name in entry.module));`,
          "if (missing.length) throw new Error(`The server build (app/entry.server.tsx) does not export ${missing.join(', ')}, which server/app.ts names`);",
          `export const { ${names.join(", ")} } = entry.module;`,
        ].join("\n"),
      };
    });
    pluginBuild.onResolve({ filter: /^\.\/index\.js$/ }, (args) =>
      args.importer === appDoor ? { path: "./index.js", external: true } : undefined,
    );
  },
};

const common = {
  outdir: "build",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  logLevel: "warning",
};

const server = await build({
  ...common,
  entryPoints: { server: "server.ts" },
  plugins: [appThroughServerBuild],
  metafile: true,
});
fs.writeFileSync(path.join(root, "build", "metafile.node-server.json"), JSON.stringify(server.metafile));

await build({
  ...common,
  entryPoints: { leads: "scripts/leads-cli.ts", experiments: "app/experiments/cli.server.ts" },
});
