/**
 * Where each document shows on the site, for the Presentation tool: `mainDocuments` tells it which
 * document a page is made from (so opening a page opens its document), `locations` lists the pages a
 * document appears on (shown above the document form). Paths are the site's routes.
 */
import { defineDocuments, defineLocations, type PresentationPluginOptions } from "sanity/presentation";

/** Singleton pages: one document, one path. */
export const SINGLETON_PAGES = [
  { type: "landingPage", title: "Inicio", href: "/" },
  { type: "plansPage", title: "Planes mensuales", href: "/mensual" },
  { type: "calculatorPage", title: "Calculadora", href: "/calculadora" },
  { type: "sectorsDirectory", title: "Directorio de sectores", href: "/sectores" },
  { type: "googleAdsPage", title: "Servicio Google Ads", href: "/servicios/google-ads" },
  { type: "contactPage", title: "Contacto", href: "/contacto" },
  { type: "legalPage", title: "Aviso legal y privacidad", href: "/legal" },
  { type: "nextStepsPage", title: "Siguientes pasos", href: "/siguiente" },
  { type: "draftContractPage", title: "Borrador de contrato", href: "/borrador" },
  { type: "serviceStartPage", title: "Iniciar servicio", href: "/iniciar-servicio" },
] as const;

const singletonLocations = Object.fromEntries(
  SINGLETON_PAGES.map(({ type, title, href }) => [
    type,
    defineLocations({ message: "Esta página del sitio", locations: [{ title, href }] }),
  ]),
);

export const resolve: PresentationPluginOptions["resolve"] = {
  mainDocuments: defineDocuments([
    ...SINGLETON_PAGES.map(({ type, href }) => ({ route: href, filter: `_type == "${type}" && _id == "${type}"` })),
    { route: "/sectores/:slug", filter: `_type == "sectorPage" && slug.current == $slug` },
  ]),
  locations: {
    ...singletonLocations,
    siteSettings: defineLocations({
      message: "Cabecera, pie y textos comunes de todas las páginas",
      locations: [{ title: "Inicio", href: "/" }],
    }),
    sectorPage: defineLocations({
      select: { title: "sectorName", slug: "slug.current" },
      resolve: (doc) => ({
        locations: doc?.slug
          ? [
              { title: doc.title ?? "Página de sector", href: `/sectores/${doc.slug}` },
              { title: "Directorio de sectores", href: "/sectores" },
            ]
          : [],
      }),
    }),
    calculatorSector: defineLocations({
      message: "Sectores de la calculadora",
      locations: [{ title: "Calculadora", href: "/calculadora" }],
    }),
    // Referenced documents: the pages whose lists include them.
    faqItem: defineLocations({
      message: "Preguntas frecuentes de estas páginas",
      locations: [
        { title: "Inicio", href: "/" },
        { title: "Planes mensuales", href: "/mensual" },
      ],
    }),
    plan: defineLocations({
      message: "Planes que muestran estas páginas",
      locations: [
        { title: "Planes mensuales", href: "/mensual" },
        { title: "Iniciar servicio", href: "/iniciar-servicio" },
      ],
    }),
  },
};
