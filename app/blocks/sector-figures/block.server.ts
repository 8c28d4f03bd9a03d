/** The sector figures block's figures, computed from its sector's stats exactly as the sector page does. */
import { projectSector } from "~/domain/projection";

import { defineBlockServer } from "../server-steps.server";
import definition from "./block";

export default defineBlockServer({
  definition,
  load: (block) => {
    const { stats, projection } = block.sector;
    return { ...block, figures: projectSector({ stats, fixedInvestments: projection?.fixedInvestments }) };
  },
});
