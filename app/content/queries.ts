/**
 * Every GROQ query the site runs, written once. Both content sources (the local NDJSON dataset and
 * Sanity's Content Lake) execute exactly these strings; Sanity TypeGen derives the result types.
 */
import { defineQuery } from "groq";

/** What the image component needs of an image field: the same projection on both sources (docs/images.md). */
const IMAGE = `alt, crop, hotspot, "asset": asset->{_id, url, metadata{lqip, dimensions{width, height}}}`;

export const siteSettingsQuery = defineQuery(`*[_type == "siteSettings" && _id == "siteSettings"][0]{
  siteName, organization, legalIdentity, phone, whatsappNumber, whatsappMessage, whatsappLabel, email,
  appUrl, appButtonLabel, appButtonShortLabel, bookingUrl, startServiceUrl, paymentLinks, studioUrl,
  tracking, navigation[]{label, kind, target}, footer{tagline, links[]{label, href}, legalLinkLabel, copyright},
  defaultSeo, notFound, privacyNotice, cookieBanner
}`);

export const landingPageQuery = defineQuery(`*[_type == "landingPage" && _id == "landingPage"][0]{
  seo, hero{..., screenshot{${IMAGE}}, clientLogos[]{_key, ${IMAGE}}}, process,
  appShowcase{..., screenshot{${IMAGE}}}, comparison, finalCta, contactSection,
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

// The calculator's choices: every published sector page (its figures are the page's own `stats`) in
// alphabetical order, then the calculator-only records ('Otros') by their `order`.
export const calculatorSectorsQuery = defineQuery(`*[
  ((_type == "sectorPage" && defined(slug.current)) || _type == "calculatorSector") && !(_id in path("drafts.**"))
]{
  _id,
  _type == "sectorPage" => {
    "name": coalesce(calculatorName, sectorName),
    sectorName,
    "aliases": [sectorName] + coalesce(calculatorAliases, []),
    "conversionRate": stats.conversionRate,
    "averageProfit": stats.averageProfit,
    "rank": 0
  },
  _type == "calculatorSector" => { name, aliases, conversionRate, averageProfit, "rank": 1 + coalesce(order, 0) }
} | order(rank asc, name asc)`);

export const sectorsDirectoryQuery = defineQuery(`*[_type == "sectorsDirectory" && _id == "sectorsDirectory"][0]{
  seo, hero, featuredHeading, allHeading, tooltipLabel, finalCta,
  "sectors": *[_type == "sectorPage" && defined(slug.current) && !(_id in path("drafts.**"))] | order(order asc, sectorName asc){
    sectorName, "slug": slug.current, tooltip, featured, "icon": hero.icon
  }
}`);

export const sectorPageQuery =
  defineQuery(`*[_type == "sectorPage" && slug.current == $slug && !(_id in path("drafts.**"))][0]{
  _id, _updatedAt, sectorName, "calculatorName": coalesce(calculatorName, sectorName), "slug": slug.current, seo, hero{..., image{${IMAGE}}}, stats, leadsPerMonth, tooltip,
  explanation, projection, services, closingCta, structuredData,
  "labels": *[_type == "sectorsDirectory" && _id == "sectorsDirectory"][0].sectorPageLabels
}`);

export const sectorSlugsQuery =
  defineQuery(`*[_type == "sectorPage" && defined(slug.current) && !(_id in path("drafts.**"))] | order(order asc, sectorName asc){
  "slug": slug.current, _updatedAt
}`);

// Editor-managed redirects; disabled ones (`enabled: false`) never apply. See app/domain/redirects.ts.
export const redirectsQuery =
  defineQuery(`*[_type == "redirect" && enabled != false && defined(source) && defined(destination) && !(_id in path("drafts.**"))] | order(_createdAt asc){
  source, destination, permanent
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
