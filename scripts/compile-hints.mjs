// After `remix build`: marks the browser chunks that hold React and Remix with V8's explicit compile
// hint (`//# allFunctionsCalledOnLoad`, Chrome 136+; other engines read a comment). Nearly every function
// in them runs while the page hydrates; without the hint V8 compiles each one lazily on the main
// thread at first call (the bulk of the long task that evaluates the modules on a phone). With it,
// Chrome compiles them while the files stream in, off the main thread. Route chunks keep lazy
// compilation: much of their code only runs on interaction.
// A chunk's file name (a hash of its content before the hint) stays valid: the step is deterministic.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";
const FRAMEWORK_PACKAGE =
  /node_modules\/(?:react|react-dom|scheduler|react-router|react-router-dom|@remix-run\/[^/]+|turbo-stream)\//;
const FRAMEWORK_SHARE = 0.9;

/** Browser chunks (paths relative to the project) made almost only of React, React Router and Remix. */
export function frameworkChunks(metafile) {
  return Object.entries(metafile.outputs)
    .filter(([output, { bytes, inputs }]) => {
      if (!output.endsWith(".js") || bytes === 0) return false;
      let framework = 0;
      for (const [input, { bytesInOutput }] of Object.entries(inputs))
        if (FRAMEWORK_PACKAGE.test(input)) framework += bytesInOutput;
      return framework / bytes >= FRAMEWORK_SHARE;
    })
    .map(([output]) => output);
}

/** The merged framework file (scripts/merge-client-chunks.mjs): the one holding react-dom. */
export function reactDomChunks(metafile) {
  return Object.entries(metafile.outputs)
    .filter(
      ([output, { inputs }]) =>
        output.endsWith(".js") && Object.keys(inputs).some((input) => input.includes("node_modules/react-dom/")),
    )
    .map(([output]) => output);
}

function main() {
  const metafile = JSON.parse(fs.readFileSync(path.join(root, "build", "metafile.js.json"), "utf8"));
  const chunks = reactDomChunks(metafile);
  if (chunks.length === 0) {
    console.error("compile-hints: no browser chunk holds react-dom");
    process.exit(1);
  }
  for (const output of chunks) {
    const file = path.join(root, output);
    const code = fs.readFileSync(file, "utf8");
    if (!code.startsWith(COMPILE_HINT)) fs.writeFileSync(file, COMPILE_HINT + code);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) main();
