// No import cycles between the site's own files (`npm run lint` runs this). Every import counts: type-only
// ones (a module that needs another to compile cannot be read, tested or moved alone) and `import()`s (an
// island's chunk importing back the module that loads it). Read with TypeScript's own scanner; `~/` is
// app/ (tsconfig.json's paths). Exit code 1 with each cycle's files when there is one.
//
// The Studio's own files (sanity-studio/, its dependencies and tests aside) are read for cycles too.
//
// It also lists the imports that run up the floors (FLOORS below, docs/architecture.md 'Floors'): a module
// imports from its own floor or below. Exit code 1 when there are more than MAX_UPWARD_IMPORTS of them, or
// when a file of app/ or server/ sits on no floor.
import fs from "node:fs";
import path from "node:path";

import ts from "typescript";

const root = path.resolve(import.meta.dirname, "..");
// The Studio has no floors, but no cycles either (a schema and its input component importing each other).
const ROOTS = ["app", "server", "server.ts", "sanity-studio"];
const SKIPPED = new Set(["node_modules", "dist", ".sanity", "tests"]);
const SOURCE = /\.(?:ts|tsx|mjs|js)$/;

function sourceFiles(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return SOURCE.test(entry) && !entry.endsWith(".d.ts") ? [entry] : [];
  return fs
    .readdirSync(full)
    .filter((name) => !(entry.startsWith("sanity-studio") && SKIPPED.has(name)))
    .flatMap((name) => sourceFiles(path.posix.join(entry, name)));
}

const files = new Set(ROOTS.flatMap(sourceFiles));

/** Lowest first. A folder or file name covers everything under it. */
const FLOORS = [
  { name: "pure functions", paths: ["app/domain"] },
  { name: "helpers", paths: ["app/lib"] },
  {
    name: "features",
    paths: [
      "app/consent",
      "app/content",
      "app/experiments",
      "app/forms",
      "app/images",
      "app/leads",
      "app/metrics",
      "app/preview-mode",
      "app/social-cards",
      "app/tracking",
      "app/visitor",
    ],
  },
  { name: "page parts", paths: ["app/blocks", "app/components", "app/pages", "app/site"] },
  // An island's entry (app/islands/) is an entry like a route: it sits on the routes' floor.
  {
    name: "routes",
    paths: ["app/routes", "app/islands", "app/root.tsx", "app/entry.client.tsx", "app/entry.server.tsx"],
  },
  { name: "Node server", paths: ["server", "server.ts"] },
];
/** The aim: imports running up stay few and named (the list is printed on every run). */
const MAX_UPWARD_IMPORTS = 10;

function floorOf(file) {
  return FLOORS.findIndex(({ paths }) => paths.some((entry) => file === entry || file.startsWith(`${entry}/`)));
}

/** The repository file an import names, or null (a package, an asset). */
function resolve(from, specifier) {
  let base;
  if (specifier.startsWith("~/")) base = path.posix.join("app", specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.posix.join(path.posix.dirname(from), specifier);
  else return null;
  const candidates = [base, ...[".ts", ".tsx", ".mjs", ".js"].map((ext) => base + ext)];
  candidates.push(...["/index.ts", "/index.tsx"].map((index) => base + index));
  return candidates.find((candidate) => files.has(candidate)) ?? null;
}

const graph = new Map();
for (const file of files) {
  const text = fs.readFileSync(path.join(root, file), "utf8");
  const { importedFiles } = ts.preProcessFile(text, true, true);
  const targets = importedFiles.map(({ fileName }) => resolve(file, fileName)).filter(Boolean);
  graph.set(file, [...new Set(targets)]);
}

// Tarjan's strongly connected components: a component of more than one file (or a file importing itself) is a cycle.
let counter = 0;
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const cycles = [];
function visit(file) {
  index.set(file, counter);
  low.set(file, counter++);
  stack.push(file);
  onStack.add(file);
  for (const next of graph.get(file)) {
    if (!index.has(next)) {
      visit(next);
      low.set(file, Math.min(low.get(file), low.get(next)));
    } else if (onStack.has(next)) low.set(file, Math.min(low.get(file), index.get(next)));
  }
  if (low.get(file) !== index.get(file)) return;
  const component = [];
  let member;
  do {
    member = stack.pop();
    onStack.delete(member);
    component.push(member);
  } while (member !== file);
  if (component.length > 1 || graph.get(file).includes(file)) cycles.push(component.sort());
}
for (const file of [...files].sort()) if (!index.has(file)) visit(file);

const onFloors = (file) => !file.startsWith("sanity-studio/");
const unplaced = [...files].filter((file) => onFloors(file) && floorOf(file) === -1).sort();
const upward = [];
for (const [file, targets] of [...graph].sort(([a], [b]) => a.localeCompare(b)))
  if (onFloors(file)) for (const target of targets) if (floorOf(target) > floorOf(file)) upward.push([file, target]);

let failed = false;
if (unplaced.length) {
  console.error(
    `check-cycles: files on no floor (add them to FLOORS in scripts/check-cycles.mjs): ${unplaced.join(", ")}`,
  );
  failed = true;
}
const upwardReport = upward.map(
  ([file, target]) => `  ${file} (${FLOORS[floorOf(file)].name}) -> ${target} (${FLOORS[floorOf(target)].name})`,
);
if (upward.length > MAX_UPWARD_IMPORTS) {
  console.error(`check-cycles: ${upward.length} imports run up the floors, more than ${MAX_UPWARD_IMPORTS}:`);
  console.error(upwardReport.join("\n"));
  failed = true;
} else {
  console.log(`check-cycles: ${upward.length} import(s) run up the floors (at most ${MAX_UPWARD_IMPORTS}):`);
  if (upwardReport.length) console.log(upwardReport.join("\n"));
}

if (cycles.length) {
  console.error(`check-cycles: ${cycles.length} import cycle(s) (type-only imports and import()s count):`);
  for (const cycle of cycles) console.error(`  ${cycle.join(" <-> ")}`);
  process.exit(1);
}
if (failed) process.exit(1);
console.log(`check-cycles: no import cycle among ${files.size} files`);
