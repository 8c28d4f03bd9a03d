/**
 * The experiments report: per experiment and variant, visitors, conversions (distinct visitors who sent a
 * lead), leads, conversion rate, the always-valid interval of the difference with the control and the
 * descriptive chance to beat it; per experiment, the traffic check, the decision and the visitors still
 * needed (./statistics.ts). `reportJson` is the wire shape of `npm run experiments -- report --json`; the
 * preview bar and the CLI's text use the Spanish lines below. Pure.
 */
import { formatInteger, formatNumber, formatPercent } from "~/domain/format";

import type { Experiment, ExperimentStatus } from "./model";
import {
  chanceToBeatControl,
  conversionRate,
  decideExperiment,
  type Decision,
  type DifferenceInterval,
  type SampleRatioCheck,
  TARGET_UPLIFT,
} from "./statistics";

export interface VariantReport {
  key: string;
  label: string;
  /** Share of new browsers, in percent of the weights. */
  weight: number;
  visitors: number;
  conversions: number;
  leads: number;
  /** conversions ÷ visitors. */
  rate: number;
  /** Always-valid interval of this rate minus the control's; null for the control and before any visitor. */
  difference: DifferenceInterval | null;
  /** Descriptive (beta-binomial), 0–1 to four decimals; null for the control. */
  chanceToBeatControl: number | null;
}

export interface ExperimentReport {
  key: string;
  name: string;
  status: ExperimentStatus;
  /** The winner an editor chose (ended experiments). */
  winner: string | null;
  srm: SampleRatioCheck;
  decision: Decision;
  /** More visitors the experiment needs to detect a 30 % relative uplift; null when not estimable yet. */
  visitorsNeeded: number | null;
  variants: VariantReport[];
}

/** What the report needs from the store's counts. */
export interface VariantCounts {
  experiment: string;
  variant: string;
  visitors: number;
  conversions: number;
  leads: number;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

export function experimentReport(experiment: Experiment, counts: readonly VariantCounts[]): ExperimentReport {
  const samples = experiment.variants.map((variant) => {
    const found = counts.find((row) => row.experiment === experiment.key && row.variant === variant.key);
    return {
      key: variant.key,
      label: variant.label,
      weight: variant.weight,
      visitors: found?.visitors ?? 0,
      // A count written while the conversions were not yet known (an older store) never exceeds the visitors.
      conversions: Math.min(found?.conversions ?? 0, found?.visitors ?? 0),
      leads: found?.leads ?? 0,
    };
  });
  const statistics = decideExperiment(samples);
  const totalWeight = samples.reduce((sum, sample) => sum + sample.weight, 0);
  const control = samples[0]!;
  return {
    key: experiment.key,
    name: experiment.name,
    status: experiment.status,
    winner: experiment.winner,
    srm: statistics.srm,
    decision: statistics.decision,
    visitorsNeeded: statistics.visitorsNeeded,
    variants: samples.map((sample, index) => {
      const interval = statistics.intervals[index] ?? null;
      return {
        ...sample,
        weight: totalWeight > 0 ? (sample.weight / totalWeight) * 100 : 0,
        rate: conversionRate(sample),
        difference: interval ? { lower: round(interval.lower, 6), upper: round(interval.upper, 6) } : null,
        chanceToBeatControl: index === 0 ? null : round(chanceToBeatControl(control, sample), 4),
      };
    }),
  };
}

/** The report's wire shape (`report --json`): the documented fields, plus the interval and the estimate. */
export function reportJson(reports: readonly ExperimentReport[]) {
  return reports.map((report) => ({
    key: report.key,
    status: report.status,
    srm: { pValue: report.srm.pValue, flagged: report.srm.flagged },
    decision: report.decision.variant
      ? { state: report.decision.state, variant: report.decision.variant }
      : { state: report.decision.state },
    visitorsNeeded: report.visitorsNeeded,
    variants: report.variants.map(({ key, visitors, conversions, leads, rate, chanceToBeatControl, difference }) => ({
      key,
      visitors,
      conversions,
      leads,
      rate,
      chanceToBeatControl,
      difference,
    })),
  }));
}

const percent = (fraction: number) => formatPercent(fraction * 100, { decimals: 1 });

/** Percentage points with their sign: '+3,4', '−1,2' (a true minus sign), '0,0'. */
function points(fraction: number): string {
  const value = Math.round(fraction * 1000) / 10 + 0;
  const magnitude = formatNumber(Math.abs(value), { decimals: 1 });
  return value > 0 ? `+${magnitude}` : value < 0 ? `\u2212${magnitude}` : magnitude;
}

/** Spanish labels, as the Studio says them. */
export const STATUS_LABELS: Record<ExperimentStatus, string> = {
  running: "En curso",
  paused: "En pausa",
  ended: "Terminado",
};

/** One line of figures per variant, as an editor reads them (preview bar, CLI). */
export function variantFigures(variant: VariantReport): string {
  const parts = [
    `${formatInteger(variant.visitors)} visitantes`,
    `${formatInteger(variant.conversions)} conversiones`,
    `${formatInteger(variant.leads)} leads`,
    `conversión ${percent(variant.rate)}`,
  ];
  if (variant.chanceToBeatControl === null) parts.push("control");
  else {
    parts.push(
      variant.difference
        ? `diferencia con el control entre ${points(variant.difference.lower)} y ${points(variant.difference.upper)} puntos`
        : "diferencia con el control aún sin datos",
      `probabilidad de superar al control ${percent(variant.chanceToBeatControl)} (descriptiva)`,
    );
  }
  return parts.join(" · ");
}

/** «Unos N»: rounded up to tens below a thousand, to hundreds above (the estimate is rough anyway). */
function roughly(visitors: number): number {
  const step = visitors < 1000 ? 10 : 100;
  return Math.ceil(visitors / step) * step;
}

const labelOf = (report: ExperimentReport, key: string | undefined) =>
  report.variants.find((variant) => variant.key === key)?.label ?? key ?? "";

/** The traffic warning (null when the split matches the weights or is not checked yet). */
export function trafficWarning(report: ExperimentReport): string | null {
  if (!report.srm.flagged) return null;
  const split = report.variants.map((variant) => formatInteger(variant.visitors)).join(" / ");
  const weights = report.variants.map((variant) => formatNumber(variant.weight, { decimals: 0 })).join(" / ");
  return (
    `Revisa el tráfico: el reparto de visitantes (${split}) no cuadra con los pesos (${weights}). ` +
    "Puede haber cookies perdidas, una redirección o un robot; mientras no se corrija, las cifras no sirven para decidir."
  );
}

/** The decision, in one or two Spanish sentences. */
export function decisionText(report: ExperimentReport): string {
  const { decision } = report;
  const control = report.variants[0];
  switch (decision.state) {
    case "check-traffic":
      return "Revisa el tráfico antes de decidir: no se nombra ganadora mientras el reparto no cuadre.";
    case "winner":
      return decision.variant === control?.key
        ? `Ganadora: el control (${labelOf(report, decision.variant)}); ninguna variante lo mejora.`
        : `Ganadora: ${labelOf(report, decision.variant)}. La diferencia con el control es fiable aunque se hayan mirado las cifras cada día.`;
    case "no-difference":
      return "Sin diferencia: las variantes convierten casi igual (menos de un 10 % arriba o abajo); puedes quedarte con la que prefieras.";
    default: {
      const uplift = formatPercent(TARGET_UPLIFT * 100);
      const needed =
        report.visitorsNeeded === null
          ? `Cuando el control tenga conversiones se podrá estimar cuántos visitantes faltan para detectar una mejora del ${uplift}.`
          : report.visitorsNeeded === 0
            ? `Ya hay visitantes para detectar una mejora del ${uplift}; si no aparece ganadora, la diferencia es menor.`
            : `Faltan unos ${formatInteger(roughly(report.visitorsNeeded))} visitantes para detectar una mejora del ${uplift}.`;
      return `Recogiendo datos: aún no hay ganadora. ${needed}`;
    }
  }
}
