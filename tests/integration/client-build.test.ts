// The browser's files: what the two client builds hold (Remix's, which only a draft preview loads, and
// scripts/build-client.mjs's frame script and islands, which public pages load), and what a page as served names.
import fs from "node:fs";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type ProductionServer, request, requireBuild, startServer } from "../support/production-server";

const root = path.resolve(import.meta.dirname, "..", "..");

type Outputs = Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;

/** Packages only the server uses: one of them in a browser file means server code leaked there. */
const SERVER_ONLY_PACKAGES = ["pg", "pg-boss", "sharp", "satori", "express", "@sanity/client", "rate-limiter-flexible"];

describe("the browser's files", () => {
  let outputs: Outputs;
  beforeAll(() => {
    requireBuild();
    // Remix's build (the draft preview's app) and the public client's (the frame script and the islands).
    outputs = Object.assign(
      {},
      ...["metafile.js.json", "metafile.client.json"].map(
        (file) => (JSON.parse(fs.readFileSync(path.join(root, "build", file), "utf8")) as { outputs: Outputs }).outputs,
      ),
    ) as Outputs;
  });
  const inputs = () => Object.values(outputs).flatMap((output) => Object.keys(output.inputs));

  it("no browser file holds zod: the form schemas use Valibot, whose checks are bundled one by one", () => {
    expect(inputs().some((input) => input.includes("node_modules/valibot/"))).toBe(true);
    expect(inputs().filter((input) => input.includes("node_modules/zod/"))).toEqual([]);
  });

  it("no browser file holds a `.server` module's code or a server-only package (islands render on the server from their own chunks)", () => {
    expect(Object.keys(outputs).some((output) => /island-contact-form-/.test(output))).toBe(true);
    const leaked = Object.entries(outputs).flatMap(([output, { inputs: outputInputs }]) =>
      Object.keys(outputInputs)
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
    expect(inputs()).toContain("app/components/islands/island.tsx");
  });
});

/** V8's explicit compile hint, as scripts/build-client.mjs writes it on the island files. */
const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

describe("compile hints", () => {
  const files = () => {
    requireBuild();
    return fs.readdirSync(path.join(root, "public", "build")).filter((file) => file.endsWith(".js"));
  };
  const manifest = () =>
    JSON.parse(fs.readFileSync(path.join(root, "build", "client.json"), "utf8")) as Record<string, unknown>;

  it("every island file starts with V8's compile hint, once: Chrome compiles it while it streams in", () => {
    const islandFiles = Object.keys(
      (JSON.parse(fs.readFileSync(path.join(root, "build", "metafile.client.json"), "utf8")) as { outputs: Outputs })
        .outputs,
    ).filter((output) => /^public\/build\/island-.*\.js$/.test(output));
    expect(islandFiles.length).toBeGreaterThan(6);
    for (const output of islandFiles) {
      const code = fs.readFileSync(path.join(root, output), "utf8");
      expect(code.startsWith(`${COMPILE_HINT}\n`), output).toBe(true);
      expect(code.indexOf(COMPILE_HINT, 1), output).toBe(-1);
    }
    expect(files().some((file) => file.startsWith("island-chunk-"))).toBe(true);
  });

  it("the frame script and its chunks keep lazy compilation (most of them runs only on a touch)", () => {
    const frameFiles = files().filter((file) => /^frame-/.test(file));
    expect(JSON.stringify(manifest())).toMatch(/\/build\/frame-/);
    expect(frameFiles.length).toBeGreaterThan(0);
    for (const file of frameFiles)
      expect(fs.readFileSync(path.join(root, "public", "build", file), "utf8").includes(COMPILE_HINT), file).toBe(
        false,
      );
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
