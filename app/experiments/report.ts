/**
 * The experiments report: per experiment and variant, visitors, leads, conversion rate and chance to
 * beat the control, from the experiments in content and the counts in the store. `reportJson` is the
 * wire shape of `npm run experiments -- report --json`; the preview bar and the CLI's text use the rest.
 * Pure.
 */
import { formatInteger, formatPercent } from "~/domain/format";
import type { ExperimentCount } from "~/leads/experiment-counts.server";

import type { Experiment, ExperimentStatus } from "./model";
import {
  chanceToBeatControl,
  conversionRate,
  MIN_LEADS_PER_EXPERIMENT,
  MIN_VISITORS_PER_VARIANT,
  type Verdict,
  verdict,
  WINNING_CHANCE,
} from "./statistics";

export interface VariantReport {
  key: string;
  label: string;
  visitors: number;
  leads: number;
  rate: number;
  /** 0–1, to four decimals; null for the control. */
  chanceToBeatControl: number | null;
}

export interface ExperimentReport {
  key: string;
  name: string;
  status: ExperimentStatus;
  /** The winner an editor chose (ended experiments). */
  winner: string | null;
  verdict: Verdict;
  variants: VariantReport[];
}

type Counts = Pick<ExperimentCount, "experiment" | "variant" | "visitors" | "leads">;

export function experimentReport(experiment: Experiment, counts: readonly Counts[]): ExperimentReport {
  const samples = experiment.variants.map((variant) => {
    const found = counts.find((row) => row.experiment === experiment.key && row.variant === variant.key);
    return { key: variant.key, label: variant.label, visitors: found?.visitors ?? 0, leads: found?.leads ?? 0 };
  });
  const control = samples[0]!;
  return {
    key: experiment.key,
    name: experiment.name,
    status: experiment.status,
    winner: experiment.winner,
    verdict: verdict(samples),
    variants: samples.map((sample, index) => ({
      ...sample,
      rate: conversionRate(sample),
      chanceToBeatControl: index === 0 ? null : Math.round(chanceToBeatControl(control, sample) * 10_000) / 10_000,
    })),
  };
}

/** The report's wire shape (`report --json`). */
export function reportJson(reports: readonly ExperimentReport[]) {
  return reports.map((report) => ({
    key: report.key,
    status: report.status,
    variants: report.variants.map(({ key, visitors, leads, rate, chanceToBeatControl }) => ({
      key,
      visitors,
      leads,
      rate,
      chanceToBeatControl,
    })),
  }));
}

const percent = (fraction: number) => formatPercent(fraction * 100, { decimals: 1 });

/** Spanish labels, as the Studio says them. */
export const STATUS_LABELS: Record<ExperimentStatus, string> = {
  running: "En curso",
  paused: "En pausa",
  ended: "Terminado",
};

/** One line of figures per variant, as an editor reads them (preview bar, CLI). */
export function variantFigures(variant: VariantReport): string {
  const chance =
    variant.chanceToBeatControl === null
      ? "control"
      : `probabilidad de superar al control ${percent(variant.chanceToBeatControl)}`;
  return `${formatInteger(variant.visitors)} visitantes · ${formatInteger(variant.leads)} leads · conversión ${percent(variant.rate)} · ${chance}`;
}

/** What the verdict means, in one Spanish sentence. */
export function verdictText(report: ExperimentReport): string {
  const { verdict: outcome } = report;
  if (outcome.kind === "winner") {
    const label = report.variants.find((variant) => variant.key === outcome.variant)?.label ?? outcome.variant;
    return `Ganadora con un ${formatPercent(WINNING_CHANCE * 100)} de probabilidad o más: ${label}.`;
  }
  if (outcome.kind === "too-early") {
    return `Aún es pronto: cada variante necesita al menos ${MIN_VISITORS_PER_VARIANT} visitantes y el experimento ${MIN_LEADS_PER_EXPERIMENT} leads.`;
  }
  return "Sin una diferencia clara todavía.";
}
