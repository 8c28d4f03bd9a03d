/**
 * The sector figures block reads the referenced sector page's own figures (never a copy): name, stats,
 * projection settings and the directory's labels. A deleted or unpublished sector leaves the block out.
 */
import * as z from "zod/mini";

import { SECTOR_PAGE_LABELS } from "../../content/fragments";
import { maybe, optionalText } from "../shapes";

export const SECTOR_FIGURES_BLOCK =
  `_type == "sectorFiguresBlock" => { heading, "sector": sector->{ sectorName, "slug": slug.current, "calculatorName": coalesce(calculatorName, sectorName), stats, projection{heading, intro, fixedInvestments}, "labels": ${SECTOR_PAGE_LABELS} } }` as const;

const figure = maybe(z.number());

export const usable = z.object({
  heading: optionalText(),
  sector: z.object({
    sectorName: z.string(),
    stats: z.object({ conversionRate: figure, averageProfit: figure, costPerLead: figure }),
    projection: maybe(
      z.object({ heading: optionalText(), intro: optionalText(), fixedInvestments: maybe(z.array(z.number())) }),
    ),
  }),
});
