/** The campaign page and its blocks as TypeGen types them (campaignPageQuery, app/content/queries.ts). */
import type { CampaignPageQueryResult } from "~/content/sanity.types";
import type { SectorProjection } from "~/domain/projection";

export type CampaignPage = NonNullable<CampaignPageQueryResult>;
export type CampaignBlock = NonNullable<CampaignPage["blocks"]>[number];
export type BlockType = CampaignBlock["_type"];
export type BlockOf<T extends BlockType> = Extract<CampaignBlock, { _type: T }>;

/** A sector figures block with its stat cards and projection rows computed on the server. */
export type SectorFiguresData = BlockOf<"sectorFiguresBlock"> & { figures: SectorProjection };
