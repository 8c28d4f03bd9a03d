/**
 * The calculator block names the sector it opens with (its calculator name, as /calculadora?sector=
 * takes it). Always shown: without a sector (none chosen, or deleted) it opens empty.
 */
import * as z from "zod/mini";

import { maybe } from "../shapes";

export const CALCULATOR_BLOCK =
  `_type == "calculatorBlock" => { "sector": sector->{ "calculatorName": coalesce(calculatorName, sectorName) } }` as const;

export const usable = z.object({ sector: maybe(z.object({ calculatorName: maybe(z.string()) })) });
