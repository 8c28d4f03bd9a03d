/**
 * A campaign page's <head>: title from `seo.title` or the page's title, description from `seo.description`
 * or the hero's text, canonical at its path, the social card drawn from its hero (docs/social-cards.md),
 * `noindex` when the editor asked for it, and FAQPage structured data from its first FAQ block. What each
 * block adds is its own `head` step (its block.server.ts, through registry.server.ts).
 */
import type { MetaDescriptor } from "@remix-run/node";

import type { SeoFields } from "~/content/types";
import { jsonLd, pageMeta, type SiteHead } from "~/site/seo.server";

import { blockHeads } from "./registry.server";
import type { CampaignBlock, CampaignPage } from "./types";

export interface CampaignMetaData {
  page: Pick<CampaignPage, "title" | "slug" | "seo">;
  blocks: readonly CampaignBlock[];
}

/** The SEO fields and hero a campaign page's tags and card are made of (the card route uses it too). */
export function campaignSeo({ page, blocks }: CampaignMetaData) {
  const lead = blockHeads(blocks).find((head) => head.card);
  const seo: SeoFields = {
    title: page.seo?.title || page.title,
    description: page.seo?.description || lead?.description || undefined,
    ...(page.seo?.image ? { image: page.seo.image as SeoFields["image"] } : {}),
  };
  return { seo, hero: lead?.card ?? null };
}

export function campaignMeta(data: CampaignMetaData, site: SiteHead): MetaDescriptor[] {
  const { page, blocks } = data;
  const { seo, hero } = campaignSeo(data);
  const tags = pageMeta(site, { seo, path: `/${page.slug}`, hero });
  if (page.seo?.noIndex) tags.push({ name: "robots", content: "noindex" });
  const structuredData = blockHeads(blocks).find((head) => head.structuredData !== undefined)?.structuredData;
  if (structuredData) tags.push(jsonLd(structuredData));
  return tags;
}
