/**
 * The shapes the sector page sections read, taken from the TypeGen result of `sectorPageQuery`
 * (app/content/sanity.types.ts), so a schema or query change reaches the components through the types.
 */
import type { SectorPageQueryResult } from "~/content/sanity.types";

type SectorPage = NonNullable<SectorPageQueryResult>;

export type SectorHeroContent = SectorPage["hero"];
export type SectorPageLabels = NonNullable<SectorPage["labels"]>;
export type SectorServiceContent = SectorPage["services"]["items"][number];
export type LeadsRange = NonNullable<SectorPage["leadsPerMonth"]>;
