/**
 * Every GROQ query the site runs, written once and built from the named fragments below. Both content
 * sources (the local NDJSON dataset and Sanity's Content Lake) execute exactly these strings; Sanity
 * TypeGen derives the result types (app/content/sanity.types.ts, `npm run typegen` in sanity-studio/).
 *
 * Layout: fragments first (filters, then projections), then one query per page or need. A fragment is a
 * `const` template string WITHOUT `${}` inside (TypeScript would widen it to `string`) or an arrow with
 * a template-literal return type; fragments are combined only inside `defineQuery(...)`, whose literal
 * type must match a key of TypeGen's `SanityQueries` map (the content door refuses any other string).
 */
import { defineQuery } from "groq";

import { BLOCK_PROJECTION } from "../blocks/projection.generated";
import { FAQ_ITEM, IMAGE, LINK_HREF, LINK_PAGE_PATH, SECTOR_PAGE_LABELS } from "./fragments";

// ---- Filters -------------------------------------------------------------------------------------

/** A singleton document (its _id is its type). An arrow with an expression body so TypeGen can resolve it. */
const singleton = <const N extends string>(name: N): `*[_type == "${N}" && _id == "${N}"][0]` =>
  `*[_type == "${name}" && _id == "${name}"][0]`;

/** Published documents only, whatever the perspective (a no-op on the perspectives that rewrite ids). */
const PUBLISHED = `!(_id in path("drafts.**"))`;

/** Every listed sector page: it has a slug and is published. */
const LISTED_SECTOR_PAGES = `*[_type == "sectorPage" && defined(slug.current) && !(_id in path("drafts.**"))] | order(order asc, sectorName asc)`;

// ---- Projections ---------------------------------------------------------------------------------

/** A referenced plan, as its card shows it. */
const PLAN_CARD = `_id, name, key, price, priceSuffix, subtitle, description, features, popular, badges`;

/** The landing page's contact section success texts, reused on /contacto. */
const CONTACT_SUCCESS = `*[_type == "landingPage" && _id == "landingPage"][0].contactSection{successTitle, successText, resetLabel}`;

// ---- Queries -------------------------------------------------------------------------------------

export const siteSettingsQuery = defineQuery(`${singleton("siteSettings")}{
  siteName, organization, legalIdentity, phone, whatsappNumber, whatsappMessage, whatsappLabel, email,
  appUrl, appButtonLabel, appButtonShortLabel, bookingUrl, startServiceUrl, paymentLinks, studioUrl,
  tracking, navigation[]{label, kind, "target": select(defined(page._ref) => ${LINK_PAGE_PATH}, target)}, footer{tagline, links[]{label, ${LINK_HREF}}, legalLinkLabel, copyright},
  defaultSeo, notFound, privacyNotice, cookieBanner
}`);

export const landingPageQuery = defineQuery(`${singleton("landingPage")}{
  seo, hero{..., screenshot{${IMAGE}}, clientLogos[]{_key, ${IMAGE}}}, process,
  appShowcase{..., screenshot{${IMAGE}}}, comparison, finalCta, contactSection,
  faq{heading, intro, "items": items[]->{${FAQ_ITEM}}}
}`);

export const plansPageQuery = defineQuery(`${singleton("plansPage")}{
  seo, hero, plansHeading, plansIntro, featureGrid, process, finalCta, logoOffer,
  monthlyDialog, cplDialog, sectorOptions, budgetOptions,
  "plans": plans[]->{${PLAN_CARD}, priceLabel, isSpecial, buttons[]{label, action}},
  faq{heading, "items": items[]->{${FAQ_ITEM}}}
}`);

export const calculatorPageQuery = defineQuery(`${singleton("calculatorPage")}{
  seo, hero, introCards, sectorField, howWeWork, guarantee, leadForm
}`);

// The calculator's choices: every published sector page (its figures are the page's own `stats`) in
// alphabetical order, then the calculator-only records ('Otros') by their `order`.
export const calculatorSectorsQuery = defineQuery(`*[
  ((_type == "sectorPage" && defined(slug.current)) || _type == "calculatorSector") && ${PUBLISHED}
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

export const sectorsDirectoryQuery = defineQuery(`${singleton("sectorsDirectory")}{
  seo, hero, featuredHeading, allHeading, tooltipLabel, listControls, finalCta,
  "figureLabels": sectorPageLabels{conversionRate, costPerLead},
  "sectors": ${LISTED_SECTOR_PAGES}{
    sectorName, "slug": slug.current, "group": group->title, tooltip, featured, "icon": hero.icon,
    "conversionRate": stats.conversionRate, "costPerLead": stats.costPerLead
  }
}`);

export const sectorPageQuery = defineQuery(`*[_type == "sectorPage" && slug.current == $slug && ${PUBLISHED}][0]{
  _id, _updatedAt, sectorName, "calculatorName": coalesce(calculatorName, sectorName), "slug": slug.current, seo,
  hero{..., "extraCta": extraCta{label, ${LINK_HREF}}, image{${IMAGE}}}, stats, leadsPerMonth, tooltip,
  "explanation": explanation{..., "paragraphs": paragraphs[]{..., markDefs[]{..., defined(page) => {${LINK_HREF}}}}}, projection, services, closingCta, structuredData, "group": group->title,
  "relatedSlugs": relatedSectors[]->slug.current,
  "labels": ${SECTOR_PAGE_LABELS}
}`);

export const sectorSlugsQuery = defineQuery(`${LISTED_SECTOR_PAGES}{
  "slug": slug.current, _updatedAt
}`);

// Editor-managed redirects; disabled ones (`enabled: false`) never apply. See app/domain/redirects.ts.
export const redirectsQuery =
  defineQuery(`*[_type == "redirect" && enabled != false && defined(source) && defined(destination) && ${PUBLISHED}] | order(_createdAt asc){
  source, destination, permanent
}`);

export const googleAdsPageQuery = defineQuery(`${singleton("googleAdsPage")}{
  seo, hero, stats, included, process, finalCta
}`);

// The contact form on /contacto shows the same success texts as the landing's contact section.
export const contactPageQuery = defineQuery(`${singleton("contactPage")}{
  seo, hero, channels,
  "form": ${CONTACT_SUCCESS}
}`);

export const legalPageQuery = defineQuery(`${singleton("legalPage")}{
  seo, title, updatedAt,
  "legalNotice": legalNotice[]{..., markDefs[]{..., defined(page) => {${LINK_HREF}}}},
  "privacyPolicy": privacyPolicy[]{..., markDefs[]{..., defined(page) => {${LINK_HREF}}}},
  "cookiePolicy": cookiePolicy[]{..., markDefs[]{..., defined(page) => {${LINK_HREF}}}}
}`);

export const nextStepsPageQuery = defineQuery(
  `${singleton("nextStepsPage")}{ seo, hero, "steps": steps[]{_key, title, description, linkLabel, "linkHref": select(defined(page._ref) => ${LINK_PAGE_PATH}, linkHref)}, contact }`,
);

export const draftContractPageQuery = defineQuery(`${singleton("draftContractPage")}{
  seo, title, intro,
  "sections": sections[]{..., "body": body[]{..., markDefs[]{..., defined(page) => {${LINK_HREF}}}}}
}`);

export const serviceStartPageQuery = defineQuery(`${singleton("serviceStartPage")}{
  seo, heading, intro, cards, styleOptions, logoOffer, submitLabel, sendingLabel, paymentNote,
  calculatorLinkLabel, successTitle, successText, paymentLinkLabel,
  "plans": plans[]->{${PLAN_CARD}}
}`);

// A/B experiments of campaign pages (app/experiments/): each variant's page as its id and path.
export const experimentsQuery = defineQuery(`*[_type == "experiment" && ${PUBLISHED}] | order(_createdAt asc){
  key, name, status, winner,
  variants[]{ key, label, weight, "page": page->{_id, "slug": slug.current, visibleFrom, visibleUntil} }
}`);

export const healthQuery = defineQuery(`count(*[_id == "siteSettings"])`);

// ---- Campaign pages (docs/content-model.md, 'Campaign pages') ----------------------------------------

/** Every campaign page that is published and has a slug. */
const LISTED_CAMPAIGN_PAGES = `*[_type == "campaignPage" && defined(slug.current) && !(_id in path("drafts.**"))]`;

/**
 * A campaign page as its route renders it: each block projected by its own folder's fragment
 * (app/blocks/<block>/block.ts, listed in app/blocks/registry.ts); a block of a type none of them names keeps only `_key` and `_type`,
 * and the page leaves it out. `formTexts` are the landing form's success texts, the lead form's defaults.
 */
const CAMPAIGN_PAGE = `{
  _id, _updatedAt, title, "slug": slug.current, seo, minimalHeader, visibleFrom, visibleUntil, afterEnd,
  blocks[]{ _key, _type, ${BLOCK_PROJECTION} },
  "formTexts": ${CONTACT_SUCCESS}
}` as const;

export const campaignPageQuery = defineQuery(
  `*[_type == "campaignPage" && slug.current == $slug && ${PUBLISHED}][0]${CAMPAIGN_PAGE}`,
);

/** The same page by its document id (an experiment names its variants' pages by reference). */
export const campaignPageByIdQuery = defineQuery(`*[_type == "campaignPage" && _id == $id][0]${CAMPAIGN_PAGE}`);

/** Every live campaign page's address: the sitemap (unless noIndex) and the redirects' "live page wins". */
export const campaignPathsQuery = defineQuery(`${LISTED_CAMPAIGN_PAGES}{
  _id, "slug": slug.current, _updatedAt, "noIndex": seo.noIndex == true, visibleFrom, visibleUntil
}`);

/** The calendars of the campaign pages that have one: the boundary timer's input (app/content/campaign-windows.server.ts). */
export const campaignWindowsQuery = defineQuery(
  `${LISTED_CAMPAIGN_PAGES}[defined(visibleFrom) || defined(visibleUntil)]{ _id, visibleFrom, visibleUntil }`,
);
