/**
 * `npx sanity migration run fill-new-directory-texts` (in sanity-studio/, against the project's dataset;
 * a dry run unless `--no-dry-run`): gives a dataset that predates them the directory texts the site
 * added later, the list's search and page links (`listControls`) and the related sectors' heading
 * (`sectorPageLabels.relatedHeading`), with the seed's wording. Only what is missing is set: a text an
 * editor already wrote stays as it is, and running it again changes nothing.
 */
import { defineMigration } from "sanity/migrate";

import { directoryTextPatches } from "./patches";

export default defineMigration({
  title: "Textos nuevos del directorio de sectores (buscador, páginas, sectores relacionados)",
  documentTypes: ["sectorsDirectory"],
  migrate: {
    document: () => directoryTextPatches(),
  },
});
