/**
 * Every GROQ query the site runs, written once. Both content sources (the local NDJSON dataset and
 * Sanity's Content Lake) execute exactly these strings; Sanity TypeGen derives the result types.
 */
import { defineQuery } from "groq";

export const siteSettingsQuery = defineQuery(`*[_type == "siteSettings" && _id == "siteSettings"][0]{
  siteName, organization, phone, whatsappNumber, whatsappMessage, whatsappLabel, email,
  appUrl, appButtonLabel, appButtonShortLabel, bookingUrl, startServiceUrl, paymentLinks, studioUrl,
  tracking, navigation[]{label, kind, target}, footer{tagline, links[]{label, href}, legalLinkLabel, copyright},
  defaultSeo, notFound, privacyNotice, cookieBanner
}`);

export const landingPageQuery = defineQuery(`*[_type == "landingPage" && _id == "landingPage"][0]{
  seo, hero, process, appShowcase, comparison, finalCta, contactSection,
  faq{heading, intro, "items": items[]->{_id, question, answer}}
}`);

export const plansPageQuery = defineQuery(`*[_type == "plansPage" && _id == "plansPage"][0]{
  seo, hero, plansHeading, plansIntro, featureGrid, process, finalCta, logoOffer,
  monthlyDialog, cplDialog, sectorOptions, budgetOptions,
  "plans": plans[]->{_id, name, key, price, priceLabel, priceSuffix, subtitle, description, features, popular, isSpecial, badges, buttons[]{label, action}},
  faq{heading, "items": items[]->{_id, question, answer}}
}`);

export const calculatorPageQuery = defineQuery(`*[_type == "calculatorPage" && _id == "calculatorPage"][0]{
  seo, hero, introCards, howWeWork, guarantee, leadForm
}`);

export const calculatorSectorsQuery =
  defineQuery(`*[_type == "calculatorSector" && !(_id in path("drafts.**"))] | order(order asc, name asc){
  _id, name, aliases, conversionRate, averageProfit, costPerLead
}`);

export const sectorsDirectoryQuery = defineQuery(`*[_type == "sectorsDirectory" && _id == "sectorsDirectory"][0]{
  seo, hero, featuredHeading, allHeading, tooltipLabel, finalCta,
  "figureLabels": sectorPageLabels{conversionRate, costPerLead},
  "sectors": *[_type == "sectorPage" && defined(slug.current) && !(_id in path("drafts.**"))] | order(order asc, sectorName asc){
    sectorName, "slug": slug.current, tooltip, featured, "icon": hero.icon,
    "conversionRate": stats.conversionRate, "costPerLead": stats.costPerLead
  }
}`);

export const sectorPageQuery =
  defineQuery(`*[_type == "sectorPage" && slug.current == $slug && !(_id in path("drafts.**"))][0]{
  _id, _updatedAt, sectorName, "slug": slug.current, seo, hero, stats, leadsPerMonth, tooltip,
  explanation, projection, services, closingCta, structuredData,
  "labels": *[_type == "sectorsDirectory" && _id == "sectorsDirectory"][0].sectorPageLabels
}`);

export const sectorSlugsQuery =
  defineQuery(`*[_type == "sectorPage" && defined(slug.current) && !(_id in path("drafts.**"))] | order(order asc, sectorName asc){
  "slug": slug.current, _updatedAt
}`);

export const googleAdsPageQuery = defineQuery(`*[_type == "googleAdsPage" && _id == "googleAdsPage"][0]{
  seo, hero, stats, included, process, finalCta
}`);

// The contact form on /contacto shows the same success texts as the landing's contact section.
export const contactPageQuery = defineQuery(`*[_type == "contactPage" && _id == "contactPage"][0]{
  seo, hero, channels,
  "form": *[_type == "landingPage" && _id == "landingPage"][0].contactSection{successTitle, successText, resetLabel}
}`);

export const legalPageQuery = defineQuery(`*[_type == "legalPage" && _id == "legalPage"][0]{
  seo, title, updatedAt, legalNotice, privacyPolicy, cookiePolicy
}`);

export const nextStepsPageQuery = defineQuery(
  `*[_type == "nextStepsPage" && _id == "nextStepsPage"][0]{ seo, hero, steps, contact }`,
);

export const draftContractPageQuery = defineQuery(
  `*[_type == "draftContractPage" && _id == "draftContractPage"][0]{ seo, title, intro, sections }`,
);

export const serviceStartPageQuery = defineQuery(`*[_type == "serviceStartPage" && _id == "serviceStartPage"][0]{
  seo, heading, intro, cards, styleOptions, logoOffer, submitLabel, sendingLabel, paymentNote,
  calculatorLinkLabel, successTitle, successText, paymentLinkLabel,
  "plans": plans[]->{_id, name, key, price, priceSuffix, subtitle, description, features, popular, badges}
}`);

export const healthQuery = defineQuery(`count(*[_id == "siteSettings"])`);
