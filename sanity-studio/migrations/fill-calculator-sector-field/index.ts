/**
 * `npx sanity migration run fill-calculator-sector-field` (in sanity-studio/, against the project's
 * dataset; a dry run unless `--no-dry-run`): gives a calculator page from before them the sector field's
 * texts («Selecciona tu sector», «Escribe tu sector para buscarlo»), which the site used to hold, in the
 * seed's wording. Only what is missing is set; running it again changes nothing. A calculator block
 * without texts of its own uses these.
 */
import { defineMigration } from "sanity/migrate";

import { calculatorSectorFieldPatches } from "./patches";

export default defineMigration({
  title: "Textos del campo «Sector» de la calculadora",
  documentTypes: ["calculatorPage"],
  migrate: {
    document: () => calculatorSectorFieldPatches(),
  },
});
