/**
 * The fields a campaign page's lead form may add to nombre, email and teléfono. Its own module with no
 * imports, so the Studio's block schema offers exactly the fields the site's form knows.
 */
export const CAMPAIGN_LEAD_OPTIONAL_FIELDS = ["empresa", "sector", "mensaje"] as const;

export type CampaignLeadOptionalField = (typeof CAMPAIGN_LEAD_OPTIONAL_FIELDS)[number];
