/**
 * The loose shapes the sector page sections read: every field may be missing or null, so the TypeGen
 * result of `sectorPageQuery` (and its JSON-serialised loader copy) can be passed in as it is.
 */
import type { ContentImageSource } from "~/lib/image-url";
import type { List, Maybe } from "../content-shapes";

export interface SectorHeroContent {
  title?: Maybe<string>;
  description?: Maybe<string>;
  icon?: Maybe<string>;
  extraCta?: Maybe<{ label?: Maybe<string>; href?: Maybe<string> }>;
  image?: Maybe<ContentImageSource>;
}

export interface SectorPageLabels {
  conversionRate?: Maybe<string>;
  averageProfit?: Maybe<string>;
  costPerLead?: Maybe<string>;
  leadsPerMonth?: Maybe<string>;
  projectionColumns?: Maybe<{
    investment?: Maybe<string>;
    leads?: Maybe<string>;
    clients?: Maybe<string>;
    revenue?: Maybe<string>;
    roi?: Maybe<string>;
  }>;
}

export interface SectorServiceContent {
  _key?: string;
  title?: Maybe<string>;
  description?: Maybe<string>;
  features?: List<string>;
}

export interface LeadsRange {
  min?: Maybe<number>;
  max?: Maybe<number>;
}
