// After `remix build`: the public pages' whole client, in one esbuild build with one manifest
// (docs/decisions/0025-islands-without-remix.md):
// - the frame script (app/components/frame/frame.ts: the header, the FAQ accordions, the tooltips, the cookie
//   banner, the tags and the island loader, in plain DOM), public/build/frame-<hash>.js, with no framework in
//   it. Every page loads it (app/root.tsx puts its <script type="module"> in the head);
// - one entry per island (app/islands/<name>.tsx: a form, the calculator, /mensual's dialogs), with React,
//   imported by the frame script when a visitor reaches for that island; what they share is a chunk.
// Their addresses are in build/client.json, which the server reads once (app/components/frame/client-manifest.server.ts).
// Remix's own client build (public/build/_shared, routes) is the draft preview's only.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const outdir = path.join(root, "public", "build");
const ENTRY = "app/components/frame/frame.ts";
const TAGS_ENTRY = "app/tracking/tags.ts";
const ISLANDS_DIR = "app/islands";
/** Island names: the file names of app/islands/ (`contact-form.tsx` is the island `contact-form`). */
const islands = fs
  .readdirSync(path.join(root, ISLANDS_DIR))
  .filter((file) => file.endsWith(".tsx"))
  .map((file) => file.slice(0, -".tsx".length));
/** The frame script must stay small: the page's whole script before a visitor reaches for a form. */
const BUDGET_BROTLI_BYTES = 5 * 1024;

/**
 * V8's explicit compile hint (Chrome 136+; a comment elsewhere), on every island file: an island's code is fetched
 * when the visitor reaches for it and runs at once (React renders the island), so Chrome compiles it while it
 * streams in, off the main thread, instead of function by function on the main thread during the mount, where a
 * key the visitor types waits for it (measured at 4× CPU slowdown: docs/lab/javascript-budget-log.md, "Lighthouse
 * and the first touch once no page hydrates"). The frame script keeps lazy compilation: most of it runs only on a
 * touch.
 */
const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

/** Shared by both builds: ESM for today's browsers, minified, production React. */
const common = {
  absWorkingDir: root,
  outdir,
  entryNames: "[name]-[hash]",
  jsx: "automatic",
  splitting: true,
  bundle: true,
  format: "esm",
  platform: "browser",
  target: ["es2020"],
  minify: true,
  legalComments: "none",
  // Spanish text as it is ("análisis", not "an\\xE1lisis"): shorter, and findable in the files.
  charset: "utf8",
  alias: { "~": path.join(root, "app") },
  define: { "process.env.NODE_ENV": '"production"' },
  metafile: true,
  logLevel: "warning",
};

// Two builds, so that the frame script shares no chunk with the islands: a page at load fetches one file. A part
// only some pages need (the tooltips of /sectores) is a chunk the frame script imports there.
// The tags (app/tracking/tags.ts, needed once a visitor has made a cookie choice) are a file of their own, built
// first and imported by its address: a chunk shared with the frame script would be a second file at every load.
const tagsBuild = await build({ ...common, splitting: false, entryPoints: { "frame-tags": TAGS_ENTRY } });
const tagsFile = Object.keys(tagsBuild.metafile.outputs).find((output) => output.endsWith(".js"));
const frameBuild = await build({
  ...common,
  entryPoints: { frame: ENTRY },
  chunkNames: "frame-chunk-[hash]",
  // The address stays an address: the browser fetches that file.
  external: ["/build/*"],
  define: { ...common.define, __FRAME_TAGS_SRC__: JSON.stringify(`/build/${path.basename(tagsFile)}`) },
});
// The islands share what they have in common (React, the form parts) as chunks of their own.
const islandsBuild = await build({
  ...common,
  entryPoints: Object.fromEntries(islands.map((name) => [`island-${name}`, `${ISLANDS_DIR}/${name}.tsx`])),
  chunkNames: "island-chunk-[hash]",
  banner: { js: COMPILE_HINT },
});
const result = {
  metafile: {
    outputs: { ...tagsBuild.metafile.outputs, ...frameBuild.metafile.outputs, ...islandsBuild.metafile.outputs },
  },
};

const entry = Object.entries(result.metafile.outputs).find(([, output]) => output.entryPoint === ENTRY);
if (!entry) {
  console.error("build-client: no frame script in the output");
  process.exit(1);
}
/** The files an output needs before it runs: itself and what it imports statically, transitively. */
function staticClosure(file) {
  const files = new Set([file]);
  for (const current of files)
    for (const imported of result.metafile.outputs[current]?.imports ?? [])
      if (imported.kind === "import-statement" && !imported.external) files.add(imported.path);
  return [...files];
}
const frameFiles = staticClosure(entry[0]);
// A framework reaching the frame script is a mistake in an import, not a size to live with. (Islands bring
// React with their own code, imported when reached: only what the frame imports statically is checked.)
const inputs = frameFiles.flatMap((file) => Object.keys(result.metafile.outputs[file].inputs));
const framework = inputs.find((input) =>
  /node_modules\/(react|react-dom|@remix-run|react-router|scheduler)\//.test(input),
);
if (framework) {
  console.error(`build-client: the frame script must not carry a framework, but it holds ${framework}`);
  process.exit(1);
}
const brotliOf = (output) => zlib.brotliCompressSync(fs.readFileSync(path.resolve(root, output))).length;
const url = (output) => `/build/${path.relative(outdir, path.resolve(root, output)).split(path.sep).join("/")}`;
const brotli = frameFiles.reduce((sum, file) => sum + brotliOf(file), 0);
if (brotli > BUDGET_BROTLI_BYTES) {
  console.error(
    `build-client: the frame script is ${brotli} bytes brotli with what it imports, over its ${BUDGET_BROTLI_BYTES}`,
  );
  process.exit(1);
}
const islandOutputs = Object.fromEntries(
  Object.entries(result.metafile.outputs)
    .filter(([, output]) => output.entryPoint?.startsWith(`${ISLANDS_DIR}/`))
    .map(([file, output]) => [path.basename(output.entryPoint, ".tsx"), file]),
);
const missing = islands.filter((name) => !islandOutputs[name]);
if (missing.length) {
  console.error(`build-client: no output for the islands ${missing.join(", ")}`);
  process.exit(1);
}
const chunks = Object.keys(result.metafile.outputs)
  .filter((output) => output !== entry[0] && output.endsWith(".js") && !Object.values(islandOutputs).includes(output))
  .map((output) => ({ src: url(output), brotli: brotliOf(output) }));
const manifest = {
  // `imports`: the chunks the frame script imports at once (the page preloads them beside it).
  frame: { src: url(entry[0]), brotli, imports: frameFiles.slice(1).map(url) },
  islands: Object.fromEntries(
    Object.entries(islandOutputs).map(([name, file]) => [name, { src: url(file), brotli: brotliOf(file) }]),
  ),
  chunks,
};
fs.mkdirSync(path.join(root, "build"), { recursive: true });
fs.writeFileSync(path.join(root, "build", "client.json"), `${JSON.stringify(manifest, null, 2)}\n`);
// What went into each file, for the checks that no server code reaches the browser (tests/integration/client-build.test.ts).
fs.writeFileSync(path.join(root, "build", "metafile.client.json"), JSON.stringify(result.metafile));
console.log(
  `build-client: frame ${manifest.frame.src} ${brotli} bytes brotli; ${Object.entries(manifest.islands)
    .map(([name, island]) => `${name} ${island.brotli}`)
    .join(", ")}; chunks ${chunks.map((chunk) => `${chunk.src} ${chunk.brotli}`).join(", ")}`,
);
