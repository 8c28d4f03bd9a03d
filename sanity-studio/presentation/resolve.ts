/**
 * Where each document shows on the site, for the Presentation tool: `mainDocuments` tells it which
 * document a page is made from (so opening a page opens its document), `locations` lists the pages a
 * document appears on (shown above the document form; «Dónde aparece», computed live from the
 * references: ./appearances.ts). Paths are the site's routes.
 */
import { defineDocuments, type PresentationPluginOptions } from "sanity/presentation";

import { map } from "rxjs";

import { singletonTypes } from "../schemaTypes";
import {
  APPEARANCES_LISTEN,
  APPEARANCES_QUERY,
  type AppearancesResult,
  appearances,
  NOT_SHOWN,
  SINGLETON_PATHS,
} from "./appearances";

const singletonPages = singletonTypes.flatMap(({ name }) =>
  name in SINGLETON_PATHS ? [{ type: name, href: SINGLETON_PATHS[name]! }] : [],
);

export const resolve: PresentationPluginOptions["resolve"] = {
  mainDocuments: defineDocuments([
    ...singletonPages.map(({ type, href }) => ({ route: href, filter: `_type == "${type}" && _id == "${type}"` })),
    { route: "/sectores/:slug", filter: `_type == "sectorPage" && slug.current == $slug` },
    // Any other path may be a campaign page's (its slug may have up to three segments here).
    {
      route: ["/:a", "/:a/:b", "/:a/:b/:c"],
      filter: `_type == "campaignPage" && slug.current == $slug`,
      params: ({ params }) => ({ slug: [params.a, params.b, params.c].filter(Boolean).join("/") }),
    },
  ]),
  locations: (params, { documentStore }) => {
    if (NOT_SHOWN.has(params.type)) return null;
    const id = params.id.replace(/^drafts\./, "").replace(/^versions\.[^.]+\./, "");
    return documentStore
      .listenQuery(
        { fetch: APPEARANCES_QUERY, listen: APPEARANCES_LISTEN },
        { id, draftId: `drafts.${id}` },
        { tag: "donde-aparece" },
      )
      .pipe(map((result: AppearancesResult) => appearances(result)));
  },
};
