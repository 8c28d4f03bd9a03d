// The calculator of `/calculadora` (its form, results, lead form and thank-you), as an island
// (app/components/islands/page-island.tsx); its intro cards and steps are slots, kept as the server's HTML.
import { CalculatorPageIsland } from "~/components/calculator/CalculatorPage";
import { islandEntry } from "~/components/islands/mount";

export const { mount, prepare } = islandEntry(CalculatorPageIsland);
