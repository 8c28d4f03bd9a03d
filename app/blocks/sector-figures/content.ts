/**
 * The sector figures block reads the referenced sector page's own figures (never a copy): name, stats,
 * projection settings and the directory's labels. A deleted or unpublished sector leaves the block out.
 */
import * as v from "valibot";

import { maybe, optionalText } from "../shapes";

const figure = maybe(v.number());

export const usable = v.object({
  heading: optionalText(),
  sector: v.object({
    sectorName: v.string(),
    stats: v.object({ conversionRate: figure, averageProfit: figure, costPerLead: figure }),
    projection: maybe(
      v.object({ heading: optionalText(), intro: optionalText(), fixedInvestments: maybe(v.array(v.number())) }),
    ),
  }),
});
