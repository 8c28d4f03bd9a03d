/**
 * A second release of the site for the deploy tests: the repository's own build copied into another
 * folder, with what a new build changes for a visitor: another asset-manifest version and other hashed
 * names for the client entry, the manifest, the frame script and the islands' entries (every reference rewritten in the server build and the
 * client files). The server code is the same; what the deploy tests watch is which build's pages and
 * files the shared cache serves.
 */
import fs from "node:fs";
import path from "node:path";

import { root } from "../../scripts/lib/build.mjs";

export interface Release {
  dir: string;
  version: string;
  /** The address of its client entry and of its asset manifest, as its pages name them. */
  entry: string;
  manifest: string;
  /** The address of its frame script, which every page names (the only script of a page that does not hydrate). */
  frame: string;
  /** Its islands' entries by name (build/client.json), which a page with a form or the calculator names. */
  islands: Record<string, string>;
}

interface Manifest {
  version: string;
  url: string;
  entry: { module: string };
}

/** The release the repository's build is (what the stack's instances start on). */
export async function currentRelease(): Promise<Release> {
  const build = (await import(path.join(root, "build", "index.js"))) as { assets: Manifest };
  return {
    dir: root,
    version: build.assets.version,
    entry: build.assets.entry.module,
    manifest: build.assets.url,
    ...clientFiles(),
  };
}

/** The frame script's and the islands' addresses, as scripts/build-client.mjs wrote them. */
function clientFiles(): Pick<Release, "frame" | "islands"> {
  const client = JSON.parse(fs.readFileSync(path.join(root, "build", "client.json"), "utf8")) as {
    frame: { src: string };
    islands: Record<string, { src: string }>;
  };
  return {
    frame: client.frame.src,
    islands: Object.fromEntries(Object.entries(client.islands).map(([name, island]) => [name, island.src])),
  };
}

function textFilesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(js|json|css)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** A new release in `into`, built from `from` as a deploy would bring it. */
export function nextRelease(from: Release, into: string): Release {
  const dir = path.join(into, "release-next");
  fs.mkdirSync(dir, { recursive: true });
  fs.cpSync(path.join(from.dir, "build"), path.join(dir, "build"), { recursive: true });
  fs.cpSync(path.join(from.dir, "public"), path.join(dir, "public"), { recursive: true });
  fs.copyFileSync(path.join(from.dir, "package.json"), path.join(dir, "package.json"));
  fs.symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"));
  // Same length, other characters: the new hashes of a rebuilt client.
  const flip = (text: string) =>
    [...text].reverse().join("") === text ? `${text.slice(1)}0` : [...text].reverse().join("");
  const version = flip(from.version);
  const rehash = (file: string) => file.replace(/-([A-Za-z0-9]+)\.js$/, (_, hash: string) => `-${flip(hash)}.js`);
  const entry = rehash(from.entry);
  const manifest = rehash(from.manifest);
  const frame = rehash(from.frame);
  const islands = Object.fromEntries(Object.entries(from.islands).map(([name, src]) => [name, rehash(src)]));
  const renames: [string, string][] = [
    [from.entry, entry],
    [from.manifest, manifest],
    [from.frame, frame],
    ...Object.keys(from.islands).map((name): [string, string] => [from.islands[name]!, islands[name]!]),
  ];
  for (const file of [
    ...textFilesUnder(path.join(dir, "build")),
    ...textFilesUnder(path.join(dir, "public", "build")),
  ]) {
    let text = fs.readFileSync(file, "utf8");
    for (const [before, after] of renames) text = text.split(before).join(after);
    text = text.split(`"version":"${from.version}"`).join(`"version":"${version}"`);
    fs.writeFileSync(file, text);
  }
  for (const [before, after] of renames)
    fs.renameSync(path.join(dir, "public", before), path.join(dir, "public", after));
  return { dir, version, entry, manifest, frame, islands };
}
