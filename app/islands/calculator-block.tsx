// A campaign page's calculator block, as an island (app/blocks/definition.tsx, app/components/islands/page-island.tsx).
import { CalculatorBlock } from "~/blocks/calculator/CalculatorBlock";
import { islandEntry } from "~/components/islands/mount";

export const { mount, prepare } = islandEntry(CalculatorBlock);
