/** The campaign page and its blocks as TypeGen types them (campaignPageQuery, app/content/queries.ts). */
import type { CampaignPageQueryResult } from "~/content/sanity.types";

export type CampaignPage = NonNullable<CampaignPageQueryResult>;
export type CampaignBlock = NonNullable<CampaignPage["blocks"]>[number];
export type BlockType = CampaignBlock["_type"];
export type BlockOf<T extends BlockType> = Extract<CampaignBlock, { _type: T }>;
