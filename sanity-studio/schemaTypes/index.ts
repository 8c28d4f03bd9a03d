/**
 * The Studio schema: every type of docs/content-model.md. `SINGLETON_TYPES` are the one-per-site
 * pages whose document id equals their type name.
 */
import { blockObjectTypes, blockTypes } from "./blocks";
import { calculatorSector } from "./documents/calculatorSector";
import { campaignPage, campaignSeo } from "./documents/campaignPage";
import { experiment } from "./documents/experiment";
import { faqItem } from "./documents/faqItem";
import { plan } from "./documents/plan";
import { redirect } from "./documents/redirect";
import { sectorGroup } from "./documents/sectorGroup";
import { sectorPage } from "./documents/sectorPage";
import { objectTypes } from "./objects";
import { landingPage } from "./singletons/landingPage";
import {
  calculatorPage,
  contactPage,
  draftContractPage,
  googleAdsPage,
  legalPage,
  nextStepsPage,
  sectorsDirectory,
  serviceStartPage,
} from "./singletons/otherPages";
import { plansPage } from "./singletons/plansPage";
import { siteSettings } from "./singletons/siteSettings";

/** Singletons in the order the Studio lists them. */
export const singletonTypes = [
  siteSettings,
  landingPage,
  plansPage,
  calculatorPage,
  sectorsDirectory,
  googleAdsPage,
  contactPage,
  legalPage,
  nextStepsPage,
  draftContractPage,
  serviceStartPage,
];

export const SINGLETON_TYPES: ReadonlySet<string> = new Set(singletonTypes.map((type) => type.name));

/** Document types edited as lists. */
export const collectionTypes = [
  campaignPage,
  experiment,
  sectorPage,
  sectorGroup,
  calculatorSector,
  redirect,
  faqItem,
  plan,
];

export const schemaTypes = [
  ...objectTypes,
  campaignSeo,
  ...blockObjectTypes,
  ...blockTypes,
  ...singletonTypes,
  ...collectionTypes,
];
