/**
 * The preview bar's A/B experiment panel (draft preview only, rendered to static markup by
 * ./bar.server.ts): each variant's visitors, leads, conversion rate and chance to beat the control, and
 * a link that shows that variant here. Styles: ./bar.css.
 */
import { type ExperimentReport, STATUS_LABELS, variantFigures, verdictText } from "~/experiments/report";

import { PREVIEW_VARIANT_PARAM } from "./preview-paths";

export interface ExperimentFiguresProps {
  path: string;
  shown: string;
  report: ExperimentReport;
}

export function ExperimentFigures({ path, shown, report }: ExperimentFiguresProps) {
  return (
    <section className="site-preview-experiment" aria-label="Experimento A/B">
      <p>
        <strong>Experimento «{report.name}»</strong> · {STATUS_LABELS[report.status]} · {verdictText(report)}
      </p>
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
