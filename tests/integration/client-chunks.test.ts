// The browser build regrouped by scripts/merge-client-chunks.mjs: the manifest the server renders and the
// one the browser reads agree, every file they or the chunks name exists, and what every page loads is a
// handful of files (React, Remix and the site's frame in one).
import fs from "node:fs";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { readServerManifest } from "../../scripts/merge-client-chunks.mjs";
import { type ProductionServer, request, requireBuild, startServer } from "../support/production-server";

const root = path.resolve(import.meta.dirname, "..", "..");
const publicDir = path.join(root, "public");

type RouteRecord = { module: string; imports?: string[] };
type Manifest = { url: string; version: string; entry: RouteRecord; routes: Record<string, RouteRecord> };

function browserManifest(url: string): Manifest {
  const text = fs.readFileSync(path.join(publicDir, url), "utf8");
  return JSON.parse(text.replace(/^window\.__remixManifest=/, "").replace(/;$/, "")) as Manifest;
}

/** Relative module specifiers a built file imports, statically or on demand. */
function importsOf(file: string): string[] {
  const code = fs.readFileSync(file, "utf8");
  return [...code.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)].map((match) => match[1]);
}

/** Packages only the server uses: one of them in a browser file means server code leaked there. */
const SERVER_ONLY_PACKAGES = ["pg", "pg-boss", "sharp", "satori", "express", "@sanity/client", "rate-limiter-flexible"];

describe("regrouped browser chunks", () => {
  let manifest: Manifest;
  beforeAll(() => {
    requireBuild();
    manifest = readServerManifest().manifest as Manifest;
  });

  it("the server's manifest is the browser's manifest file", () => {
    expect(manifest.url).toBe(`/build/manifest-${manifest.version.toUpperCase()}.js`);
    expect(browserManifest(manifest.url)).toEqual(JSON.parse(JSON.stringify(manifest)));
  });

  it("every file the manifest or a chunk names exists", () => {
    const records = [manifest.entry, ...Object.values(manifest.routes)];
    const files = new Set(records.flatMap((record) => [record.module, ...(record.imports ?? [])]));
    for (const url of files) expect(fs.existsSync(path.join(publicDir, url)), url).toBe(true);
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const specifier of importsOf(file)) {
        const target = path.resolve(path.dirname(file), specifier);
        expect(fs.existsSync(target), `${path.relative(root, file)} imports ${specifier}`).toBe(true);
        visit(target);
      }
    };
    for (const url of files) visit(path.join(publicDir, url));
    expect(seen.size).toBeGreaterThan(files.size);
  });

  it("no browser file holds zod: the form schemas use Valibot, whose checks are bundled one by one", () => {
    const metafile = JSON.parse(fs.readFileSync(path.join(root, "build", "metafile.js.json"), "utf8")) as {
      outputs: Record<string, { inputs: Record<string, unknown> }>;
    };
    const inputs = Object.values(metafile.outputs).flatMap((output) => Object.keys(output.inputs));
    expect(inputs.some((input) => input.includes("node_modules/valibot/"))).toBe(true);
    expect(inputs.filter((input) => input.includes("node_modules/zod/"))).toEqual([]);
  });

  it("no browser file holds a `.server` module's code or a server-only package (islands render on the server from their own chunks)", () => {
    // Remix's build (the draft preview's app) and the public client's (the frame script and the islands).
    const outputs = Object.assign(
      {},
      ...["metafile.js.json", "metafile.client.json"].map(
        (file) =>
          (
            JSON.parse(fs.readFileSync(path.join(root, "build", file), "utf8")) as {
              outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
            }
          ).outputs,
      ),
    ) as Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
    const metafile = { outputs };
    expect(Object.keys(outputs).some((output) => /island-contact-form-/.test(output))).toBe(true);
    const leaked = Object.entries(metafile.outputs).flatMap(([output, { inputs }]) =>
      Object.keys(inputs)
        // The compiler's stand-in for an emptied `.server` import is named `empty-module:…` and holds nothing.
        .filter(
          (input) =>
            (!input.startsWith("empty-module:") && /\.server\.[jt]sx?$/.test(input)) ||
            SERVER_ONLY_PACKAGES.some((name) => input.includes(`node_modules/${name}/`)),
        )
        .map((input) => `${input} in ${output}`),
    );
    expect(leaked).toEqual([]);
    // The check reads real inputs: the site's own modules are listed by their paths.
    const inputs = Object.values(metafile.outputs).flatMap((output) => Object.keys(output.inputs));
    expect(inputs).toContain("app/components/islands/island.tsx");
  });

  it("what every page loads is two files plus the manifest: the entry and the framework file, which is the root route's module", () => {
    const everyPage = new Set([
      manifest.entry.module,
      ...(manifest.entry.imports ?? []),
      manifest.routes.root.module,
      ...(manifest.routes.root.imports ?? []),
    ]);
    expect([...everyPage].map((url) => path.basename(url).replace(/-[a-z0-9]+\.js$/, "")).sort()).toEqual([
      "entry.client",
      "framework",
    ]);
    expect(path.basename(manifest.routes.root.module)).toMatch(/^framework-/);
  });

  it("the browser code has no single fetch or lazy route discovery, both off in remix.config.js", () => {
    const framework = fs.readFileSync(path.join(publicDir, manifest.routes.root.module), "utf8");
    // Flag reads written as constants, and the code they guarded gone: the single-fetch stream and its
    // decoding, the manifest requests of lazy route discovery.
    expect(framework).not.toMatch(/v3_singleFetch|v3_lazyRouteDiscovery/);
    expect(framework).not.toContain("No stream found for single fetch decoding");
    expect(framework).not.toContain("/__manifest");
    // The router itself is there.
    expect(framework).toContain("__remixRouteModules");
  });

  it("/calculadora starts with its live calculator and without the form kit, which comes with the lead form", () => {
    const metafile = JSON.parse(fs.readFileSync(path.join(root, "build", "metafile.js.json"), "utf8")) as {
      outputs: Record<string, { inputs: Record<string, unknown>; imports: { path: string; kind: string }[] }>;
    };
    const route = manifest.routes["routes/calculadora"];
    const atStart = new Set<string>();
    const visit = (file: string) => {
      if (atStart.has(file)) return;
      atStart.add(file);
      for (const { path: imported, kind } of metafile.outputs[file]?.imports ?? [])
        if (kind === "import-statement") visit(imported);
    };
    for (const url of [route.module, ...(route.imports ?? [])]) visit(`public${url}`);
    const inputs = [...atStart].flatMap((file) => Object.keys(metafile.outputs[file]?.inputs ?? {}));
    expect(inputs).toContain("app/components/calculator/CalculatorForm.tsx");
    expect(inputs).toContain("app/components/forms/controls.tsx");
    expect(
      inputs.filter((input) => /forms\/(use-lead-form|fields)\.tsx?$|node_modules\/valibot\//.test(input)),
    ).toEqual([]);
  });
});

describe("a page as served", () => {
  let server: ProductionServer;
  beforeAll(async () => {
    server = await startServer();
  }, 60_000);
  afterAll(() => server?.stop());

  it.each(["/", "/mensual", "/reformas-integrales", "/sectores/construccion"])(
    "%s preloads and imports only files the server has",
    async (page) => {
      const html = (await request(`${server.baseUrl}${page}`)).body.toString("utf8");
      const urls = [...html.matchAll(/(?:href="|src="|import\(?\s*")(\/build\/[^"]+\.js)"/g)].map((match) => match[1]);
      // A sector page carries no React (docs/decisions/0023-a-frame-without-a-framework.md): the frame script alone.
      // `/` carries the frame script and names its form's island entry (docs/decisions/0025-islands-without-remix.md),
      // the campaign page its calculator's and its lead form's, `/mensual` its dialogs'.
      if (page.startsWith("/sectores/")) expect(urls.filter((url) => !/^\/build\/frame-/.test(url))).toEqual([]);
      if (page === "/mensual")
        expect(urls.filter((url) => !/^\/build\/(frame|island-plan-dialog)-/.test(url))).toEqual([]);
      if (page === "/") expect(urls.filter((url) => !/^\/build\/(frame|island-contact-form)-/.test(url))).toEqual([]);
      if (page === "/reformas-integrales")
        expect(urls.filter((url) => !/^\/build\/(frame|island-(calculator-block|lead-form-block))-/.test(url))).toEqual(
          [],
        );
      expect(urls.length).toBeGreaterThan(0);
      for (const url of new Set(urls)) expect((await request(`${server.baseUrl}${url}`)).status, url).toBe(200);
    },
  );
});
