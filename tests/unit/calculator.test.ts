import {
  DEFAULT_CONVERSION_RATE,
  DEFAULT_PROFIT_PER_CLIENT,
  maxPricePerLead,
  maxPrices,
  simulate,
  simulateScenarios,
} from "~/domain/calculator";

const consultoria = { conversionRate: 35, averageProfit: 2000 };

describe("maximum price per lead (docs/product-rules.md, Calculator)", () => {
  it("gives Consultoría (35 %, 2000 €) 280 € at 150 % ROI and 175 € at 300 % ROI", () => {
    expect(maxPrices(consultoria)).toEqual({ maxCostFor150ROI: 280, maxCostFor300ROI: 175 });
  });

  it.each([
    ["Ecommerce", 15, 180, 10.8, 6.75],
    ["Inmobiliaria", 12, 4500, 216, 135],
    ["Tecnología", 45, 600, 108, 67.5],
    ["Venta de maquinaria industrial", 10, 8000, 320, 200],
    ["Otros", 25, 1000, 100, 62.5],
    ["Software B2B (SaaS)", 40, 1500, 240, 150],
    ["Hostelería", 20, 300, 24, 15],
  ])("gives %s (%d %%, %d €) %d € and %d €", (_name, conversionRate, averageProfit, at150, at300) => {
    const prices = maxPrices({ conversionRate, averageProfit });
    expect(prices.maxCostFor150ROI).toBeCloseTo(at150, 10);
    expect(prices.maxCostFor300ROI).toBeCloseTo(at300, 10);
  });

  it("divides profit × conversion by the given divisor", () => {
    expect(maxPricePerLead({ conversionRate: 50, averageProfit: 100 }, 2.5)).toBe(20);
    expect(maxPricePerLead({ conversionRate: 50, averageProfit: 100 }, 4)).toBe(12.5);
  });

  it("never answers NaN, Infinity or a negative price", () => {
    expect(maxPricePerLead({ conversionRate: Number.NaN, averageProfit: 100 }, 2.5)).toBe(0);
    expect(maxPricePerLead({ conversionRate: 50, averageProfit: Number.POSITIVE_INFINITY }, 2.5)).toBe(0);
    expect(maxPricePerLead({ conversionRate: -10, averageProfit: 100 }, 2.5)).toBe(0);
    expect(maxPricePerLead({ conversionRate: 50, averageProfit: 100 }, 0)).toBe(0);
  });
});

describe("budget simulation (docs/product-rules.md, Calculator)", () => {
  it("with Consultoría and 1000 € at 280 € per lead: 3 leads, 1 client, 2000 €, 200 %", () => {
    expect(simulate({ budget: 1000, pricePerLead: 280, ...consultoria })).toEqual({
      presupuesto: 1000,
      precioPorLead: 280,
      leadsEstimados: 3,
      clientesEstimados: 1,
      beneficioEstimado: 2000,
      roiEstimado: 200,
    });
  });

  it("with Consultoría and 1000 € at 175 € per lead: 5 leads, 1 client, 2000 €, 200 %", () => {
    const result = simulate({ budget: 1000, pricePerLead: 175, ...consultoria });
    expect(result).toMatchObject({
      leadsEstimados: 5,
      clientesEstimados: 1,
      beneficioEstimado: 2000,
      roiEstimado: 200,
    });
  });

  it("simulates both scenarios from the two maximum prices", () => {
    const { roi150, roi300 } = simulateScenarios(1000, consultoria);
    expect([roi150.leadsEstimados, roi150.clientesEstimados, roi150.beneficioEstimado, roi150.roiEstimado]).toEqual([
      3, 1, 2000, 200,
    ]);
    expect([roi300.leadsEstimados, roi300.clientesEstimados, roi300.beneficioEstimado, roi300.roiEstimado]).toEqual([
      5, 1, 2000, 200,
    ]);
    expect(roi150.precioPorLead).toBe(280);
    expect(roi300.precioPorLead).toBe(175);
  });

  it("rounds leads and clients down", () => {
    // 5000 / 280 = 17.86 → 17 leads; 17 × 35 % = 5.95 → 5 clients.
    expect(simulate({ budget: 5000, pricePerLead: 280, ...consultoria })).toMatchObject({
      leadsEstimados: 17,
      clientesEstimados: 5,
      beneficioEstimado: 10000,
      roiEstimado: 200,
    });
  });

  it("does not lose a whole lead or client to floating-point error", () => {
    // 0.7 / 0.1 is 6.999999999999999 in binary floating point.
    expect(simulate({ budget: 0.7, pricePerLead: 0.1, conversionRate: 100, averageProfit: 1 }).leadsEstimados).toBe(7);
    // 10 leads × 70 % must be 7 clients, not 7.000000000000001 floored or 6.99… floored.
    expect(simulate({ budget: 1000, pricePerLead: 100, conversionRate: 70, averageProfit: 1 }).clientesEstimados).toBe(
      7,
    );
    expect(simulate({ budget: 1000, pricePerLead: 100, conversionRate: 29, averageProfit: 1 }).clientesEstimados).toBe(
      2,
    );
  });

  it("uses 40 % and 500 € when conversion or profit are missing", () => {
    expect(DEFAULT_CONVERSION_RATE).toBe(40);
    expect(DEFAULT_PROFIT_PER_CLIENT).toBe(500);
    // 1000 / 100 = 10 leads; 40 % → 4 clients; × 500 € = 2000 €; 200 %.
    expect(simulate({ budget: 1000, pricePerLead: 100 })).toMatchObject({
      leadsEstimados: 10,
      clientesEstimados: 4,
      beneficioEstimado: 2000,
      roiEstimado: 200,
    });
    expect(
      simulate({ budget: 1000, pricePerLead: 100, conversionRate: null, averageProfit: Number.NaN }).beneficioEstimado,
    ).toBe(2000);
  });

  it("gives zero leads, clients, income and ROI, never NaN or Infinity, for a zero price or budget", () => {
    for (const result of [
      simulate({ budget: 1000, pricePerLead: 0 }),
      simulate({ budget: 0, pricePerLead: 100 }),
      simulate({ budget: -500, pricePerLead: 100 }),
      simulate({ budget: Number.NaN, pricePerLead: Number.NaN }),
    ]) {
      expect(result.leadsEstimados).toBe(0);
      expect(result.clientesEstimados).toBe(0);
      expect(result.beneficioEstimado).toBe(0);
      expect(result.roiEstimado).toBe(0);
      expect(Object.values(result).every(Number.isFinite)).toBe(true);
    }
  });

  it("shows a budget smaller than one lead as no lead and a 0 % return", () => {
    expect(simulate({ budget: 100, pricePerLead: 280, ...consultoria })).toMatchObject({
      leadsEstimados: 0,
      clientesEstimados: 0,
      beneficioEstimado: 0,
      roiEstimado: 0,
    });
  });
});
