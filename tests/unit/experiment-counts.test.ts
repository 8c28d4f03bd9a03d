// The embedded store's experiment counts: an append-only file under DATA_DIR.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { experimentCountsFile, FileExperimentCounter, sumCountLines } from "~/leads/experiment-counts.server";

import { describeExperimentCounterConformance } from "../support/experiment-counter-conformance";

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
      '{"e":"titular","v":"b","t":"vis',
    ].join("\n");
    expect(sumCountLines(text)).toEqual([{ experiment: "titular", variant: "a", visitors: 1, leads: 1 }]);
  });

  it("keeps counting in memory when the folder cannot be written, and writes them once it can", async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), "experiment-counts-"));
    // A file where the experiments folder should be: every append fails.
    fs.writeFileSync(path.join(directory, "experiments"), "");
    const counter = new FileExperimentCounter(directory);
    counter.countVisitor("titular", "a");
    await counter.flush();
    expect(await counter.readCounts()).toEqual([{ experiment: "titular", variant: "a", visitors: 1, leads: 0 }]);
    fs.rmSync(path.join(directory, "experiments"));
    await counter.flush();
    expect(fs.readFileSync(experimentCountsFile(directory), "utf8")).toContain('"e":"titular"');
  });
});
