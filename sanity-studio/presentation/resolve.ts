/**
 * Where each document shows on the site, for the Presentation tool: `mainDocuments` tells it which
 * document a page is made from (so opening a page opens its document), `locations` lists the pages a
 * document appears on (shown above the document form). Paths are the site's routes.
 */
import { defineDocuments, defineLocations, type PresentationPluginOptions } from "sanity/presentation";

import { PUBLIC_PATH_RULES } from "../../app/lib/site-paths";
import { singletonTypes } from "../schemaTypes";

/** The site path of each singleton page (its title is the schema type's). */
const SINGLETON_PATHS: Record<string, string> = {
  landingPage: "/",
  plansPage: "/mensual",
  calculatorPage: "/calculadora",
  sectorsDirectory: "/sectores",
  googleAdsPage: "/servicios/google-ads",
  contactPage: "/contacto",
  legalPage: "/legal",
  nextStepsPage: "/siguiente",
  draftContractPage: "/borrador",
  serviceStartPage: "/iniciar-servicio",
};

const singletonPages = singletonTypes.flatMap(({ name, title }) =>
  name in SINGLETON_PATHS ? [{ type: name, title: title ?? name, href: SINGLETON_PATHS[name] }] : [],
);

/** The location of a singleton page, titled as in the Studio. */
function pageOf(type: string) {
  const page = singletonPages.find((candidate) => candidate.type === type);
  if (!page) throw new Error(`No singleton page of type ${type}`);
  return { title: page.title, href: page.href };
}

const singletonLocations = Object.fromEntries(
  singletonPages.map(({ type, title, href }) => [
    type,
    defineLocations({ message: "Esta página del sitio", locations: [{ title, href }] }),
  ]),
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
  locations: {
    ...singletonLocations,
    siteSettings: defineLocations({
      message: "Cabecera, pie y textos comunes de todas las páginas",
      locations: [pageOf("landingPage")],
    }),
    sectorPage: defineLocations({
      select: { title: "sectorName", slug: "slug.current" },
      resolve: (doc) => ({
        locations: doc?.slug
          ? [
              { title: doc.title ?? "Página de sector", href: PUBLIC_PATH_RULES.sectorPage(doc.slug) },
              pageOf("sectorsDirectory"),
            ]
          : [],
      }),
    }),
    campaignPage: defineLocations({
      select: { title: "title", slug: "slug.current" },
      resolve: (doc) => ({
        locations: doc?.slug
          ? [{ title: doc.title ?? "Página de campaña", href: PUBLIC_PATH_RULES.campaignPage(doc.slug) }]
          : [],
      }),
    }),
    // An experiment runs at its control page's address: opening it shows the page under test.
    experiment: defineLocations({
      select: { title: "name", slug: "variants.0.page.slug.current" },
      resolve: (doc) => ({
        locations: doc?.slug
          ? [
              {
                title: `Página en prueba: ${doc.title ?? "experimento"}`,
                href: PUBLIC_PATH_RULES.campaignPage(doc.slug),
              },
            ]
          : [],
        message: doc?.slug ? undefined : "Elige la página del control (la primera variante) para verla aquí.",
      }),
    }),
    calculatorSector: defineLocations({
      message: "Sectores de la calculadora",
      locations: [pageOf("calculatorPage")],
    }),
    // Referenced documents: the pages whose lists include them.
    faqItem: defineLocations({
      message: "Preguntas frecuentes de estas páginas",
      locations: [pageOf("landingPage"), pageOf("plansPage")],
    }),
    plan: defineLocations({
      message: "Planes que muestran estas páginas",
      locations: [pageOf("plansPage"), pageOf("serviceStartPage")],
    }),
  },
};
