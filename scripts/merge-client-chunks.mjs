// After `remix build`: regroups the browser chunks so every page downloads a few files, not dozens.
//
// Preview only, since decision 0025 (docs/decisions/0025-islands-without-remix.md): no public page loads Remix's
// client build any more (their scripts are the frame script and the islands, scripts/build-client.mjs); a draft
// preview, which hydrates the whole app, does. It stays while its checks (compile-hints, client-chunks.test) read
// its output; it is the next build step to remove.
//
// Remix's classic compiler lets esbuild split the client code into one chunk per distinct set of entry
// points that share a module. With ~20 routes and the islands' dynamically imported modules, a page downloaded 20–35 files,
// most under 1 KB, and brotli compresses each file on its own: measured, the same code concatenated
// came ~10 % smaller (docs/lab/javascript-budget-log.md). esbuild has no option to group chunks, so
// this step bundles the build's own output again with Rollup, which has:
// - one `framework` file with React, React Router and Remix (their future flags, fixed at build time, written
//   in as constants, so the code a switched-off flag guards is dropped), everything else the root route and the entry load
//   (header, banner, tags…) and the form controls' look: every page needs most of it,
//   and one file compresses ~1.2 KB smaller than three (docs/lab/javascript-budget-log.md). It is the root
//   route's module itself, and the file scripts/compile-hints.mjs marks for eager compilation;
// - one `forms` file with the form kit (the fields, `useLeadForm` and its toast and conversions, Valibot):
//   what a pointer over any form fetches besides that form's own chunk;
// - route and dynamically imported chunks as esbuild grouped them (merging the small ones was tried two ways:
//   docs/lab/javascript-budget-log.md).
// Entry points, dynamically imported modules and their exports stay as they were; only file names change, so the
// Remix manifest (the browser's file and the server build's copy) and esbuild's metafile (read by
// compile-hints, the bundle guards and `npm run bench:js -- --modules`) are rewritten to match.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { rollup } from "rollup";
import { minify } from "terser";

import remixConfig from "../remix.config.js";
import { frameworkChunks } from "./compile-hints.mjs";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.join(root, "public", "build");
const metafilePath = path.join(root, "build", "metafile.js.json");
const serverBuildPath = path.join(root, "build", "index.js");
const MANIFEST_STATEMENT = /^var assets_manifest_default = (\{.*\});$/m;
/** A shared chunk this small goes in the framework file rather than a file of its own (bytes, minified). */
const TINY_CHUNK_BYTES = 400;
/**
 * In the framework file too, though not every page uses it: the form controls' look
 * (app/components/forms/controls.tsx), shared by the form kit and the live calculator. In a file of its own
 * it was one more file (+0.4 KB) on every form page; in the kit, it made /calculadora load the whole kit at
 * once. Here it costs the pages without a form 0.6 KB (docs/lab/javascript-budget-log.md). The 'on
 * interaction' wrapper was here too (a file fewer for form pages) until /calculadora, which has no such
 * island, needed its 1.1 KB back.
 */
const FRAMEWORK_FILE_MODULES = ["app/components/forms/controls.tsx"];
/**
 * Small modules that come together, each pair one file instead of two (a file's own brotli and request
 * cost more than the few bytes a page loading only one of them gains): `Section` always brings its
 * heading; a route's `clientAction` always brings the lead answers' texts it reads.
 */
const PAIRED_MODULES = {
  section: ["app/components/ui/Section.tsx", "app/components/ui/SectionHeading.tsx"],
  "lead-answers": ["app/forms/client-action.ts", "app/forms/shared.ts"],
};
/** The form kit: the chunks holding these source modules make the `forms` file. */
const FORM_KIT_MODULES = [
  "app/components/forms/use-lead-form.ts",
  "app/components/forms/fields.tsx",
  "node_modules/valibot/",
];

/**
 * Future flags read at run time in the browser whose values are fixed at build time, written into the
 * code as the constants they are so the minifier drops what they switch off (docs/lab/javascript-budget-log.md):
 * - Remix's own, from `window.__remixContext.future`, which the server fills from remix.config.js. With
 *   both off, single fetch (its data strategy and the turbo-stream decoder) and lazy route discovery go:
 *   ~3 KB on every page. Turning one on in remix.config.js writes `true` instead, and the code stays;
 * - React Router's, as Remix's browser entry creates the page's one router (`routerFutureFlags`): 0.3 KB.
 */
export function buildTimeFlags(future = remixConfig.future ?? {}, remixBrowserSource = readRemixBrowserEntry()) {
  return {
    v3_singleFetch: future.v3_singleFetch === true,
    v3_lazyRouteDiscovery: future.v3_lazyRouteDiscovery === true,
    ...routerFutureFlags(remixBrowserSource, future),
  };
}

function readRemixBrowserEntry() {
  return fs.readFileSync(path.join(root, "node_modules", "@remix-run", "react", "dist", "esm", "browser.js"), "utf8");
}

/**
 * The `future` that Remix's browser entry gives `createRouter`, read from its source: each flag a literal
 * or one of Remix's own flags. Throws on anything else, so a Remix upgrade that changes how the router is
 * made stops the build instead of writing in a wrong value.
 */
export function routerFutureFlags(source, future = {}) {
  const literal = /createRouter\(\{[\s\S]*?future: \{([^}]*)\}/.exec(source);
  if (!literal) throw new Error("merge-client-chunks: no createRouter future in @remix-run/react's browser entry");
  const flags = {};
  for (const line of literal[1].split("\n").map((text) => text.trim().replace(/,$/, ""))) {
    if (line === "" || line.startsWith("//")) continue;
    const match = /^(v7_\w+): (?:(true|false)|window\.__remixContext\.future\.(v3_\w+)(?: === true)?)$/.exec(line);
    if (!match) throw new Error(`merge-client-chunks: unexpected router flag in Remix's browser entry: ${line}`);
    flags[match[1]] = match[2] ? match[2] === "true" : future[match[3]] === true;
  }
  return flags;
}

/** `code` with every read of a flag (`x.future.v3_singleFetch`, `e.v7_partialHydration`) as its value. */
export function inlineFlags(code, flags) {
  return code.replace(
    new RegExp(`(?<![\\w$.?])(?:[A-Za-z_$][\\w$]*\\.)+(${Object.keys(flags).join("|")})\\b(?!\\s*=[^=])`, "g"),
    (_read, flag) => `(${flags[flag]})`,
  );
}

const relativeToRoot = (file) => path.relative(root, file).split(path.sep).join("/");
const publicUrl = (fileName) => `/build/${fileName}`;
/** `routes/_index-TWFPMVFP.js` → `routes/_index`: esbuild's content hash is replaced by Rollup's. */
const baseName = (file) => file.replace(/\.js$/, "").replace(/-[A-Z0-9]{8}$/, "");

/** The assets manifest in the server build (build/index.js) and the file's source. */
export function readServerManifest() {
  const source = fs.readFileSync(serverBuildPath, "utf8");
  const match = MANIFEST_STATEMENT.exec(source);
  if (!match) throw new Error("merge-client-chunks: no assets manifest in build/index.js");
  // The server build prints it as a JS object literal (`void 0`, `!0`), not JSON.
  return { source, manifest: new Function(`return (${match[1]});`)() };
}

/** Old chunk files (paths under public/build) that the given ones import statically, themselves included. */
function staticClosure(metafile, outputs) {
  const seen = new Set();
  const visit = (output) => {
    if (seen.has(output)) return;
    seen.add(output);
    for (const { path: imported, kind } of metafile.outputs[output]?.imports ?? [])
      if (kind === "import-statement") visit(imported);
  };
  for (const output of outputs) visit(output);
  return seen;
}

export async function mergeClientChunks() {
  const metafile = JSON.parse(fs.readFileSync(metafilePath, "utf8"));
  const { source: serverSource, manifest } = readServerManifest();
  const flags = buildTimeFlags();
  // The framework packages' chunks with what they import (esbuild's CommonJS helpers), and what the entry
  // and the root route load: all of it is the framework file.
  const framework = staticClosure(metafile, frameworkChunks(metafile));
  const everyPage = staticClosure(metafile, [`public${manifest.entry.module}`, `public${manifest.routes.root.module}`]);
  // Shared chunks of a few bytes (the browser's stand-ins for `.server` modules, a helper two routes
  // share) join the framework file: each would otherwise be one more file for the pages that import it,
  // and a file's own brotli and import cost more than the bytes every page gains.
  // Only those importing nothing beyond what every page loads anyway.
  for (const [file, output] of Object.entries(metafile.outputs)) {
    if (!file.startsWith("public/build/_shared/") || !file.endsWith(".js") || output.bytes > TINY_CHUNK_BYTES) continue;
    const imports = output.imports
      .filter(({ kind }) => kind === "import-statement")
      .map(({ path: imported }) => imported);
    if (imports.every((imported) => framework.has(imported) || everyPage.has(imported))) everyPage.add(file);
  }
  const holds = (output, modules) =>
    Object.keys(output.inputs).some((input) => modules.some((name) => input.includes(name)));
  for (const [file, output] of Object.entries(metafile.outputs))
    if (file.endsWith(".js") && holds(output, FRAMEWORK_FILE_MODULES)) everyPage.add(file);
  const formKit = new Set(
    Object.entries(metafile.outputs)
      .filter(
        ([file, output]) =>
          file.startsWith("public/build/_shared/") && file.endsWith(".js") && holds(output, FORM_KIT_MODULES),
      )
      .map(([file]) => file),
  );
  // A chunk holding nothing but modules of one pair goes in that pair's file.
  const pairOf = new Map();
  for (const [file, output] of Object.entries(metafile.outputs)) {
    const inputs = Object.keys(output.inputs);
    for (const [name, modules] of Object.entries(PAIRED_MODULES))
      if (file.endsWith(".js") && inputs.length && inputs.every((input) => modules.includes(input)))
        pairOf.set(file, name);
  }
  const kitImports = new Set([...staticClosure(metafile, [...formKit])].filter((file) => !formKit.has(file)));
  const entryFiles = new Set([manifest.entry.module, ...Object.values(manifest.routes).map((route) => route.module)]);

  const entryPaths = new Set([...entryFiles].map((url) => path.join(root, "public", url)));
  const rootRoutePath = path.join(root, "public", manifest.routes.root.module);
  const input = {};
  for (const url of entryFiles)
    if (url !== manifest.routes.root.module)
      input[baseName(url.slice("/build/".length))] = path.join(root, "public", url);

  const bundle = await rollup({
    input,
    preserveEntrySignatures: "strict",
    // esbuild already tree-shook; Rollup's own pass still drops a few helpers no chunk uses any more.
    treeshake: true,
    logLevel: "warn",
    onwarn(warning, warn) {
      if (warning.code === "UNRESOLVED_IMPORT") throw new Error(`merge-client-chunks: ${warning.message}`);
      if (warning.code !== "CIRCULAR_DEPENDENCY") warn(warning);
    },
    plugins: [
      {
        // The root route is the framework file itself (no one-line re-export file in front of it): its
        // exports may be extended by what the other chunks import from that file.
        name: "root-route-in-framework",
        buildStart() {
          this.emitFile({ type: "chunk", id: rootRoutePath, name: "framework", preserveSignature: "allow-extension" });
        },
      },
      {
        name: "future-flags-as-constants",
        transform: (code) => ({ code: inlineFlags(code, flags), map: null }),
      },
      {
        // The chunks import each other by URL (`/build/_shared/chunk-….js`).
        name: "public-urls",
        resolveId: (source) => (source.startsWith("/build/") ? path.join(root, "public", source) : null),
      },
      {
        // Terser rather than esbuild's minifier: measured, it mangles the chunks' top-level names too and
        // its further compress passes find more, 3.6 KB less brotli on the framework alone (two passes 3.4, three 0.2 more).
        name: "minify",
        async renderChunk(code) {
          const result = await minify(code, {
            module: true,
            compress: { passes: 3 },
            mangle: true,
            format: { comments: false },
          });
          return { code: result.code ?? code, map: null };
        },
      },
    ],
  });
  const tmpDir = fs.mkdtempSync(path.join(root, "build", "client-"));
  const { output } = await bundle.write({
    dir: tmpDir,
    format: "es",
    hashCharacters: "base36",
    entryFileNames: "[name]-[hash].js",
    chunkFileNames: (chunk) => `_shared/${baseName(chunk.name)}-[hash].js`,
    // Left at Rollup's default (merge only chunks left empty). A larger minimum merges small chunks into
    // others "accepting that entries may load more code than necessary": measured, it put the form
    // schemas on /sectores (+2.6 KB) for a few files fewer elsewhere.
    manualChunks(id) {
      const file = relativeToRoot(id);
      // The root route's module is the framework file (emitted above). The entry's own module stays its own
      // file: its top level hydrates the page, which must wait until the inline script has registered the
      // route modules (merged, it ran first and every page failed to hydrate). Other routes stay theirs.
      if (id === rootRoutePath) return "framework";
      if (entryPaths.has(id)) return undefined;
      if (framework.has(file) || everyPage.has(file)) return "framework";
      if (formKit.has(file)) return "forms";
      if (pairOf.has(file)) return pairOf.get(file);
      // Rollup would pull the kit's other imports into its file: those stay as esbuild grouped them.
      if (kitImports.has(file)) return path.basename(file, ".js");
      return undefined;
    },
  });
  await bundle.close();

  // The new files replace the old ones.
  for (const old of Object.keys(metafile.outputs)) if (old.endsWith(".js")) fs.rmSync(path.join(root, old));
  const oldManifestFile = path.join(buildDir, path.basename(manifest.url));
  fs.rmSync(oldManifestFile, { force: true });
  for (const chunk of output) {
    const target = path.join(buildDir, chunk.fileName);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.renameSync(path.join(tmpDir, chunk.fileName), target);
  }
  fs.rmSync(tmpDir, { recursive: true, force: true });

  // Manifest: each entry's new file and the files it imports (Rollup hoists transitive imports).
  const chunkOf = new Map(output.filter((chunk) => chunk.isEntry).map((chunk) => [chunk.facadeModuleId, chunk]));
  const rewrite = (record) => {
    const chunk = chunkOf.get(path.join(root, "public", record.module));
    if (!chunk) throw new Error(`merge-client-chunks: no output for ${record.module}`);
    const imports = chunk.imports.map(publicUrl);
    return { ...record, module: publicUrl(chunk.fileName), imports: imports.length ? imports : undefined };
  };
  const next = {
    ...manifest,
    entry: rewrite(manifest.entry),
    routes: Object.fromEntries(Object.entries(manifest.routes).map(([id, route]) => [id, rewrite(route)])),
  };
  const body = JSON.stringify({ ...next, version: undefined, url: undefined });
  next.version = crypto.createHash("sha256").update(body).digest("hex").slice(0, 8);
  next.url = publicUrl(`manifest-${next.version.toUpperCase()}.js`);
  fs.writeFileSync(path.join(root, "public", next.url), `window.__remixManifest=${JSON.stringify(next)};`);
  fs.writeFileSync(
    serverBuildPath,
    serverSource.replace(MANIFEST_STATEMENT, () => `var assets_manifest_default = ${JSON.stringify(next)};`),
  );

  // Metafile: each new file's source modules, its old files' inputs scaled to what Rollup kept of them.
  const outputs = {};
  for (const chunk of output) {
    const inputs = {};
    for (const [id, { renderedLength }] of Object.entries(chunk.modules)) {
      const old = metafile.outputs[relativeToRoot(id)];
      if (!old) continue;
      const oldTotal = Object.values(old.inputs).reduce((sum, { bytesInOutput }) => sum + bytesInOutput, 0) || 1;
      for (const [source, { bytesInOutput }] of Object.entries(old.inputs)) {
        const share = Math.round((bytesInOutput * renderedLength) / oldTotal);
        inputs[source] = { bytesInOutput: (inputs[source]?.bytesInOutput ?? 0) + share };
      }
    }
    outputs[`public/build/${chunk.fileName}`] = {
      bytes: Buffer.byteLength(chunk.code),
      inputs,
      imports: [
        ...chunk.imports.map((file) => ({ path: `public/build/${file}`, kind: "import-statement" })),
        ...chunk.dynamicImports.map((file) => ({ path: `public/build/${file}`, kind: "dynamic-import" })),
      ],
      exports: chunk.exports,
      ...(chunk.isEntry && chunk.facadeModuleId
        ? { entryPoint: metafile.outputs[relativeToRoot(chunk.facadeModuleId)]?.entryPoint }
        : {}),
    };
  }
  for (const [name, record] of Object.entries(metafile.outputs)) if (!name.endsWith(".js")) outputs[name] = record;
  fs.writeFileSync(metafilePath, JSON.stringify({ inputs: metafile.inputs, outputs }));
  return { files: output.length, before: Object.keys(metafile.outputs).filter((name) => name.endsWith(".js")).length };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { files, before } = await mergeClientChunks();
  console.log(`merge-client-chunks: ${before} browser files → ${files}`);
}
