/**
 * The only door to content for loaders: one typed function per need. A missing singleton or sector
 * page becomes a 404 response, never a 500.
 */
import { warnIfLegalIdentityIncomplete } from "~/lib/legal-identity.server";
import {
  calculatorPageQuery,
  calculatorSectorsQuery,
  contactPageQuery,
  draftContractPageQuery,
  googleAdsPageQuery,
  healthQuery,
  landingPageQuery,
  legalPageQuery,
  nextStepsPageQuery,
  plansPageQuery,
  redirectsQuery,
  sectorPageQuery,
  sectorSlugsQuery,
  sectorsDirectoryQuery,
  serviceStartPageQuery,
  siteSettingsQuery,
} from "./queries";
import type {
  CalculatorPageQueryResult,
  CalculatorSectorsQueryResult,
  ContactPageQueryResult,
  DraftContractPageQueryResult,
  GoogleAdsPageQueryResult,
  LandingPageQueryResult,
  LegalPageQueryResult,
  NextStepsPageQueryResult,
  PlansPageQueryResult,
  RedirectsQueryResult,
  SectorPageQueryResult,
  SectorSlugsQueryResult,
  SectorsDirectoryQueryResult,
  ServiceStartPageQueryResult,
  SiteSettingsQueryResult,
} from "./sanity.types";
import { contentSource } from "./source.server";

export { contentEvents, contentSource } from "./source.server";

/** Narrows a query result to "present" or answers 404. */
function required<T>(value: T | null | undefined, what: string): T {
  if (value == null) throw new Response(`Not found: ${what}`, { status: 404, statusText: "Not Found" });
  return value;
}

async function fetchSingleton<T>(query: string, what: string): Promise<NonNullable<T>> {
  return required(await contentSource().fetch<T>(query), what) as NonNullable<T>;
}

export const getSiteSettings = () =>
  fetchSingleton<SiteSettingsQueryResult>(siteSettingsQuery, "siteSettings").then((settings) => {
    warnIfLegalIdentityIncomplete(settings.legalIdentity);
    return settings;
  });
export const getLandingPage = () => fetchSingleton<LandingPageQueryResult>(landingPageQuery, "landingPage");
export const getPlansPage = () => fetchSingleton<PlansPageQueryResult>(plansPageQuery, "plansPage");
export const getCalculatorPage = () => fetchSingleton<CalculatorPageQueryResult>(calculatorPageQuery, "calculatorPage");
export const getSectorsDirectory = () =>
  fetchSingleton<SectorsDirectoryQueryResult>(sectorsDirectoryQuery, "sectorsDirectory");
export const getGoogleAdsPage = () => fetchSingleton<GoogleAdsPageQueryResult>(googleAdsPageQuery, "googleAdsPage");
export const getContactPage = () => fetchSingleton<ContactPageQueryResult>(contactPageQuery, "contactPage");
export const getLegalPage = () => fetchSingleton<LegalPageQueryResult>(legalPageQuery, "legalPage");
export const getNextStepsPage = () => fetchSingleton<NextStepsPageQueryResult>(nextStepsPageQuery, "nextStepsPage");
export const getDraftContractPage = () =>
  fetchSingleton<DraftContractPageQueryResult>(draftContractPageQuery, "draftContractPage");
export const getServiceStartPage = () =>
  fetchSingleton<ServiceStartPageQueryResult>(serviceStartPageQuery, "serviceStartPage");

export const getCalculatorSectors = () => contentSource().fetch<CalculatorSectorsQueryResult>(calculatorSectorsQuery);

export const getRedirects = () => contentSource().fetch<RedirectsQueryResult>(redirectsQuery);

export const getSectorSlugs = () => contentSource().fetch<SectorSlugsQueryResult>(sectorSlugsQuery);

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export async function getSectorPage(slug: string): Promise<NonNullable<SectorPageQueryResult>> {
  if (slug.length > 96 || !SLUG_PATTERN.test(slug)) required(null, `sectorPage ${slug}`);
  const page = await contentSource().fetch<SectorPageQueryResult>(sectorPageQuery, { slug });
  return required(page, `sectorPage ${slug}`);
}

/** For /healthz: true when the source answers and holds the site settings. */
export async function isContentReachable(): Promise<boolean> {
  try {
    return (await contentSource().fetch<number>(healthQuery)) > 0;
  } catch {
    return false;
  }
}
