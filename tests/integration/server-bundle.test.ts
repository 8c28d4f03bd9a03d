// What the browser receives never holds a delivery address, a token or the server-only leads code:
// neither the client bundle in public/build nor the rendered pages (their loader data included). And the
// two server bundles hold each app module once between them.
import fs from "node:fs";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type ProductionServer, request, requireBuild, startServer } from "../support/production-server";

const root = path.resolve(import.meta.dirname, "..", "..");
const clientDir = path.join(root, "public", "build");
const SECRETS = {
  FORM_SERVICE_URL: "http://127.0.0.1:9/form-service-9f3b2c",
  AUTOMATION_WEBHOOK_URL: "http://127.0.0.1:9/automation-hook-7a1d4e",
  SANITY_API_READ_TOKEN: "skReadToken5c8e1f0b",
  SANITY_WEBHOOK_SECRET: "webhookSecret2d6a9c",
};

function clientFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? clientFiles(full) : /\.(js|css|map)$/.test(entry.name) ? [full] : [];
  });
}

describe("client bundle (public/build)", () => {
  beforeAll(requireBuild);

  it("names none of the server-only settings", () => {
    const files = clientFiles(clientDir);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = fs.readFileSync(file, "utf8");
      for (const name of [...Object.keys(SECRETS), "DATA_DIR", "DELIVERY_RETRY_BASE_MS"]) {
        expect(text.includes(name), `${path.relative(root, file)} mentions ${name}`).toBe(false);
      }
    }
  });

  it("holds no preview code outside the preview client's own files, and names none of them", () => {
    const metafile = JSON.parse(fs.readFileSync(path.join(root, "build", "metafile.js.json"), "utf8")) as {
      inputs: Record<string, unknown>;
    };
    expect(Object.keys(metafile.inputs).filter((input) => /components\/preview\/|visual-editing/.test(input))).toEqual(
      [],
    );
    const remixFiles = clientFiles(clientDir).filter((file) => !path.basename(file).startsWith("preview-"));
    expect(remixFiles.length).toBeGreaterThan(0);
    for (const file of remixFiles) {
      const text = fs.readFileSync(file, "utf8");
      expect(/\/build\/preview-|preview-mode|Vista previa/.test(text), `${path.relative(root, file)}`).toBe(false);
    }
    // The preview client is built, apart: its entry and stylesheet are listed for preview answers.
    const manifest = JSON.parse(fs.readFileSync(path.join(root, "build", "preview-client.json"), "utf8"));
    for (const url of [manifest.script, manifest.stylesheet])
      expect(fs.existsSync(path.join(root, "public", url)), url).toBe(true);
  });

  it("contains no module from app/leads nor any *.server module", () => {
    const metafile = JSON.parse(fs.readFileSync(path.join(root, "build", "metafile.js.json"), "utf8")) as {
      inputs: Record<string, unknown>;
    };
    const inputs = Object.keys(metafile.inputs);
    expect(inputs.some((input) => input.includes("app/root.tsx"))).toBe(true);
    expect(inputs.filter((input) => /app\/leads\/|\.server\.[jt]sx?$/.test(input))).toEqual([]);
  });
});

describe("server bundles (build/index.js from Remix, build/server.js from scripts/build-server.mjs)", () => {
  beforeAll(requireBuild);

  /** Source files bundled into one output, from the esbuild metafile written beside it. */
  function bundledModules(metafile: string, output: string): string[] {
    const { outputs } = JSON.parse(fs.readFileSync(path.join(root, "build", metafile), "utf8")) as {
      outputs: Record<string, { inputs: Record<string, unknown> }>;
    };
    return Object.keys(outputs[output]?.inputs ?? {}).filter((input) => !input.includes("node_modules"));
  }

  it("share no module: the Node layer reaches the app only through the Remix build's exports", () => {
    const remix = bundledModules("metafile.server.json", "build/index.js");
    const node = bundledModules("metafile.node-server.json", "build/server.js");
    expect(remix).toContain("app/entry.server.tsx");
    expect(node).toContain("server/request-listener.ts");
    // A module in both would exist twice at run time, each copy with its own state (metrics, caches).
    expect(node.filter((input) => remix.includes(input))).toEqual([]);
    expect(node.filter((input) => input.startsWith("app/"))).toEqual([]);
  });
});

describe("rendered pages", () => {
  let server: ProductionServer;
  beforeAll(async () => {
    server = await startServer(SECRETS);
  }, 60_000);
  afterAll(() => server?.stop());

  it.each([
    "/",
    "/calculadora",
    "/mensual",
    "/contacto",
    "/iniciar-servicio",
    "/sectores/construccion",
    "/?_data=root",
  ])("%s carries no delivery address, token or secret", async (page) => {
    const response = await request(`${server.baseUrl}${page}`);
    expect(response.status).toBe(200);
    const body = response.body.toString("utf8");
    for (const [name, value] of Object.entries(SECRETS))
      expect(body.includes(value), `${page} leaks ${name}`).toBe(false);
  });
});
