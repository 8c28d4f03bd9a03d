/** Convenience names for the TypeGen results the UI receives (never hand-written copies). */
import type { SanityImageAssetReference, Seo, SiteSettingsQueryResult } from "./sanity.types";

export type SiteSettings = NonNullable<SiteSettingsQueryResult>;

/** A page's SEO fields as the queries return them (`seo`), any of which a draft may still leave out. */
export type SeoFields = Partial<Omit<Seo, "_type">>;

/** What is read of the SEO fields' social image: its alt text, framing and asset reference. */
export type SeoImage = Partial<Pick<NonNullable<Seo["image"]>, "alt" | "crop" | "hotspot">> & {
  asset?: Pick<SanityImageAssetReference, "_ref"> | null;
};

/** A plan as the loaders send it: its price already printed es-ES ('1.500'), or null without a price. */
export type PricedPlan<P> = P & { priceText: string | null };
