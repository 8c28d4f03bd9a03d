/**
 * The only door to content for loaders. `fetchContent` takes a query from ./queries.ts and returns the
 * result type TypeGen generated for exactly that string (its `SanityQueries` map), so a query and a
 * type that do not belong together do not compile. The perspective is the current request's
 * (./preview.server.ts): drafts in preview mode, published otherwise. A missing singleton or sector
 * page becomes a 404 response, never a 500.
 */
import type { SanityQueries } from "@sanity/client";

import { afterEndPath, windowState } from "~/domain/campaign-window";
import { formatInteger } from "~/domain/format";
import { warnIfLegalIdentityIncomplete } from "~/lib/legal-identity.server";
import { campaignSlugOfPath } from "~/lib/site-paths";

import { campaignShownNow, recordWindows } from "./campaign-windows.server";
import { currentPerspective, inPreview } from "./perspective.server";
import {
  calculatorPageQuery,
  calculatorSectorsQuery,
  campaignPageByIdQuery,
  campaignPageQuery,
  campaignPathsQuery,
  contactPageQuery,
  draftContractPageQuery,
  experimentsQuery,
  googleAdsPageQuery,
  healthQuery,
  landingPageQuery,
  legalPageQuery,
  nextStepsPageQuery,
  plansPageQuery,
  redirectsQuery,
  sectorPageQuery,
  sectorsDirectoryQuery,
  sectorSlugsQuery,
  serviceStartPageQuery,
  siteSettingsQuery,
} from "./queries";
import { contentSource, type QueryParams } from "./source.server";
import type { PricedPlan } from "./types";

export { campaignShownNow } from "./campaign-windows.server";
export { defineDerivedContent } from "./derived.server";
export { inPreview } from "./perspective.server";
export { contentEvents, contentSource } from "./source.server";

/** A query TypeGen knows, and its result. */
export type KnownQuery = keyof SanityQueries & string;
export type QueryResult<Q extends KnownQuery> = SanityQueries[Q];

export async function fetchContent<Q extends KnownQuery>(query: Q, params?: QueryParams): Promise<QueryResult<Q>> {
  return contentSource().fetch<QueryResult<Q>>(query, params, await currentPerspective());
}

/** Narrows a query result to "present" or answers 404. */
function required<T>(value: T, what: string): NonNullable<T> {
  if (value == null) throw new Response(`Not found: ${what}`, { status: 404, statusText: "Not Found" });
  return value;
}

async function fetchRequired<Q extends KnownQuery>(query: Q, what: string, params?: QueryParams) {
  return required(await fetchContent(query, params), what);
}

export const getSiteSettings = () =>
  fetchRequired(siteSettingsQuery, "siteSettings").then((settings) => {
    warnIfLegalIdentityIncomplete(settings.legalIdentity);
    return settings;
  });
export const getLandingPage = () => fetchRequired(landingPageQuery, "landingPage");
/**
 * A plan with its price as the page prints it (`priceText`, es-ES: '1.500'), or null without a price.
 * Formatted here, once, so the plan cards and the service-start form need no number formatting in the
 * browser (docs/lab/javascript-budget-log.md).
 */
function withPriceText<P extends { price: number | null }>(plan: P): PricedPlan<P> {
  return { ...plan, priceText: plan.price != null ? formatInteger(plan.price) : null };
}

export const getPlansPage = () =>
  fetchRequired(plansPageQuery, "plansPage").then((page) => ({ ...page, plans: page.plans.map(withPriceText) }));
export const getCalculatorPage = () => fetchRequired(calculatorPageQuery, "calculatorPage");
export const getSectorsDirectory = () => fetchRequired(sectorsDirectoryQuery, "sectorsDirectory");
export const getGoogleAdsPage = () => fetchRequired(googleAdsPageQuery, "googleAdsPage");
export const getContactPage = () => fetchRequired(contactPageQuery, "contactPage");
export const getLegalPage = () => fetchRequired(legalPageQuery, "legalPage");
export const getNextStepsPage = () => fetchRequired(nextStepsPageQuery, "nextStepsPage");
export const getDraftContractPage = () => fetchRequired(draftContractPageQuery, "draftContractPage");
export const getServiceStartPage = () =>
  fetchRequired(serviceStartPageQuery, "serviceStartPage").then((page) => ({
    ...page,
    plans: page.plans.map(withPriceText),
  }));

export const getCalculatorSectors = () => fetchContent(calculatorSectorsQuery);

export const getRedirects = () => fetchContent(redirectsQuery);

export const getSectorSlugs = () => fetchContent(sectorSlugsQuery);

/** Every experiment document, as stored (app/experiments/model.ts reads them). */
export const getExperimentDocuments = () => fetchContent(experimentsQuery);

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export async function getSectorPage(slug: string) {
  if (slug.length > 96 || !SLUG_PATTERN.test(slug)) required(null, `sectorPage ${slug}`);
  return fetchRequired(sectorPageQuery, `sectorPage ${slug}`, { slug });
}

/**
 * The campaign page a path shows (null when none: no such page, a path that belongs to one of the site's
 * own routes, or a page outside its calendar, app/domain/campaign-window.ts). The one place that decides
 * it, so whatever chooses among pages (an experiment's variants) builds on it.
 */
export async function getCampaignPage(path: string) {
  const slug = campaignSlugOfPath(path);
  const page = slug ? await fetchContent(campaignPageQuery, { slug }) : null;
  return page && (await campaignShownNow(page)) ? page : null;
}

/**
 * Where a visit to `path` goes when its campaign page has ended and names a page for after its end
 * (`afterEnd`); null otherwise (and always in draft preview, which shows the page itself).
 */
export async function campaignAfterEnd(path: string): Promise<string | null> {
  const slug = campaignSlugOfPath(path);
  const page = slug ? await fetchContent(campaignPageQuery, { slug }) : null;
  if (!page || (await inPreview()) || (await campaignShownNow(page))) return null;
  return windowState(page, Date.now()) === "ended" ? afterEndPath(page.afterEnd, path) : null;
}

/** A campaign page by its document id (an experiment's variant), in the request's perspective; null outside its calendar. */
export async function getCampaignPageById(id: string) {
  const page = await fetchContent(campaignPageByIdQuery, { id });
  return page && (await campaignShownNow(page)) ? page : null;
}

/** Every published campaign page visitors see now: its slug, last change and `noIndex`. */
export async function getCampaignPaths() {
  const pages = await fetchContent(campaignPathsQuery);
  const preview = await inPreview();
  recordWindows(pages);
  return preview ? pages : pages.filter((page) => windowState(page, Date.now()) === "live");
}

/** For /healthz: true when the source answers and holds the site settings. */
export async function isContentReachable(): Promise<boolean> {
  try {
    return (await contentSource().fetch<number>(healthQuery)) > 0;
  } catch {
    return false;
  }
}
