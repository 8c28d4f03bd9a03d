/**
 * The lead-price calculator inside a campaign page: /calculadora's own calculator (its form, results,
 * 'how we work' steps and lead form, which delivers as the calculator's), opened with the block's sector
 * as `?sector=` opens it; without /calculadora's intro cards (the block starts at the calculator). Its
 * server step (block.server.ts) computes its state for the page's address (app/site/calculator.server.ts).
 */
import type { SerializeFrom } from "@remix-run/node";

import { CalculatorPage } from "~/components/calculator/CalculatorPage";
import { CalculatorSteps } from "~/pages/CalculatorSteps";
import type { loadCalculator } from "~/site/calculator.server";

import type { BlockOf } from "../types";

/** What the loader sends (JSON) of `loadCalculator`'s answer. */
export type CalculatorData = SerializeFrom<typeof loadCalculator>;

/** The block with the calculator's state for the page's address. */
export type CalculatorBlockData = BlockOf<"calculatorBlock"> & { calculator: CalculatorData };

/** On a campaign page the calculator never starts again in place: its restart links load /calculadora (restart.tsx). */
export function CalculatorBlock({ data, id }: { data: CalculatorData; id: string }) {
  return (
    <div id={id}>
      <CalculatorPage
        content={data.page}
        sectors={data.sectors}
        sectorSearch={data.sectorSearch}
        request={data.request}
        state={data.state}
        steps={<CalculatorSteps content={data.page} />}
      />
    </div>
  );
}
