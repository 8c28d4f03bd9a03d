// The build marks the one chunk that holds React and Remix for eager compilation in Chrome
// (scripts/compile-hints.mjs); route chunks keep V8's lazy compilation.
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { requireBuild } from "../support/production-server";

const root = path.resolve(import.meta.dirname, "..", "..");
const HINT = "//# allFunctionsCalledOnLoad\n";

describe("compile hints in the client build", () => {
  beforeAll(requireBuild);

  function outputs() {
    const metafile = JSON.parse(fs.readFileSync(path.join(root, "build", "metafile.js.json"), "utf8")) as {
      outputs: Record<string, { inputs: Record<string, unknown> }>;
    };
    return Object.entries(metafile.outputs)
      .filter(([output]) => output.endsWith(".js"))
      .map(([output, { inputs }]) => ({
        file: path.join(root, output),
        framework: ["node_modules/react-dom/", "node_modules/@remix-run/react/"].every((name) =>
          Object.keys(inputs).some((input) => input.includes(name)),
        ),
      }));
  }

  it("the framework chunk (React, Remix) starts with the hint, once", () => {
    const framework = outputs().filter((output) => output.framework);
    expect(framework).toHaveLength(1);
    const code = fs.readFileSync(framework[0].file, "utf8");
    expect(code.startsWith(HINT)).toBe(true);
    expect(code.indexOf(HINT, 1)).toBe(-1);
  });

  it("route and entry chunks keep lazy compilation", () => {
    const others = outputs().filter((output) => !output.framework);
    expect(others.length).toBeGreaterThan(5);
    for (const { file } of others) expect(fs.readFileSync(file, "utf8").startsWith(HINT), file).toBe(false);
  });
});
