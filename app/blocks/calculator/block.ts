/**
 * The calculator block names the sector it opens with (its calculator name, as /calculadora?sector=
 * takes it), and may word its sector field its own way (else /calculadora's texts). Always shown: without
 * a sector (none chosen, or deleted) it opens empty.
 */
import { defineBlock } from "../definition";
import type { CalculatorBlockData } from "./CalculatorBlock";

export default defineBlock({
  type: "calculatorBlock",
  fragment: `_type == "calculatorBlock" => { "sector": sector->{ "calculatorName": coalesce(calculatorName, sectorName) }, sectorField }`,
  check: () => import("./content").then((module) => module.usable),
  component: () => import("./CalculatorBlock").then((module) => module.CalculatorBlock),
  props: (block: CalculatorBlockData, { id }) => ({ data: block.calculator, id }),
  hydration: "on-interaction",
  oncePerPage: true,
});
