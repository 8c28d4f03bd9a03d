// A deploy and the shared cache (server/build-release.ts): an instance remembers, in its DATA_DIR, the
// build it served, so its next start on another build names the build to purge; the files of the builds
// it served before stay fetchable from it (the newest three builds kept, older ones removed); a page's
// build tag survives the tags' bounds.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { archiveBuildFiles, buildIdentity, buildTag, KEPT_BUILDS, recordServedBuild } from "../../server/build-release";
import { cacheableHeaders } from "../../server/remix-handler";
import { StaticAssets } from "../../server/static-assets";

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "build-release-"));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** A release folder whose public/build holds these files (path → text). */
function release(name: string, files: Record<string, string>): string {
  const dir = path.join(dataDir, "releases", name);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, "public", "build", file)), { recursive: true });
    fs.writeFileSync(path.join(dir, "public", "build", file), text);
  }
  return dir;
}

describe("the build an instance served", () => {
  it("is nothing on a first start, the same after a plain restart, the old one after a deploy", () => {
    expect(recordServedBuild(dataDir, "aaaa1111", "host-3001")).toBeNull();
    expect(recordServedBuild(dataDir, "aaaa1111", "host-3001")).toBe("aaaa1111");
    expect(recordServedBuild(dataDir, "bbbb2222", "host-3001")).toBe("aaaa1111");
    expect(recordServedBuild(dataDir, "bbbb2222", "host-3001")).toBe("bbbb2222");
  });

  it("is each instance's own, also when they share a DATA_DIR", () => {
    recordServedBuild(dataDir, "aaaa1111", "host-3001");
    recordServedBuild(dataDir, "aaaa1111", "host-3002");
    // The first instance is replaced: the second one, still on the old build, is not told it was.
    expect(recordServedBuild(dataDir, "bbbb2222", "host-3001")).toBe("aaaa1111");
    expect(recordServedBuild(dataDir, "bbbb2222", "host-3002")).toBe("aaaa1111");
  });

  it("ignores a record that is not a version, and never throws on a DATA_DIR it cannot write", () => {
    fs.mkdirSync(path.join(dataDir, "builds"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "builds", "served-by-h-1.txt"), "../../etc/passwd\n");
    expect(recordServedBuild(dataDir, "aaaa1111", "h-1")).toBeNull();
    const file = path.join(dataDir, "a-file");
    fs.writeFileSync(file, "");
    expect(recordServedBuild(file, "aaaa1111", "h-1")).toBeNull();
    expect(archiveBuildFiles(path.join(dataDir, "none"), file, "aaaa1111")).toEqual([]);
  });
});

describe("the files of the builds served before", () => {
  async function get(assets: StaticAssets, pathname: string) {
    const server = http.createServer((req, res) => {
      void assets.serve(req, res, pathname, false).then((served) => {
        if (!served) res.writeHead(404).end("no");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const response = await fetch(`http://127.0.0.1:${port}${pathname}`, {
        headers: { "accept-encoding": "identity" },
      });
      return { status: response.status, text: await response.text(), cache: response.headers.get("cache-control") };
    } finally {
      server.close();
    }
  }

  it("are served by an instance of the new build, immutable; a file no build has is a 404", async () => {
    const old = release("old", { "entry.client-old.js": "old entry", "_shared/chunk-old.js": "old chunk" });
    const next = release("new", {
      "entry.client-new.js": "new entry",
      "routes/sectores.$slug-new.js": "new route",
    });
    expect(archiveBuildFiles(path.join(old, "public", "build"), dataDir, "aaaa1111")).toEqual([]);
    const archived = archiveBuildFiles(path.join(next, "public", "build"), dataDir, "bbbb2222");
    expect(archived).toEqual([path.join(dataDir, "builds", "aaaa1111")]);
    // The old release's folder is gone, as after a deploy that replaced it.
    fs.rmSync(old, { recursive: true });
    const assets = new StaticAssets(path.join(next, "public"), archived);
    expect(await get(assets, "/build/entry.client-new.js")).toMatchObject({ status: 200, text: "new entry" });
    expect(await get(assets, "/build/_shared/chunk-old.js")).toMatchObject({
      status: 200,
      text: "old chunk",
      cache: expect.stringContaining("immutable"),
    });
    expect((await get(assets, "/build/_shared/chunk-none.js")).status).toBe(404);
    // A Remix route's file is named after the route, a path parameter's `$` included: served by that name only.
    expect(await get(assets, "/build/routes/sectores.$slug-new.js")).toMatchObject({ status: 200, text: "new route" });
    expect((await get(assets, "/build/routes/sectores.%24slug-new.js")).status).toBe(404);
    // An archived build is looked into for /build/ only.
    expect((await get(assets, "/entry.client-old.js")).status).toBe(404);
  });

  it(`keeps the newest ${KEPT_BUILDS} builds and removes older ones`, () => {
    const versions = ["v1", "v2", "v3", "v4", "v5"];
    let archived: string[] = [];
    versions.forEach((version, index) => {
      const dir = release(version, { [`entry.client-${version}.js`]: version });
      archived = archiveBuildFiles(path.join(dir, "public", "build"), dataDir, version);
      // Start times a second apart: the order does not rest on the file system's clock resolution.
      const time = new Date(Date.UTC(2026, 0, 1, 0, 0, index));
      fs.utimesSync(path.join(dataDir, "builds", version), time, time);
    });
    expect(archived.map((dir) => path.basename(dir))).toEqual(["v4", "v3"]);
    const left = fs.readdirSync(path.join(dataDir, "builds")).filter((name) => !name.endsWith(".txt"));
    expect(left.sort()).toEqual(["v3", "v4", "v5"]);
  });
});

describe("a build's identity", () => {
  /** A build folder: the server bundle with Remix's manifest in it, and the client builds' manifests. */
  function buildDir(name: string, files: Record<string, string>): string {
    const dir = path.join(dataDir, "identity", name, "build");
    fs.mkdirSync(dir, { recursive: true });
    for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), text);
    return dir;
  }
  const base = {
    "index.js": 'var assets_manifest_default = { version: "10c37d1c" };',
    "server.js": "server",
    "client.json": '{"frame":{"src":"/build/frame-AAAA.js"}}',
    "preview-client.json": '{"src":"/build/preview-AAAA.js"}',
  };

  it("is the same for the same build, wherever it is, and a name the build folders accept", () => {
    const id = buildIdentity(buildDir("one", base));
    expect(buildIdentity(buildDir("copy", base))).toBe(id);
    expect(id).toMatch(/^[0-9a-f]{12}$/);
    expect(archiveBuildFiles(path.join(dataDir, "none"), dataDir, id)).toEqual([]);
  });

  it("changes when only the frame script, an island, the preview client or server code changed (Remix's manifest version did not)", () => {
    const id = buildIdentity(buildDir("one", base));
    const changed = [
      { "client.json": '{"frame":{"src":"/build/frame-BBBB.js"}}' },
      { "preview-client.json": '{"src":"/build/preview-BBBB.js"}' },
      { "server.js": "server, changed" },
      { "index.js": 'var assets_manifest_default = { version: "10c37d1c" }; // a loader changed' },
    ];
    const ids = changed.map((change, index) => buildIdentity(buildDir(`changed-${index}`, { ...base, ...change })));
    for (const other of ids) expect(other).not.toBe(id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("never throws on a build folder that lacks a file", () => {
    expect(buildIdentity(path.join(dataDir, "no-such-build"))).toMatch(/^[0-9a-f]{12}$/);
    const { "client.json": _client, ...withoutClient } = base;
    expect(buildIdentity(buildDir("partial", withoutClient))).not.toBe(buildIdentity(buildDir("whole", base)));
  });
});

describe("a page's build tag", () => {
  it("is on every cacheable page, also one whose tags overflow the header's bounds", () => {
    const tagHeader = (tags: string[]) =>
      Object.fromEntries(cacheableHeaders(new Headers(), tags, true, "bc319a9a"))["Surrogate-Key"];
    expect(tagHeader(["q:one"])).toBe(`site q:one ${buildTag("bc319a9a")}`);
    const many = Array.from({ length: 500 }, (_, index) => `q:${index}`);
    expect(tagHeader(many)).toBe("site site:overflow b:bc319a9a");
  });
});
