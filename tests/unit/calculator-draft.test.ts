// The browser side of the calculator's address: what the address bar shows while the visitor works.
import { type Draft, draftFromServer, requestFromDraft, shareableSearch } from "~/components/calculator/use-calculator";
import { evaluateCalculator, requestFromSearchParams, type SectorRecord } from "~/forms/calculator-query";

const sectors: SectorRecord[] = [{ name: "Consultoría", aliases: [], conversionRate: 35, averageProfit: 2000 }];

const draft = (change: Partial<Draft>): Draft => ({
  sector: "Consultoría",
  conversion: "35",
  profit: "2000",
  budget: "",
  calculated: false,
  simulated: false,
  budgetTouched: false,
  ...change,
});

describe("the address while the visitor works", () => {
  it("names only the sector until 'Calcular' is pressed", () => {
    expect(shareableSearch(draft({ conversion: "40" }))).toBe("?sector=Consultor%C3%ADa");
  });

  it("adds conversion and profit once calculated, and the budget only once the scenarios were asked for", () => {
    expect(shareableSearch(draft({ calculated: true, budget: "1000", budgetTouched: true }))).toBe(
      "?sector=Consultor%C3%ADa&conversion=35&beneficio=2000",
    );
    expect(shareableSearch(draft({ calculated: true, simulated: true, budget: "1.000" }))).toBe(
      "?sector=Consultor%C3%ADa&conversion=35&beneficio=2000&presupuesto=1.000",
    );
  });

  it("is the bare page when nothing is chosen", () => {
    expect(shareableSearch(draft({ sector: "", conversion: "", profit: "" }))).toBe("");
  });

  it("round-trips: a shared address opens on the same draft and the same results", () => {
    const shared = "?sector=Consultor%C3%ADa&conversion=35&beneficio=2000&presupuesto=1000";
    const request = requestFromSearchParams(new URLSearchParams(shared));
    const state = evaluateCalculator(request, sectors, { prefillEmpty: true });
    const restored = draftFromServer(request, state);
    expect(restored).toMatchObject({ sector: "Consultoría", calculated: true, simulated: true, budget: "1000" });
    expect(shareableSearch(restored)).toBe(shared);
    expect(evaluateCalculator(requestFromDraft(restored), sectors, { prefillEmpty: false })).toEqual(state);
  });

  it("shows an emptied budget's message once the field was touched, before the button is pressed", () => {
    const state = evaluateCalculator(requestFromDraft(draft({ calculated: true, budgetTouched: true })), sectors, {
      prefillEmpty: false,
    });
    expect(state.errors).toEqual({ budget: "El presupuesto es obligatorio" });
  });
});
