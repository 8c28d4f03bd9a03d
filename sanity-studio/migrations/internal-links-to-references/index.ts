/**
 * `npx sanity migration run internal-links-to-references` (in sanity-studio/, against the project's
 * dataset; a dry run unless `--no-dry-run`): turns every button and text link typed as a path of a page
 * of the site («/sectores/construccion#calculadora») into a reference to that page, its anchor or query
 * kept, so the link follows the page's renames and the page cannot be deleted while something links to
 * it. Other addresses stay; a path no page has stays, with a warning naming it. Running it again changes
 * nothing.
 */
import { defineMigration } from "sanity/migrate";

import { internalLinkPatches, LINK_TARGETS_PARAMS, LINK_TARGETS_QUERY, type LinkTarget, pagesByPath } from "./patches";

/** The pages' paths, read once per run. */
const runs = new WeakMap<object, Promise<Map<string, string>>>();

export default defineMigration({
  title: "Enlaces internos: de rutas escritas a referencias a la página",
  migrate: {
    async document(document, context) {
      let pages = runs.get(context);
      if (!pages) {
        pages = context.client
          .fetch<LinkTarget[]>(LINK_TARGETS_QUERY, LINK_TARGETS_PARAMS)
          .then((found) => pagesByPath(found));
        runs.set(context, pages);
      }
      return internalLinkPatches(document, await pages, (message) => console.warn(message));
    },
  },
});
