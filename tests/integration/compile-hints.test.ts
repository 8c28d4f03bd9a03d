// The build marks the file that holds React and Remix (and the frame merged with them) for eager compilation in Chrome
// (scripts/compile-hints.mjs); route chunks keep V8's lazy compilation.
import fs from "node:fs";
import path from "node:path";

import { beforeAll, describe, expect, it } from "vitest";

import { COMPILE_HINT, reactDomChunks } from "../../scripts/compile-hints.mjs";
import { requireBuild } from "../support/production-server";

const root = path.resolve(import.meta.dirname, "..", "..");

describe("compile hints in the client build", () => {
  let metafile: { outputs: Record<string, { bytes: number; inputs: Record<string, { bytesInOutput: number }> }> };
  let framework: string[];
  beforeAll(() => {
    requireBuild();
    metafile = JSON.parse(fs.readFileSync(path.join(root, "build", "metafile.js.json"), "utf8"));
    framework = reactDomChunks(metafile) as string[];
  });

  const startsWithHint = (output: string) => fs.readFileSync(path.join(root, output), "utf8").startsWith(COMPILE_HINT);

  it("the chunks with React DOM and Remix start with the hint, once", () => {
    const holding = (name: string) =>
      framework.filter((output) => Object.keys(metafile.outputs[output].inputs).some((input) => input.includes(name)));
    expect(holding("node_modules/react-dom/")).not.toEqual([]);
    expect(holding("node_modules/@remix-run/react/")).not.toEqual([]);
    for (const output of framework) {
      expect(startsWithHint(output), output).toBe(true);
      expect(fs.readFileSync(path.join(root, output), "utf8").indexOf(COMPILE_HINT, 1)).toBe(-1);
    }
  });

  it("route, entry and on-demand chunks keep lazy compilation", () => {
    const others = Object.keys(metafile.outputs).filter(
      (output) => output.endsWith(".js") && !framework.includes(output),
    );
    expect(others.some((output) => output.includes("/routes/mensual-"))).toBe(true);
    for (const output of others) expect(startsWithHint(output), output).toBe(false);
  });
});
