/**
 * The sector figures block reads the referenced sector page's own figures (never a copy): name, stats,
 * projection settings and the directory's labels. A deleted or unpublished sector leaves the block out.
 */
import { SECTOR_PAGE_LABELS } from "../../content/fragments";
import { defineBlock } from "../definition";
import type { SectorFiguresData } from "./SectorFiguresBlock";

export default defineBlock({
  type: "sectorFiguresBlock",
  fragment: `_type == "sectorFiguresBlock" => { heading, "sector": sector->{ sectorName, "slug": slug.current, "calculatorName": coalesce(calculatorName, sectorName), stats, projection{heading, intro, fixedInvestments}, "labels": ${SECTOR_PAGE_LABELS} } }`,
  check: () => import("./content").then((module) => module.usable),
  component: () => import("./SectorFiguresBlock").then((module) => module.SectorFiguresBlock),
  props: (block: SectorFiguresData, { id }) => ({ block, id }),
  hydration: "server-html",
});
