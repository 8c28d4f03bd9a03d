// After `remix build`: the frame script (app/components/frame/frame.ts: the header, the FAQ accordions,
// the tooltips, the cookie banner and the tags, in plain DOM) as one file of its own,
// public/build/frame-<hash>.js, with no framework in it. Every page loads it (app/root.tsx puts its
// <script type="module"> in the head); its hashed name is in build/frame.json, which the server reads once
// (app/components/frame/frame-script.server.ts). docs/decisions/0023-a-frame-without-a-framework.md.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const outdir = path.join(root, "public", "build");
const ENTRY = "app/components/frame/frame.ts";
/** The frame script must stay small: the page's whole script before a visitor reaches for a form. */
const BUDGET_BROTLI_BYTES = 5 * 1024;

const result = await build({
  absWorkingDir: root,
  entryPoints: { frame: ENTRY },
  outdir,
  entryNames: "[name]-[hash]",
  // A part only some pages need (the tooltips of /sectores) is a chunk the frame script imports there.
  chunkNames: "frame-chunk-[hash]",
  splitting: true,
  bundle: true,
  format: "esm",
  platform: "browser",
  target: ["es2020"],
  minify: true,
  legalComments: "none",
  alias: { "~": path.join(root, "app") },
  define: { "process.env.NODE_ENV": '"production"' },
  metafile: true,
  logLevel: "warning",
});

const entry = Object.entries(result.metafile.outputs).find(([, output]) => output.entryPoint === ENTRY);
if (!entry) {
  console.error("build-frame: no frame script in the output");
  process.exit(1);
}
// A framework reaching the frame script is a mistake in an import, not a size to live with.
const inputs = Object.keys(entry[1].inputs);
const framework = inputs.find((input) => /node_modules\/(react|react-dom|@remix-run|react-router)/.test(input));
if (framework) {
  console.error(`build-frame: the frame script must not carry a framework, but it holds ${framework}`);
  process.exit(1);
}
const brotliOf = (output) => zlib.brotliCompressSync(fs.readFileSync(path.resolve(root, output))).length;
const url = (output) => `/build/${path.relative(outdir, path.resolve(root, output)).split(path.sep).join("/")}`;
const brotli = brotliOf(entry[0]);
if (brotli > BUDGET_BROTLI_BYTES) {
  console.error(`build-frame: the frame script is ${brotli} bytes brotli, over its ${BUDGET_BROTLI_BYTES}`);
  process.exit(1);
}
const chunks = Object.keys(result.metafile.outputs)
  .filter((output) => output !== entry[0] && output.endsWith(".js"))
  .map((output) => ({ src: url(output), brotli: brotliOf(output) }));
fs.mkdirSync(path.join(root, "build"), { recursive: true });
fs.writeFileSync(
  path.join(root, "build", "frame.json"),
  `${JSON.stringify({ src: url(entry[0]), brotli, chunks }, null, 2)}\n`,
);
console.log(
  `build-frame: ${url(entry[0])}, ${brotli} bytes brotli${chunks.map((chunk) => `; ${chunk.src} ${chunk.brotli}`).join("")}`,
);
