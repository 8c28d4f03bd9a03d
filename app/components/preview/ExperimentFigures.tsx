/**
 * The preview bar's A/B experiment panel (draft preview only, rendered to static markup by
 * ./bar.server.ts): the decision, the traffic warning when the split does not match the weights, and per
 * variant its visitors, conversions, leads, rate, interval of the difference with the control and
 * (descriptive) chance to beat it, with a link that shows that variant here. Styles: ./bar.css.
 */
import {
  decisionText,
  type ExperimentReport,
  STATUS_LABELS,
  trafficWarning,
  variantFigures,
} from "~/experiments/report";

import { PREVIEW_VARIANT_PARAM } from "./preview-paths";

export interface ExperimentFiguresProps {
  path: string;
  shown: string;
  report: ExperimentReport;
}

export function ExperimentFigures({ path, shown, report }: ExperimentFiguresProps) {
  const warning = trafficWarning(report);
  return (
    <section className="site-preview-experiment" aria-label="Experimento A/B">
      <p>
        <strong>Experimento «{report.name}»</strong> · {STATUS_LABELS[report.status]}
      </p>
      {warning ? (
        <p className="site-preview-experiment-warning" role="status" data-srm="flagged">
          {warning}
        </p>
      ) : null}
      <p data-decision={report.decision.state}>{decisionText(report)}</p>
      <ul>
        {report.variants.map((variant) => (
          <li key={variant.key} data-variante={variant.key}>
            <a
              href={`${path}?${PREVIEW_VARIANT_PARAM}=${encodeURIComponent(variant.key)}`}
              aria-current={variant.key === shown ? "page" : undefined}
            >
              {variant.label} ({variant.key})
            </a>{" "}
            {variantFigures(variant)}
          </li>
        ))}
      </ul>
    </section>
  );
}
