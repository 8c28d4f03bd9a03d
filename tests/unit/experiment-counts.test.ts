// The embedded store's experiment counts: an append-only file under DATA_DIR, and the ids of converted
// browsers in one file per experiment, removed with the experiment.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import {
  assignedBrowsersFile,
  COMPACT_AFTER_LINES,
  convertedBrowsersFile,
  experimentCountsFile,
  FileExperimentCounter,
  sumCountLines,
} from "~/leads/experiment-counts.server";

import {
  BROWSER_ANA,
  BROWSER_LUIS,
  describeExperimentCounterConformance,
} from "../support/experiment-counter-conformance";

function fileStores() {
  let directory = "";
  return {
    async fresh() {
      directory = fs.mkdtempSync(path.join(os.tmpdir(), "experiment-counts-"));
      return new FileExperimentCounter(directory);
    },
    async reopen() {
      return new FileExperimentCounter(directory);
    },
  };
}

describeExperimentCounterConformance("DATA_DIR file", fileStores);

describe("the embedded experiment counts file", () => {
  it("skips a torn last line and foreign lines instead of failing the report", () => {
    const text = [
      '{"e":"titular","v":"a","t":"visitor"}',
      "not json",
      '{"e":"titular","v":"a","t":"click"}',
      '{"e":"titular","v":"a","t":"lead"}',
      '{"e":"titular","v":"a","t":"conversion"}',
      '{"e":"titular","v":"b","t":"vis',
    ].join("\n");
    expect(sumCountLines(text)).toEqual([
      { experiment: "titular", variant: "a", visitors: 1, conversions: 1, leads: 1 },
    ]);
  });

  it("keeps counting in memory when the folder cannot be written, and writes them once it can", async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), "experiment-counts-"));
    // A file where the experiments folder should be: every append fails.
    fs.writeFileSync(path.join(directory, "experiments"), "");
    const counter = new FileExperimentCounter(directory);
    counter.countVisitor("titular", "a");
    await counter.flush();
    expect(await counter.readCounts()).toEqual([
      { experiment: "titular", variant: "a", visitors: 1, conversions: 0, leads: 0 },
    ]);
    fs.rmSync(path.join(directory, "experiments"));
    await counter.flush();
    expect(fs.readFileSync(experimentCountsFile(directory), "utf8")).toContain('"e":"titular"');
  });

  it("keeps the ids of assigned and converted browsers apart from the counts, and removes them with the experiment", async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), "experiment-counts-"));
    const counter = new FileExperimentCounter(directory);
    counter.countVisitor("titular", "a", BROWSER_ANA);
    counter.countVisitor("formulario", "a", BROWSER_ANA);
    counter.countLead("titular", "a", BROWSER_ANA);
    counter.countLead("formulario", "a", BROWSER_ANA);
    await counter.flush();
    expect(fs.readFileSync(experimentCountsFile(directory), "utf8")).not.toContain(BROWSER_ANA);
    expect(fs.readFileSync(assignedBrowsersFile(directory, "titular"), "utf8")).toBe(`${BROWSER_ANA} a\n`);
    expect(fs.readFileSync(convertedBrowsersFile(directory, "titular"), "utf8")).toBe(`${BROWSER_ANA}\n`);
    expect(await counter.forgetExperimentsExcept(["formulario"])).toEqual(["titular"]);
    expect(fs.existsSync(convertedBrowsersFile(directory, "titular"))).toBe(false);
    expect(fs.existsSync(assignedBrowsersFile(directory, "titular"))).toBe(false);
    expect(fs.existsSync(convertedBrowsersFile(directory, "formulario"))).toBe(true);
    expect(fs.existsSync(assignedBrowsersFile(directory, "formulario"))).toBe(true);
    // The counts stay: the report of a removed experiment's key is simply no longer shown.
    expect(await counter.readCounts()).toEqual([
      { experiment: "formulario", variant: "a", visitors: 1, conversions: 1, leads: 1 },
      { experiment: "titular", variant: "a", visitors: 1, conversions: 1, leads: 1 },
    ]);
  });

  it("reads an assignments file's torn last line once it is whole, and skips foreign lines", async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), "experiment-counts-"));
    const file = assignedBrowsersFile(directory, "titular");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Another process is half-way through appending Ana's line.
    fs.writeFileSync(file, `no es una línea\n${BROWSER_LUIS} b x\n${BROWSER_ANA.slice(0, 10)}`);
    const counter = new FileExperimentCounter(directory);
    counter.countLead("titular", "a", BROWSER_ANA);
    counter.countLead("titular", "b", BROWSER_LUIS);
    await counter.flush();
    fs.appendFileSync(file, `${BROWSER_ANA.slice(10)} a\n`);
    counter.countLead("titular", "a", BROWSER_ANA);
    expect(await counter.readCounts()).toEqual([
      { experiment: "titular", variant: "a", visitors: 0, conversions: 1, leads: 2 },
      { experiment: "titular", variant: "b", visitors: 0, conversions: 0, leads: 1 },
    ]);
  });
});

describe("the counts file stays bounded", () => {
  it("compacts appended lines into totals, and the totals stay exact", async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), "experiment-compact-"));
    const counter = new FileExperimentCounter(directory);
    for (let round = 0; round < 25; round += 1) {
      for (let i = 0; i < 200; i += 1) counter.countVisitor("titular", i % 2 ? "a" : "b");
      counter.countLead("titular", "a");
      await counter.flush();
    }
    const lines = fs.readFileSync(experimentCountsFile(directory), "utf8").split("\n").filter(Boolean);
    expect(lines.length).toBeLessThanOrEqual(COMPACT_AFTER_LINES + 210);
    const expected = [
      { experiment: "titular", variant: "a", visitors: 2500, conversions: 0, leads: 25 },
      { experiment: "titular", variant: "b", visitors: 2500, conversions: 0, leads: 0 },
    ];
    expect(await counter.readCounts()).toEqual(expected);
    // Another process (the report) reads the same totals from the file alone.
    expect(await new FileExperimentCounter(directory).readCounts()).toEqual(expected);
  });

  it("reads compacted total lines and refuses odd totals", () => {
    const text = [
      '{"e":"titular","v":"a","t":"visitor","n":40}',
      '{"e":"titular","v":"a","t":"visitor"}',
      '{"e":"titular","v":"a","t":"lead","n":-3}',
      '{"e":"titular","v":"a","t":"lead","n":1.5}',
      '{"e":"titular","v":"a","t":"conversion","n":2}',
    ].join("\n");
    expect(sumCountLines(text)).toEqual([
      { experiment: "titular", variant: "a", visitors: 41, conversions: 2, leads: 0 },
    ]);
  });
});
