// The example alerting rules an operator pastes (docs/monitoring/alerts.yml): valid YAML in Prometheus's
// rule-file shape, the alerts the docs promise, and every metric they name is one the site exports (a
// renamed metric would silently never fire).
import fs from "node:fs";
import path from "node:path";

import { parse } from "yaml";

import { countSharedCachePurge, watchSharedCachePurgeBacklog } from "~/metrics/metrics.server";

import { exportedMetricNames } from "../support/metrics";

interface Rule {
  alert?: string;
  record?: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

const RULES_FILE = path.resolve("docs/monitoring/alerts.yml");
const file = parse(fs.readFileSync(RULES_FILE, "utf8")) as { groups: { name: string; rules: Rule[] }[] };
const rules = file.groups.flatMap((group) => group.rules);

// PromQL words that are not metric names.
const PROMQL_WORDS = new Set(
  [
    "sum avg min max count count_values stddev stdvar topk bottomk quantile group by without on ignoring",
    "group_left group_right and or unless bool offset rate irate increase delta idelta deriv predict_linear",
    "histogram_quantile vector scalar absent absent_over_time time timestamp hour minute month year",
    "day_of_week day_of_month day_of_year days_in_month clamp clamp_min clamp_max abs ceil floor round",
    "label_replace label_join sort sort_desc changes resets max_over_time min_over_time avg_over_time",
    "sum_over_time count_over_time last_over_time present_over_time inf nan",
  ]
    .join(" ")
    .split(" "),
);

/** The metric (and recorded series) names an expression reads. */
function namesIn(expr: string): string[] {
  const stripped = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, " ")
    .replace(/\{[^}]*\}/g, " ")
    .replace(/\[[^\]]*\]/g, " ")
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, " ");
  return (stripped.match(/[a-zA-Z_:][a-zA-Z0-9_:]*/g) ?? []).filter((word) => !PROMQL_WORDS.has(word));
}

describe("docs/monitoring/alerts.yml", () => {
  it("is a Prometheus rule file: groups of named rules, each an alert or a recording with an expression", () => {
    expect(file.groups.length).toBeGreaterThan(0);
    for (const group of file.groups) {
      expect(group.name).toMatch(/\S/);
      expect(group.rules.length).toBeGreaterThan(0);
    }
    for (const rule of rules) {
      expect(Boolean(rule.alert) !== Boolean(rule.record), JSON.stringify(rule)).toBe(true);
      expect(rule.expr).toMatch(/\S/);
      if (rule.for !== undefined) expect(rule.for).toMatch(/^\d+[smhd]$/);
      if (rule.alert) expect(rule.annotations?.summary, rule.alert).toMatch(/\S/);
      // Balanced brackets: a cut-and-paste slip would show here before Prometheus refuses the file.
      for (const [open, close] of ["()", "{}", "[]"]) {
        expect(rule.expr.split(open!).length, `${rule.alert ?? rule.record} ${open}`).toBe(
          rule.expr.split(close!).length,
        );
      }
    }
  });

  it("has the alerts the operator's docs promise", () => {
    const alerts = new Map(rules.filter((rule) => rule.alert).map((rule) => [rule.alert!, rule]));
    expect(alerts.get("LeadDeliveryBacklogOld")?.expr).toContain("lead_oldest_pending_seconds");
    expect(alerts.get("LeadDeliveryBacklogOld")?.expr).toContain("15 * 60");
    expect(alerts.get("LeadDeliveriesFailing")?.for).toBe("10m");
    expect(alerts.get("NoLeadsDuringOpeningHours")?.expr).toContain("site:opening_hours");
    expect(alerts.get("ExperimentSampleRatioMismatch")?.expr).toContain("experiment_srm_flagged");
    expect(alerts.get("LeadsNotStored")?.expr).toContain("leads_store_failures_total");
    expect(alerts.get("LeadsNotStored")?.labels?.severity).toBe("page");
    // A purge the shared cache has not taken (CONTRACT §14): pages stale there until it is.
    expect(alerts.get("SharedCachePurgesUndelivered")?.expr).toContain("shared_cache_purge_undelivered_seconds");
    expect(alerts.get("SharedCachePurgesRefused")?.expr).toContain("shared_cache_purges_total");
  });

  it("names only metrics the site exports, and recorded series the file defines", async () => {
    // The shared cache's metrics exist with SHARED_CACHE_PURGE_URL (created with its purge client).
    countSharedCachePurge(null);
    watchSharedCachePurgeBacklog(() => 0);
    const exported = await exportedMetricNames();
    const recorded = new Set(rules.flatMap((rule) => (rule.record ? [rule.record] : [])));
    const named = new Set(rules.flatMap((rule) => namesIn(rule.expr)));
    for (const expected of [
      "lead_oldest_pending_seconds",
      "lead_deliveries_total",
      "leads_received_total",
      "leads_store_failures_total",
      "shared_cache_purge_undelivered_seconds",
    ]) {
      expect(named).toContain(expected);
    }
    for (const name of named) {
      if (name.includes(":")) expect(recorded, name).toContain(name);
      else expect(exported, name).toContain(name);
    }
  });
});
