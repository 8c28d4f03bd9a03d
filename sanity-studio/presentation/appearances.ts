/**
 * «Dónde aparece»: the pages a document shows on, computed from the content itself (a live query of the
 * documents that reference it), not from a fixed list: an FAQ used on a campaign page lists that page; a
 * sector page lists its own page, the directory, /calculadora (every published sector page is one of its
 * choices), the campaign pages whose blocks show its figures or calculator, and the sector pages that link
 * to it. Presentation shows the result above the document's form. The mapping is pure, for the tests.
 */
import { PUBLIC_PATH_RULES, hasPublicPath } from "../../app/lib/site-paths";
import { singletonTypes } from "../schemaTypes";

/** The site path of each singleton page (its title is the schema type's). */
export const SINGLETON_PATHS: Record<string, string> = {
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

export interface Location {
  title: string;
  href: string;
}

/** The location of a singleton page, titled as in the Studio. */
export function pageOf(type: string): Location {
  const href = SINGLETON_PATHS[type];
  const title = singletonTypes.find((candidate) => candidate.name === type)?.title;
  if (!href || !title) throw new Error(`No singleton page of type ${type}`);
  return { title, href };
}

/** The document (its draft when there is one) and every document that references it. */
export const APPEARANCES_QUERY = `{
  "document": *[_id in [$id, $draftId]] | order(_id desc)[0]{
    _type, "title": coalesce(title, sectorName, name), "slug": slug.current,
    "controlTitle": variants[0].page->title, "controlSlug": variants[0].page->slug.current
  },
  "referrers": *[references($id, $draftId) && !(_id in path("versions.**"))]{
    _id, _type, "title": coalesce(title, sectorName, name), "slug": slug.current
  }
}`;

/** What the live query listens to: the document and whatever references it. */
export const APPEARANCES_LISTEN = `*[_id in [$id, $draftId] || references($id, $draftId)]`;

export interface AppearancesResult {
  document?: {
    _type?: string;
    title?: string | null;
    slug?: string | null;
    controlTitle?: string | null;
    controlSlug?: string | null;
  } | null;
  referrers?: { _id: string; _type: string; title?: string | null; slug?: string | null }[] | null;
}

/** The page a document of `type` is, if it is one. */
function ownPage(type: string, title: string | null | undefined, slug: string | null | undefined): Location | null {
  if (type in SINGLETON_PATHS) return pageOf(type);
  if (hasPublicPath(type) && slug) return { title: title ?? slug, href: PUBLIC_PATH_RULES[type](slug) };
  return null;
}

/** Documents that appear on pages without being referenced: the settings on every page, the calculator-only choices. */
const FIXED: Record<string, { pages: string[]; message?: string }> = {
  siteSettings: { pages: ["landingPage"], message: "Cabecera, pie y textos comunes de todas las páginas" },
  calculatorSector: { pages: ["calculatorPage"] },
};

/** A page the site settings link to (the menu, the footer) is linked from every page. */
const SETTINGS_LINK: Location = { title: "Ajustes del sitio: menú o pie de todas las páginas", href: "/" };

/** Types that are no page's content (a redirect is an address, not something shown). */
export const NOT_SHOWN: ReadonlySet<string> = new Set(["redirect"]);

/** The pages a document appears on, from the live query's result; each page once, in a stable order. */
export function appearances(result: AppearancesResult | null | undefined): {
  locations: Location[];
  message?: string;
  tone?: "caution";
} | null {
  if (result?.document?._type && NOT_SHOWN.has(result.document._type)) return null;
  const document = result?.document;
  const found: (Location | null)[] = [];
  if (document?._type) {
    found.push(ownPage(document._type, document.title, document.slug));
    for (const page of FIXED[document._type]?.pages ?? []) found.push(pageOf(page));
    if (document._type === "sectorPage" && document.slug) {
      found.push(pageOf("sectorsDirectory"), pageOf("calculatorPage"));
    }
    if (document._type === "experiment" && document.controlSlug) {
      found.push({
        title: `Página en prueba: ${document.controlTitle ?? document.controlSlug}`,
        href: PUBLIC_PATH_RULES.campaignPage(document.controlSlug),
      });
    }
  }
  // Referrers: a draft and its published document are the same page.
  const referrers = [...(result?.referrers ?? [])].sort((a, b) => a._id.localeCompare(b._id));
  for (const referrer of referrers)
    found.push(
      referrer._type === "siteSettings" ? SETTINGS_LINK : ownPage(referrer._type, referrer.title, referrer.slug),
    );
  const seen = new Set<string>();
  const locations = found.filter((location): location is Location => {
    if (!location || seen.has(location.href)) return false;
    seen.add(location.href);
    return true;
  });
  const fixedMessage = document?._type ? FIXED[document._type]?.message : undefined;
  if (locations.length > 0) return fixedMessage ? { locations, message: fixedMessage } : { locations };
  return {
    locations,
    message:
      document?._type === "experiment"
        ? "Elige la página del control (la primera variante) para verla aquí."
        : "Todavía no aparece en ninguna página: añádelo a una página o publícala con su dirección.",
    tone: "caution",
  };
}
