// The statistics of an experiment's report (app/experiments/statistics.ts) against known values, the
// report built on them, and seeded simulations of the stopping rule read after every 50 visitors: how
// often it names a winner when there is none, and how often it finds a real one
// (docs/decisions/0012-ab-stopping-rule.md keeps the figures).
import { chiSquaredDistributionTable } from "simple-statistics";

import { decisionText, experimentReport, reportJson, trafficWarning, variantFigures } from "~/experiments/report";
import {
  ALPHA,
  boundaryMultiplier,
  chanceToBeatControl,
  chiSquarePValue,
  comparisonAlpha,
  conversionRate,
  decideExperiment,
  differenceInterval,
  sampleRatioCheck,
  visitorsToDetect,
} from "~/experiments/statistics";

import { experimentModel } from "../support/experiment-fixtures";
import { seededRandom } from "../support/seeded-random";

const experiment = experimentModel;

const variant = (key: string, visitors: number, conversions: number, weight = 50) => ({
  key,
  weight,
  visitors,
  conversions,
});

describe("the traffic check (chi-square goodness of fit)", () => {
  it("matches the chi-square table (simple-statistics) at the 5 % and 1 % points", () => {
    for (const degrees of [1, 2, 3, 5, 10]) {
      for (const level of [0.05, 0.01] as const) {
        const critical = chiSquaredDistributionTable[degrees as 1]![level];
        expect(chiSquarePValue(critical, degrees)).toBeCloseTo(level, 3);
      }
    }
    expect(chiSquarePValue(0, 1)).toBe(1);
  });

  it("flags 1,000 against 1,200 at 50/50 (p ≈ 2.0e-5) and not 1,000 against 1,050 (p ≈ 0.27)", () => {
    const broken = sampleRatioCheck([1000, 1200], [50, 50]);
    expect(broken.flagged).toBe(true);
    // χ² = 2 · 100² / 1,100 = 18.18 on one degree of freedom: erfc(√9.09) = 2.008e-5.
    expect(broken.pValue!).toBeCloseTo(2.0079e-5, 8);
    const fine = sampleRatioCheck([1000, 1050], [50, 50]);
    expect(fine.flagged).toBe(false);
    expect(fine.pValue!).toBeCloseTo(0.2695, 4);
  });

  it("checks against the weights, not an even split, and with three variants", () => {
    expect(sampleRatioCheck([800, 200], [80, 20])).toEqual({ pValue: 1, flagged: false });
    expect(sampleRatioCheck([500, 500], [80, 20]).flagged).toBe(true);
    // 700 / 200 / 100 at 70/20/10 is exact; 600 / 300 / 100 is not.
    expect(sampleRatioCheck([700, 200, 100], [70, 20, 10]).flagged).toBe(false);
    expect(sampleRatioCheck([600, 300, 100], [70, 20, 10]).flagged).toBe(true);
  });

  it("never flags while a variant expects fewer than 5 visitors, and never fails on odd input", () => {
    // 9 against 0 would be p ≈ 0.003 with more traffic behind it; 4.5 expected per variant is too few to judge.
    const few = sampleRatioCheck([9, 0], [50, 50]);
    expect(few.flagged).toBe(false);
    expect(few.pValue).toBeCloseTo(0.0027, 4);
    expect(sampleRatioCheck([95, 4], [95, 4]).flagged).toBe(false);
    expect(sampleRatioCheck([10, 0], [50, 50])).toMatchObject({ flagged: false });
    expect(sampleRatioCheck([0, 0], [50, 50])).toEqual({ pValue: 1, flagged: false });
    expect(sampleRatioCheck([Number.NaN, -5], [0, 0])).toEqual({ pValue: 1, flagged: false });
    expect(sampleRatioCheck([10], [1])).toEqual({ pValue: 1, flagged: false });
    expect(sampleRatioCheck([500, 480, 30], [50, 50, 0])).toMatchObject({ flagged: false });
  });
});

describe("the always-valid interval (normal-mixture confidence sequence)", () => {
  it("is about 3.04 standard errors wide at the planned 2,000 visitors (1.96 would be one look's)", () => {
    // Tuning (Waudby-Smith et al.): ρ²·2,000 = −2 ln 0.05 + ln(1 − 2 ln 0.05) = 7.9362; the boundary
    // √((1 + 1/7.9362) · ln(8.9362 / 0.05²)) = 3.0352.
    expect(boundaryMultiplier(2000)).toBeCloseTo(3.0352, 4);
    // Wider before and after the planned size, and with the Bonferroni level of three variants.
    expect(boundaryMultiplier(200)).toBeGreaterThan(boundaryMultiplier(2000));
    expect(boundaryMultiplier(20_000)).toBeGreaterThan(boundaryMultiplier(2000));
    expect(boundaryMultiplier(2000, comparisonAlpha(3))).toBeCloseTo(3.2792, 4);
    expect(boundaryMultiplier(0)).toBe(Number.POSITIVE_INFINITY);
  });

  it("gives the worked example 100/1,000 against 150/1,000 the interval [+0.51, +9.47] points: a winner", () => {
    // Agresti–Caffo rates 101/1,002 and 151/1,002, standard error 0.014771, × 3.0352 = 0.044834.
    const interval = differenceInterval({ visitors: 1000, conversions: 100 }, { visitors: 1000, conversions: 150 });
    expect(interval!.lower).toBeCloseTo(0.005066, 5);
    expect(interval!.upper).toBeCloseTo(0.094734, 5);
    expect(decideExperiment([variant("a", 1000, 100), variant("b", 1000, 150)]).decision).toEqual({
      state: "winner",
      variant: "b",
    });
  });

  it("names no winner on 100/1,000 against 130/1,000, which a one-look test would call significant", () => {
    // A fixed-sample z-test gives p ≈ 0.03 here: fine once, at a sample fixed in advance, not daily.
    const interval = differenceInterval({ visitors: 1000, conversions: 100 }, { visitors: 1000, conversions: 130 });
    expect(interval!.lower).toBeLessThan(0);
    expect(interval!.upper).toBeGreaterThan(0);
    expect(decideExperiment([variant("a", 1000, 100), variant("b", 1000, 130)]).decision).toEqual({
      state: "collecting",
    });
  });

  it("is null until both sides have a visitor and never leaves [−1, 1]", () => {
    expect(differenceInterval({ visitors: 0, conversions: 0 }, { visitors: 10, conversions: 1 })).toBeNull();
    const early = differenceInterval({ visitors: 1, conversions: 0 }, { visitors: 1, conversions: 1 })!;
    expect(early.lower).toBeGreaterThanOrEqual(-1);
    expect(early.upper).toBeLessThanOrEqual(1);
  });
});

describe("the decision", () => {
  it("names the control when every variant is worse", () => {
    expect(decideExperiment([variant("a", 1000, 150), variant("b", 1000, 100)]).decision).toEqual({
      state: "winner",
      variant: "a",
    });
  });

  it("says check-traffic while the split is flagged, whatever the rates say", () => {
    const figures = decideExperiment([variant("a", 1000, 100), variant("b", 1200, 300)]);
    expect(figures.srm.flagged).toBe(true);
    expect(figures.decision).toEqual({ state: "check-traffic" });
  });

  it("says no-difference once every interval fits inside ±10 % of the control's rate", () => {
    const huge = decideExperiment([variant("a", 200_000, 20_000), variant("b", 200_000, 20_100)]);
    expect(huge.decision).toEqual({ state: "no-difference" });
    expect(huge.intervals[1]!.lower).toBeGreaterThan(-0.01);
    expect(huge.intervals[1]!.upper).toBeLessThan(0.01);
    // The same rates on a tenth of the traffic: still collecting.
    expect(decideExperiment([variant("a", 20_000, 2_000), variant("b", 20_000, 2_010)]).decision).toEqual({
      state: "collecting",
    });
  });

  it("shares the 5 % among the comparisons with more than two variants (Bonferroni)", () => {
    expect(comparisonAlpha(2)).toBe(ALPHA);
    expect(comparisonAlpha(3)).toBe(ALPHA / 2);
    // 100/1,000 vs 148/1,000 wins alone, but not as one of two comparisons.
    expect(decideExperiment([variant("a", 1000, 100), variant("b", 1000, 148)]).decision.state).toBe("winner");
    expect(
      decideExperiment([variant("a", 1000, 100), variant("b", 1000, 148), variant("c", 1000, 100)]).decision.state,
    ).toBe("collecting");
    // Of two variants above the control, the one converting best is named.
    expect(
      decideExperiment([variant("a", 1000, 100), variant("b", 1000, 170), variant("c", 1000, 190)]).decision,
    ).toEqual({ state: "winner", variant: "c" });
  });

  it("collects while a variant has no visitor yet, without failing on odd counts", () => {
    expect(decideExperiment([variant("a", 10, 1), variant("b", 0, 0)]).decision).toEqual({ state: "collecting" });
    expect(decideExperiment([variant("a", -3, Number.NaN), variant("b", Number.NaN, 9)]).decision).toEqual({
      state: "collecting",
    });
    expect(conversionRate({ visitors: 0, conversions: 3 })).toBe(0);
    expect(conversionRate({ visitors: 5, conversions: 9 })).toBe(1);
  });
});

describe("«faltan unos N visitantes»", () => {
  it("needs more visitors than a one-look test would, but not wildly more (10 % → 13 %, 50/50)", () => {
    const needed = visitorsToDetect(0.1, [50, 50])!;
    // One look at 5 % two-sided with 80 % power: 2 · (1.96 + 0.84)² · (0.09 + 0.1131) / 0.03² ≈ 3,540.
    expect(needed).toBeGreaterThan(3540);
    expect(needed).toBeLessThan(3540 * 2.5);
    // Rarer conversions need more visitors; an uneven split needs more than an even one.
    expect(visitorsToDetect(0.02, [50, 50])!).toBeGreaterThan(needed * 4);
    expect(visitorsToDetect(0.1, [80, 20])!).toBeGreaterThan(needed);
  });

  it("is counted down by the visitors already seen, and unknown while the control has no conversions", () => {
    const needed = visitorsToDetect(0.1, [50, 50])!;
    expect(decideExperiment([variant("a", 1000, 100), variant("b", 1000, 110)]).visitorsNeeded).toBe(needed - 2000);
    expect(decideExperiment([variant("a", 300, 0), variant("b", 300, 4)]).visitorsNeeded).toBeNull();
    expect(visitorsToDetect(0.1, [50, 0])).toBeNull();
  });
});

describe("the chance to beat the control (descriptive)", () => {
  it("matches known values of the beta-binomial model", () => {
    const chance = chanceToBeatControl({ visitors: 1000, conversions: 200 }, { visitors: 1000, conversions: 260 });
    expect(chance).toBeCloseTo(0.9994, 3);
    expect(chanceToBeatControl({ visitors: 1000, conversions: 260 }, { visitors: 1000, conversions: 200 })).toBeCloseTo(
      1 - chance,
      6,
    );
    expect(chanceToBeatControl({ visitors: 100, conversions: 10 }, { visitors: 100, conversions: 10 })).toBeCloseTo(
      0.5,
      6,
    );
    // Beta(2, 1) against Beta(1, 1): 2/3.
    expect(chanceToBeatControl({ visitors: 0, conversions: 0 }, { visitors: 1, conversions: 1 })).toBeCloseTo(2 / 3, 9);
  });

  it("agrees between the exact sum and the normal approximation used for large samples", () => {
    const large = chanceToBeatControl(
      { visitors: 100_000, conversions: 10_000 },
      { visitors: 100_000, conversions: 10_300 },
    );
    const exact = chanceToBeatControl(
      { visitors: 40_000, conversions: 4_000 },
      { visitors: 40_000, conversions: 4_120 },
    );
    expect(large).toBeGreaterThan(0.98);
    expect(exact).toBeGreaterThan(0.8);
    expect(exact).toBeLessThan(large);
  });
});

describe("the report", () => {
  const counts = (a: [number, number, number], b: [number, number, number]) => [
    { experiment: "titular-reformas", variant: "a", visitors: a[0], conversions: a[1], leads: a[2] },
    { experiment: "titular-reformas", variant: "b", visitors: b[0], conversions: b[1], leads: b[2] },
    { experiment: "otro", variant: "a", visitors: 5, conversions: 5, leads: 5 },
  ];

  it("has the report's wire shape: traffic check, decision, and per variant the counts, rate and chance", () => {
    const report = experimentReport(experiment(), counts([1000, 100, 130], [1000, 150, 180]));
    const [json] = reportJson([report]);
    expect(json).toEqual({
      key: "titular-reformas",
      status: "running",
      srm: { pValue: 1, flagged: false },
      decision: { state: "winner", variant: "b" },
      visitorsNeeded: expect.any(Number),
      variants: [
        {
          key: "a",
          visitors: 1000,
          conversions: 100,
          leads: 130,
          rate: 0.1,
          chanceToBeatControl: null,
          difference: null,
        },
        {
          key: "b",
          visitors: 1000,
          conversions: 150,
          leads: 180,
          rate: 0.15,
          chanceToBeatControl: expect.any(Number),
          difference: { lower: expect.closeTo(0.005066, 5), upper: expect.closeTo(0.094734, 5) },
        },
      ],
    });
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
    expect(variantFigures(report.variants[1]!)).toBe(
      "1.000 visitantes · 150 conversiones · 180 leads · conversión 15,0\u00a0% · diferencia con el control entre +0,5 y +9,5 puntos · probabilidad de superar al control 100,0\u00a0% (descriptiva)",
    );
    expect(variantFigures(report.variants[0]!)).toBe(
      "1.000 visitantes · 100 conversiones · 130 leads · conversión 10,0\u00a0% · control",
    );
    expect(decisionText(report)).toBe(
      "Ganadora: Titular corto. La diferencia con el control es fiable aunque se hayan mirado las cifras cada día.",
    );
    expect(trafficWarning(report)).toBeNull();
  });

  it("says «revisa el tráfico» in plain Spanish and names no winner while the split is off", () => {
    const report = experimentReport(experiment(), counts([1000, 100, 100], [1200, 300, 300]));
    const [json] = reportJson([report]);
    expect(json!.srm).toEqual({ pValue: expect.closeTo(2.0079e-5, 8), flagged: true });
    expect(json!.decision).toEqual({ state: "check-traffic" });
    expect(trafficWarning(report)).toBe(
      "Revisa el tráfico: el reparto de visitantes (1.000 / 1.200) no cuadra con los pesos (50 / 50). Puede haber cookies perdidas, una redirección o un robot; mientras no se corrija, las cifras no sirven para decidir.",
    );
    expect(decisionText(report)).toMatch(/^Revisa el tráfico antes de decidir/);
  });

  it("says how many visitors are still needed while collecting, and reports zeros for an empty store", () => {
    const collecting = experimentReport(experiment(), counts([400, 40, 44], [400, 44, 50]));
    expect(collecting.decision).toEqual({ state: "collecting" });
    expect(decisionText(collecting)).toMatch(
      /^Recogiendo datos: aún no hay ganadora\. Faltan unos [\d.]+ visitantes para detectar una mejora del 30\u00a0%\.$/,
    );
    const [empty] = reportJson([experimentReport(experiment(), [])]);
    expect(empty).toMatchObject({ srm: { pValue: 1, flagged: false }, decision: { state: "collecting" } });
    expect(empty!.variants).toEqual([
      { key: "a", visitors: 0, conversions: 0, leads: 0, rate: 0, chanceToBeatControl: null, difference: null },
      { key: "b", visitors: 0, conversions: 0, leads: 0, rate: 0, chanceToBeatControl: 0.5, difference: null },
    ]);
    expect(decisionText(experimentReport(experiment(), []))).toMatch(/Cuando el control tenga conversiones/);
  });
});

/**
 * Simulated experiments: visitors arrive one by one, each assigned by weight and converting with its
 * variant's true rate; the rule is read after every 50 visitors, up to `visitors`, and the experiment
 * stops at the first winner. Returns how many stopped on each key, and the visitors at each stop.
 */
function simulate({
  rates,
  runs,
  visitors = 5000,
  every = 50,
  seed,
}: {
  rates: number[];
  runs: number;
  visitors?: number;
  every?: number;
  seed: number;
}) {
  const random = seededRandom(seed);
  const winners = new Map<string, number>();
  const stops: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const seen = rates.map(() => 0);
    const converted = rates.map(() => 0);
    for (let visitor = 1; visitor <= visitors; visitor += 1) {
      const index = Math.min(rates.length - 1, Math.floor(random() * rates.length));
      seen[index]! += 1;
      if (random() < rates[index]!) converted[index]! += 1;
      if (visitor % every !== 0) continue;
      const { decision } = decideExperiment(rates.map((_, key) => variant(String(key), seen[key]!, converted[key]!)));
      if (decision.state === "winner") {
        winners.set(decision.variant!, (winners.get(decision.variant!) ?? 0) + 1);
        stops.push(visitor);
        break;
      }
    }
  }
  stops.sort((a, b) => a - b);
  const anyWinner = [...winners.values()].reduce((sum, value) => sum + value, 0);
  return { winners, anyWinner, medianStop: stops[Math.floor(stops.length / 2)] ?? null };
}

describe("the stopping rule under daily looks (seeded simulations)", () => {
  it("names a winner in at most 5 % of 2,000 A/A experiments (10 %, up to 5,000 visitors, read every 50)", () => {
    const { anyWinner } = simulate({ rates: [0.1, 0.1], runs: 2000, seed: 2026 });
    // 28 of 2,000 (1.4 %) with this seed.
    expect(anyWinner / 2000).toBeLessThanOrEqual(0.05);
  });

  it("finds a real +50 % uplift (10 % → 15 %) in most experiments, and never names the control", () => {
    const { winners, medianStop } = simulate({ rates: [0.1, 0.15], runs: 2000, seed: 34 });
    // 1,990 of 2,000 (99.5 %) with this seed, half of them within 1,400 visitors.
    expect((winners.get("1") ?? 0) / 2000).toBeGreaterThanOrEqual(0.95);
    expect(winners.get("0") ?? 0).toBe(0);
    expect(medianStop!).toBeLessThan(2500);
  });

  it("keeps the family-wise false-winner rate at most 5 % with three variants", () => {
    const { anyWinner } = simulate({ rates: [0.1, 0.1, 0.1], runs: 2000, seed: 7 });
    // 11 of 2,000 (0.55 %) with this seed.
    expect(anyWinner / 2000).toBeLessThanOrEqual(0.05);
  });
});
