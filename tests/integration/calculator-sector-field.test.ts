// The calculator's sector field speaks the editors' words (Calculadora › Campo «Sector»), not the app's:
// the dropdown's first option and, with too many sectors for a dropdown, the search field's hint.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

import { CalculatorForm } from "~/components/calculator/CalculatorForm";
import { useCalculator } from "~/components/calculator/use-calculator";
import { loader } from "~/routes/calculadora";

import { callLoader } from "../support/routes";

type LoaderData = Awaited<ReturnType<typeof loader>>;

async function render(sectorSearch: boolean, sectorField: { selectPlaceholder?: string; searchPlaceholder?: string }) {
  const data = (await callLoader(loader, "/calculadora")) as LoaderData;
  function Harness() {
    const calculator = useCalculator({ sectors: data.sectors, request: data.request, state: data.state });
    return createElement(CalculatorForm, { calculator, sectors: data.sectors, sectorSearch, sectorField });
  }
  return { data, markup: renderToStaticMarkup(createElement(Harness)) };
}

describe("the calculator's sector field", () => {
  it("carries the seed's texts in the calculator page's content", async () => {
    const data = (await callLoader(loader, "/calculadora")) as LoaderData;
    expect(data.page.sectorField).toEqual({
      selectPlaceholder: "Selecciona tu sector",
      searchPlaceholder: "Escribe tu sector para buscarlo",
    });
  });

  it("shows the editors' texts in the dropdown and in the search field", async () => {
    const words = { selectPlaceholder: "Elige tu sector", searchPlaceholder: "Busca tu sector" };
    const dropdown = (await render(false, words)).markup;
    expect(dropdown).toMatch(/<option value=""[^>]*>Elige tu sector<\/option>/);
    expect(dropdown).not.toContain("Selecciona tu sector");
    const search = (await render(true, words)).markup;
    expect(search).toContain('placeholder="Busca tu sector"');
    expect(search).not.toContain("Escribe tu sector para buscarlo");
  });
});
