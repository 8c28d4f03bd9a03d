// After `remix build`: the draft preview client (app/components/preview/client.ts: the preview bar's
// stylesheet, Sanity's click-to-edit overlay, live refresh) as its own bundle in public/build with
// hashed names. Nothing in the Remix bundles references it: only a preview answer's HTML names it
// (app/components/preview/bar.server.ts reads build/preview-client.json), so public pages stay the
// same bytes with or without the preview feature (docs/preview.md).
import fs from "node:fs";
import path from "node:path";

import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const outdir = path.join(root, "public", "build");

const result = await build({
  absWorkingDir: root,
  entryPoints: { preview: "app/components/preview/client.ts" },
  outdir,
  entryNames: "[name]-[hash]",
  chunkNames: "preview-chunk-[hash]",
  assetNames: "preview-asset-[hash]",
  publicPath: "/build/",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "browser",
  target: ["es2020"],
  minify: true,
  legalComments: "none",
  define: { "process.env.NODE_ENV": '"production"' },
  metafile: true,
  logLevel: "warning",
});

const entry = Object.entries(result.metafile.outputs).find(
  ([, output]) => output.entryPoint === "app/components/preview/client.ts",
);
if (!entry || !entry[1].cssBundle) {
  console.error("build-preview-client: no entry script or stylesheet in the output");
  process.exit(1);
}
const url = (output) => `/build/${path.relative(outdir, path.resolve(root, output)).split(path.sep).join("/")}`;
const manifest = { script: url(entry[0]), stylesheet: url(entry[1].cssBundle) };
fs.writeFileSync(path.join(root, "build", "preview-client.json"), `${JSON.stringify(manifest, null, 2)}\n`);
