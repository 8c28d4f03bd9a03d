/**
 * `npm run experiments -- report [--json]` (scripts/experiments.mjs runs this module's build,
 * build/experiments.js): the experiments in content with the counts of the store the server writes,
 * through the same content door and counter as the server. `--json` prints the report's wire shape. Each
 * run first has the counter forget the converted browsers' ids of experiments no longer in content (said
 * on stderr, so `--json` stays parseable).
 */
import { experimentCounter } from "~/leads/backend.server";

import {
  decisionText,
  type ExperimentReport,
  reportJson,
  STATUS_LABELS,
  trafficWarning,
  variantFigures,
} from "./report";
import { experimentsReport, forgetGoneExperiments } from "./serve.server";

function describeReport(report: ExperimentReport): string {
  const lines = [`${report.name} (${report.key}) · ${STATUS_LABELS[report.status]}`];
  const warning = trafficWarning(report);
  if (warning) lines.push(`  ${warning}`);
  lines.push(`  ${decisionText(report)}`);
  for (const variant of report.variants) lines.push(`  ${variant.label} (${variant.key}): ${variantFigures(variant)}`);
  return lines.join("\n");
}

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
