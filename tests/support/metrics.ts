/** Reads the process's Prometheus metrics (app/metrics/metrics.server.ts) the way a scrape would. */
import { metricsRegistry, renderMetrics } from "~/metrics/metrics.server";

/** One sample's value (0 when the series does not exist); `name` may end in _count, _sum or _bucket. */
export async function metricValue(name: string, labels: Record<string, string> = {}): Promise<number> {
  const metrics = await metricsRegistry().getMetricsAsJSON();
  for (const metric of metrics) {
    for (const sample of metric.values) {
      const sampleName = (sample as { metricName?: string }).metricName ?? metric.name;
      if (sampleName !== name) continue;
      const sampleLabels = sample.labels as Record<string, string | number>;
      if (Object.entries(labels).every(([key, value]) => String(sampleLabels[key]) === value)) return sample.value;
    }
  }
  return 0;
}

/** The series (name and labels) of one scrape's text, one line per sample. */
export function seriesOf(text: string): string[] {
  return text
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => line.slice(0, line.lastIndexOf(" ")));
}

/** Every metric name the process exports (a histogram's samples add _bucket, _count and _sum). */
export async function exportedMetricNames(): Promise<Set<string>> {
  const names = new Set<string>();
  for (const metric of await metricsRegistry().getMetricsAsJSON()) {
    names.add(metric.name);
    if (String(metric.type) === "histogram")
      for (const suffix of ["_bucket", "_count", "_sum"]) names.add(metric.name + suffix);
  }
  return names;
}

export { renderMetrics };
