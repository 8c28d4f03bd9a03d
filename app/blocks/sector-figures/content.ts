/**
 * The sector figures block reads the referenced sector page's own figures (never a copy): name, stats,
 * projection settings and the directory's labels. A deleted or unpublished sector leaves the block out.
 */
import * as v from "valibot";

import { SECTOR_PAGE_LABELS } from "../../content/fragments";
import { maybe, optionalText } from "../shapes";

export const SECTOR_FIGURES_BLOCK =
  `_type == "sectorFiguresBlock" => { heading, "sector": sector->{ sectorName, "slug": slug.current, "calculatorName": coalesce(calculatorName, sectorName), stats, projection{heading, intro, fixedInvestments}, "labels": ${SECTOR_PAGE_LABELS} } }` as const;

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
