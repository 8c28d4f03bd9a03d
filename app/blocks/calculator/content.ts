/**
 * The calculator block names the sector it opens with (its calculator name, as /calculadora?sector=
 * takes it). Always shown: without a sector (none chosen, or deleted) it opens empty.
 */
import * as v from "valibot";

import { maybe } from "../shapes";

export const usable = v.object({ sector: maybe(v.object({ calculatorName: maybe(v.string()) })) });
