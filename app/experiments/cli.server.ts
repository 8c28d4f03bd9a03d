/**
 * `npm run experiments -- report [--json]` (scripts/experiments.mjs runs this module's build,
 * build/experiments.js): the experiments in content with the counts of the store the server writes,
 * through the same content door and counter as the server. `--json` prints the report's wire shape. Each
 * run first has the counter forget the converted browsers' ids of experiments no longer in content (said
 * on stderr, so `--json` stays parseable).
 */
import { experimentCounter } from "~/leads/backend.server";

import { reportJson } from "./report";
import { describeReport } from "./report-lines";
import { experimentsReport, forgetGoneExperiments } from "./serve.server";

const USAGE = "Usage: npm run experiments -- report [--json]";

/** Runs the command line; resolves with the exit code. */
export async function main(args: readonly string[], out: (text: string) => void = console.log): Promise<number> {
  const [command, ...options] = args;
  if (command !== "report" || options.some((option) => option !== "--json")) {
    console.error(USAGE);
    return 2;
  }
  const gone = await forgetGoneExperiments();
  if (gone.length > 0) {
    console.error(`Forgot the converted browsers' ids of experiments no longer in content: ${gone.join(", ")}`);
  }
  const reports = await experimentsReport();
  await experimentCounter().flush();
  if (options.includes("--json")) out(JSON.stringify(reportJson(reports), null, 2));
  else if (reports.length === 0) out("No experiments in content.");
  else out(reports.map(describeReport).join("\n\n"));
  return 0;
}
