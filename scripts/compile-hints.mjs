// After `remix build`: marks the browser chunk that holds React and Remix with V8's explicit compile
// hint (`//# allFunctionsCalledOnLoad`, Chrome 136+; other engines read a comment). Nearly every function
// in that chunk runs while the page hydrates; without the hint V8 compiles each one lazily on the main
// thread at first call (the bulk of the long task that evaluates the modules on a phone). With it,
// Chrome compiles them while the file streams in, off the main thread. Route chunks keep lazy
// compilation: much of their code only runs on interaction.
// The chunk's file name (a hash of its content before the hint) stays valid: the step is deterministic.
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const HINT = "//# allFunctionsCalledOnLoad\n";
const FRAMEWORK_INPUTS = [/node_modules\/react-dom\//, /node_modules\/@remix-run\/react\//];

const metafile = JSON.parse(fs.readFileSync(path.join(root, "build", "metafile.js.json"), "utf8"));
const marked = [];
for (const [output, { inputs }] of Object.entries(metafile.outputs)) {
  if (!output.endsWith(".js")) continue;
  const names = Object.keys(inputs);
  if (!FRAMEWORK_INPUTS.every((pattern) => names.some((name) => pattern.test(name)))) continue;
  const file = path.join(root, output);
  const code = fs.readFileSync(file, "utf8");
  if (!code.startsWith(HINT)) fs.writeFileSync(file, HINT + code);
  marked.push(path.relative(root, file));
}
if (marked.length !== 1) {
  console.error(`compile-hints: expected one framework chunk, found ${marked.length} (${marked.join(", ")})`);
  process.exit(1);
}
