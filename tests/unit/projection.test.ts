import {
  DEFAULT_SECTOR_STATS,
  investmentLevels,
  projectInvestment,
  projectSector,
  resolveSectorStats,
} from "~/domain/projection";

describe("sector projection (docs/product-rules.md, Sector pages)", () => {
  it("projects base = max(1000, costPerLead × 15), then × 2.5 and × 5, with leads, clients, revenue and ROI", () => {
    // Construcción: 15 % conversion, 6.000 € per client, 120 € per lead → base 1.800 €.
    const { rows } = projectSector({ stats: { conversionRate: 15, averageProfit: 6000, costPerLead: 120 } });
    expect(rows).toEqual([
      { investment: 1800, leads: 15, clients: 2, revenue: 12000, roi: 566 },
      { investment: 4500, leads: 37, clients: 5, revenue: 30000, roi: 566 },
      { investment: 9000, leads: 75, clients: 11, revenue: 66000, roi: 633 },
    ]);
  });

  it("never invests less than 1.000 € at the base level", () => {
    expect(investmentLevels(25)).toEqual([1000, 2500, 5000]);
    expect(investmentLevels(53.33)).toEqual([1000, 2500, 5000]);
    expect(investmentLevels(320)).toEqual([4800, 12000, 24000]);
  });

  it("uses the page's fixed investments when it has them (logistics: 3.000, 8.000 and 15.000 €)", () => {
    const { rows } = projectSector({
      stats: { conversionRate: 22, averageProfit: 3500, costPerLead: 110 },
      fixedInvestments: [3000, 8000, 15000],
    });
    expect(rows).toEqual([
      { investment: 3000, leads: 27, clients: 5, revenue: 17500, roi: 483 },
      { investment: 8000, leads: 72, clients: 15, revenue: 52500, roi: 556 },
      { investment: 15000, leads: 136, clients: 29, revenue: 101500, roi: 576 },
    ]);
  });

  it("ignores unusable fixed investments and falls back to the computed levels when none is left", () => {
    expect(investmentLevels(100, [0, -500, null, Number.NaN])).toEqual([1500, 3750, 7500]);
    expect(investmentLevels(100, [2000, 0])).toEqual([2000]);
    expect(investmentLevels(100, [])).toEqual([1500, 3750, 7500]);
  });

  it("rounds leads, clients and ROI down, without floating-point slips", () => {
    // 20 leads × 35 % is exactly 7 clients (0.35 × 20 in binary floating point is 6.999…).
    expect(projectInvestment(1200, { conversionRate: 35, averageProfit: 2000, costPerLead: 60 })).toEqual({
      investment: 1200,
      leads: 20,
      clients: 7,
      revenue: 14000,
      roi: 1066,
    });
    // 1.000 € at 53,33 € per lead buys 18 leads (18,75…).
    expect(projectInvestment(1000, { conversionRate: 45, averageProfit: 600, costPerLead: 53.33 }).leads).toBe(18);
  });

  it("gives a negative ROI when the revenue does not cover the investment, rounded down", () => {
    // 1.000 € / 100 € = 10 leads; 10 % → 1 client; 875 € revenue → (875 − 1000) / 1000 = −12,5 % → −13.
    expect(projectInvestment(1000, { conversionRate: 10, averageProfit: 875, costPerLead: 100 })).toEqual({
      investment: 1000,
      leads: 10,
      clients: 1,
      revenue: 875,
      roi: -13,
    });
    // No client at all loses the whole investment.
    expect(projectInvestment(1000, { conversionRate: 5, averageProfit: 5000, costPerLead: 200 }).roi).toBe(-100);
  });

  it("falls back to 25 % / 1.000 € / 80 € when the page has no figures", () => {
    const projection = projectSector({ stats: null });
    expect(projection.stats).toEqual({ conversionRate: 25, averageProfit: 1000, costPerLead: 80 });
    expect(projection.rows[0]).toEqual({ investment: 1200, leads: 15, clients: 3, revenue: 3000, roi: 150 });
  });

  it("replaces each missing or unusable figure on its own, keeping the others", () => {
    expect(resolveSectorStats({ conversionRate: 40, averageProfit: null, costPerLead: 0 })).toEqual({
      conversionRate: 40,
      averageProfit: 1000,
      costPerLead: 80,
    });
    expect(resolveSectorStats({ conversionRate: 140, averageProfit: -5, costPerLead: -10 })).toEqual(
      DEFAULT_SECTOR_STATS,
    );
    expect(resolveSectorStats({ conversionRate: 0, averageProfit: 0, costPerLead: 0.5 })).toEqual({
      conversionRate: 0,
      averageProfit: 0,
      costPerLead: 0.5,
    });
  });

  it("accepts a page-specific fallback (the logistics page falls back to 22 % / 3.500 € / 110 €)", () => {
    const logistics = { conversionRate: 22, averageProfit: 3500, costPerLead: 110 };
    const projection = projectSector({ stats: {}, fixedInvestments: [3000, 8000, 15000], fallback: logistics });
    expect(projection.stats).toEqual(logistics);
    expect(projection.rows.map((row) => row.leads)).toEqual([27, 72, 136]);
  });

  it("never divides by zero: a zero or negative cost per lead or investment still gives finite numbers", () => {
    const zeroCost = projectSector({ stats: { conversionRate: 25, averageProfit: 1000, costPerLead: 0 } });
    expect(zeroCost.stats.costPerLead).toBe(80);
    expect(investmentLevels(0)).toEqual([1200, 3000, 6000]);
    expect(investmentLevels(-50)).toEqual([1200, 3000, 6000]);
    expect(projectInvestment(0, DEFAULT_SECTOR_STATS)).toEqual({
      investment: 0,
      leads: 0,
      clients: 0,
      revenue: 0,
      roi: 0,
    });
    expect(projectInvestment(1000, { conversionRate: 25, averageProfit: 1000, costPerLead: 0 }).leads).toBe(12);
    for (const row of zeroCost.rows) for (const value of Object.values(row)) expect(Number.isFinite(value)).toBe(true);
  });
});
