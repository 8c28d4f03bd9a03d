import {
  evaluateCalculator,
  findSector,
  normalizeSectorName,
  requestFromSearchParams,
  searchFromRequest,
  type SectorRecord,
} from "~/forms/calculator-query";

const sectors: SectorRecord[] = [
  { name: "Consultoría", aliases: ["Consultoria", "Consultoras"], conversionRate: 35, averageProfit: 2000 },
  { name: "Tecnología", aliases: ["IT"], conversionRate: 45, averageProfit: 600 },
  { name: "Software B2B (SaaS)", aliases: ["SaaS"], conversionRate: 40, averageProfit: 1500 },
];

function evaluate(query: string, prefillEmpty = true) {
  return evaluateCalculator(requestFromSearchParams(new URLSearchParams(query)), sectors, { prefillEmpty });
}

describe("sector names from the URL", () => {
  it("matches a name or an alias regardless of case, accents and punctuation", () => {
    expect(findSector(sectors, "Consultoría")?.name).toBe("Consultoría");
    expect(findSector(sectors, "consultoria")?.name).toBe("Consultoría");
    expect(findSector(sectors, "  CONSULTORAS ")?.name).toBe("Consultoría");
    expect(findSector(sectors, "software b2b saas")?.name).toBe("Software B2B (SaaS)");
    expect(findSector(sectors, "it")?.name).toBe("Tecnología");
  });

  it("finds nothing for an unknown or empty value", () => {
    expect(findSector(sectors, "Pesca")).toBeNull();
    expect(findSector(sectors, "")).toBeNull();
    expect(findSector(sectors, null)).toBeNull();
    expect(normalizeSectorName("  Él / Ella ")).toBe("ella");
    expect(normalizeSectorName("Clínicas Estéticas y Dentales")).toBe(
      normalizeSectorName("clinicas-esteticas-dentales"),
    );
  });
});

describe("evaluateCalculator: the page state for a query", () => {
  it("starts empty without parameters", () => {
    const state = evaluate("");
    expect(state).toMatchObject({ sector: "", errors: {}, prices: null, scenarios: null });
  });

  it("prefills the sector's conversion and profit when only the sector is given, without results", () => {
    const state = evaluate("sector=consultoria");
    expect(state.sector).toBe("Consultoría");
    expect(state.values).toEqual({ conversion: "35", profit: "2000", budget: "" });
    expect(state.prices).toBeNull();
  });

  it("computes the two maximum prices for a shared link", () => {
    const state = evaluate("sector=Consultor%C3%ADa&conversion=35&beneficio=2000");
    expect(state.prices).toEqual({ maxCostFor150ROI: 280, maxCostFor300ROI: 175 });
    expect(state.scenarios).toBeNull();
    expect(state.errors).toEqual({});
  });

  it("computes both scenarios when a budget is given", () => {
    const state = evaluate("sector=Consultoría&conversion=35&beneficio=2000&presupuesto=1000");
    expect(state.budget).toBe(1000);
    expect(state.scenarios?.roi150).toMatchObject({
      leadsEstimados: 3,
      clientesEstimados: 1,
      beneficioEstimado: 2000,
      roiEstimado: 200,
    });
    expect(state.scenarios?.roi300).toMatchObject({
      leadsEstimados: 5,
      clientesEstimados: 1,
      beneficioEstimado: 2000,
      roiEstimado: 200,
    });
  });

  it("reads the visitor's own figures in Spanish notation", () => {
    const state = evaluate("sector=Consultoría&conversion=35,5&beneficio=2.000&presupuesto=1.500,50 €");
    expect(state.inputs).toEqual({ conversionRate: 35.5, averageProfit: 2000 });
    expect(state.budget).toBe(1500.5);
    expect(state.values).toEqual({ conversion: "35,5", profit: "2.000", budget: "1.500,50 €" });
  });

  it("fills empty conversion and profit from the sector when a form without JavaScript is submitted", () => {
    const state = evaluate("sector=Consultoría&conversion=&beneficio=");
    expect(state.values).toMatchObject({ conversion: "35", profit: "2000" });
    expect(state.prices?.maxCostFor150ROI).toBe(280);
  });

  it("reports an emptied field instead of refilling it while the visitor types", () => {
    const state = evaluate("sector=Consultoría&conversion=&beneficio=2000", false);
    expect(state.errors).toEqual({ conversion: "La tasa de conversión es obligatoria" });
    expect(state.prices).toBeNull();
  });

  it.each([
    ["conversion=0&beneficio=2000", { conversion: "La tasa de conversión debe ser mayor a 0" }],
    ["conversion=120&beneficio=2000", { conversion: "La tasa de conversión no puede superar el 100 %" }],
    [
      "conversion=abc&beneficio=-5",
      { conversion: "La tasa de conversión debe ser un número", profit: "El beneficio por cliente debe ser mayor a 0" },
    ],
    ["conversion=35&beneficio=1e400", { profit: "El beneficio por cliente debe ser un número" }],
    ["conversion=35&beneficio=999999999999", { profit: "El beneficio por cliente no puede superar 100.000.000 €" }],
  ])("answers bad figures %j with Spanish messages and no results", (query, errors) => {
    const state = evaluate(`sector=Consultoría&${query}`);
    expect(state.errors).toEqual(errors);
    expect(state.prices).toBeNull();
    expect(state.scenarios).toBeNull();
  });

  it.each([
    ["presupuesto=0", "El presupuesto debe ser mayor a 0"],
    ["presupuesto=-1000", "El presupuesto debe ser mayor a 0"],
    ["presupuesto=mucho", "El presupuesto debe ser un número"],
    ["presupuesto=&ver=resultados", "El presupuesto es obligatorio"],
    ["presupuesto=1000000000000", "El presupuesto no puede superar 100.000.000 €"],
  ])("answers the budget %j with %j, keeping the prices", (query, message) => {
    const state = evaluate(`sector=Consultoría&conversion=35&beneficio=2000&${query}`);
    expect(state.errors).toEqual({ budget: message });
    expect(state.prices?.maxCostFor150ROI).toBe(280);
    expect(state.scenarios).toBeNull();
  });

  it("does not complain about an empty budget when only the price was asked for", () => {
    const state = evaluate("sector=Consultoría&conversion=35&beneficio=2000&presupuesto=");
    expect(state.errors).toEqual({});
    expect(state.scenarios).toBeNull();
  });

  it("asks for a sector from the list when the sector is unknown or missing", () => {
    expect(evaluate("sector=Pesca&conversion=35&beneficio=2000")).toMatchObject({
      sector: "",
      errors: { sector: "Ese sector no está en la lista. Elige uno de la lista." },
      prices: null,
    });
    expect(evaluate("conversion=35&beneficio=2000").errors).toEqual({ sector: "Selecciona un sector" });
  });

  it("survives hostile parameters", () => {
    const state = evaluate(`sector=${"x".repeat(10_000)}&conversion=${"9".repeat(5000)}&beneficio=%00&presupuesto=NaN`);
    expect(state.prices).toBeNull();
    expect(state.values.conversion.length).toBeLessThanOrEqual(100);
  });
});

describe("the shareable query", () => {
  it("writes the spec's parameter names and reads them back", () => {
    const request = { sector: "Consultoría", conversion: "35", profit: "2000", budget: "1000", viewResults: false };
    const search = searchFromRequest(request);
    expect(search).toBe("?sector=Consultor%C3%ADa&conversion=35&beneficio=2000&presupuesto=1000");
    expect(requestFromSearchParams(new URLSearchParams(search))).toEqual(request);
  });

  it("leaves out what was not asked for", () => {
    expect(
      searchFromRequest({ sector: "Tecnología", conversion: null, profit: null, budget: null, viewResults: false }),
    ).toBe("?sector=Tecnolog%C3%ADa");
    expect(searchFromRequest({ sector: "", conversion: null, profit: null, budget: null, viewResults: false })).toBe(
      "",
    );
  });
});
