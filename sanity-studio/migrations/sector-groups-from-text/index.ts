/**
 * `npx sanity migration run sector-groups-from-text` (in sanity-studio/, against the project's dataset;
 * a dry run unless `--no-dry-run`): turns each sector page's free-text «Grupo del sector» into a
 * reference to a «Grupo de sectores» document of that name, creating the groups. Spellings that differ
 * only in accents, case or spaces become one group. Running it again changes nothing.
 */
import { defineMigration } from "sanity/migrate";

import { sectorGroupMutations } from "./mutations";

export default defineMigration({
  title: "Grupo del sector: de texto libre a la lista «Grupos de sectores»",
  documentTypes: ["sectorPage"],
  migrate: {
    document: (document) => sectorGroupMutations(document as { _id: string; group?: unknown }),
  },
});
