/**
 * One experiment's report in the words `npm run experiments -- report` prints and the Studio's
 * «Resultados» view shows: the name and status, the traffic check's warning, the decision (with «faltan
 * N visitantes» while collecting) and each variant's figures. Pure; one wording for both.
 */
import { decisionText, type ExperimentReport, STATUS_LABELS, trafficWarning, variantFigures } from "./report";

export interface ReportLines {
  heading: string;
  warning: string | null;
  decision: string;
  variants: { key: string; label: string; figures: string }[];
}

export function reportLines(report: ExperimentReport): ReportLines {
  return {
    heading: `${report.name} (${report.key}) · ${STATUS_LABELS[report.status]}`,
    warning: trafficWarning(report),
    decision: decisionText(report),
    variants: report.variants.map((variant) => ({
      key: variant.key,
      label: variant.label,
      figures: variantFigures(variant),
    })),
  };
}

/** The lines as the command line prints them. */
export function describeReport(report: ExperimentReport): string {
  const { heading, warning, decision, variants } = reportLines(report);
  return [
    heading,
    ...(warning ? [`  ${warning}`] : []),
    `  ${decision}`,
    ...variants.map((variant) => `  ${variant.label} (${variant.key}): ${variant.figures}`),
  ].join("\n");
}
