/** Convenience names for the TypeGen results the UI receives (never hand-written copies). */
import type { SiteSettingsQueryResult } from "./sanity.types";

export type SiteSettings = NonNullable<SiteSettingsQueryResult>;
