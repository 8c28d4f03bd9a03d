/**
 * A second release of the site for the deploy tests: the repository's own build copied into another
 * folder, with what a deploy that changed the frame script and the islands brings to a visitor: other hashed
 * names for the frame script and the islands' entries (every reference rewritten in the server build and the
 * client files). Remix's client build, which only a draft preview loads, is the same, and so is its asset
 * manifest's version: the build's identity (server/build-release.ts, buildIdentity) must tell the two releases
 * apart anyway. What the deploy tests watch is which build's pages and files the shared cache serves.
 */
import fs from "node:fs";
import path from "node:path";

import { root } from "../../scripts/lib/build.mjs";

export interface Release {
  dir: string;
  /** The address of Remix's client entry, which only a draft preview names. */
  entry: string;
  /** The address of its frame script, which every page names (the only script of a page that does not hydrate). */
  frame: string;
  /** Its islands' entries by name (build/client.json), which a page with a form or the calculator names. */
  islands: Record<string, string>;
}

interface Manifest {
  entry: { module: string };
}

/** The release the repository's build is (what the stack's instances start on). */
export async function currentRelease(): Promise<Release> {
  const build = (await import(path.join(root, "build", "index.js"))) as { assets: Manifest };
  return {
    dir: root,
    entry: build.assets.entry.module,
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
  const rehash = (file: string) => file.replace(/-([A-Za-z0-9]+)\.js$/, (_, hash: string) => `-${flip(hash)}.js`);
  const frame = rehash(from.frame);
  const islands = Object.fromEntries(Object.entries(from.islands).map(([name, src]) => [name, rehash(src)]));
  const renames: [string, string][] = [
    [from.frame, frame],
    ...Object.keys(from.islands).map((name): [string, string] => [from.islands[name]!, islands[name]!]),
  ];
  for (const file of [
    ...textFilesUnder(path.join(dir, "build")),
    ...textFilesUnder(path.join(dir, "public", "build")),
  ]) {
    let text = fs.readFileSync(file, "utf8");
    for (const [before, after] of renames) text = text.split(before).join(after);
    fs.writeFileSync(file, text);
  }
  for (const [before, after] of renames)
    fs.renameSync(path.join(dir, "public", before), path.join(dir, "public", after));
  return { dir, entry: from.entry, frame, islands };
}
