/**
 * Which of a campaign page's blocks can be shown. Each block type's `usable` check (its folder's
 * content.ts) runs on what the query read; a block of a type the site does not know, of the wrong shape,
 * without a `_key`, or a second lead form or calculator on the page is left out, and logged once per
 * page, block and reason (a bounded memory, so a flood of bad documents cannot grow it). Never throws.
 */
import { LRUCache } from "lru-cache";
import * as v from "valibot";

import { log } from "~/lib/log.server";

import { usable as benefits } from "./benefits/content";
import { usable as calculator } from "./calculator/content";
import { usable as clientLogos } from "./client-logos/content";
import { usable as cta } from "./cta/content";
import { usable as faq } from "./faq/content";
import { usable as hero } from "./hero/content";
import { usable as leadForm } from "./lead-form/content";
import { usable as richText } from "./rich-text/content";
import { usable as sectorFigures } from "./sector-figures/content";
import { usable as steps } from "./steps/content";
import { usable as testimonials } from "./testimonials/content";
import type { BlockType, CampaignBlock } from "./types";

/** Every block the site renders, by `_type`: a type missing here does not compile (app/blocks/Blocks.tsx has the components). */
export const BLOCK_CHECKS: Record<BlockType, v.GenericSchema> = {
  heroBlock: hero,
  richTextBlock: richText,
  sectorFiguresBlock: sectorFigures,
  calculatorBlock: calculator,
  faqBlock: faq,
  leadFormBlock: leadForm,
  ctaBlock: cta,
  clientLogosBlock: clientLogos,
  stepsBlock: steps,
  benefitsBlock: benefits,
  testimonialsBlock: testimonials,
};

/** Types a page shows once: a second would compete for the same visitor and the same anchors. */
const ONCE_PER_PAGE: ReadonlySet<string> = new Set(["leadFormBlock", "calculatorBlock"]);

const reported = new LRUCache<string, true>({ max: 2000 });

function reportOnce(pageId: string, key: string, type: string, reason: string): void {
  const id = `${pageId}\u0000${key}\u0000${type}\u0000${reason}`;
  if (reported.has(id)) return;
  reported.set(id, true);
  log("warn", "campaign block skipped", { page: pageId, block: key, type, reason });
}

function isKnownType(type: unknown): type is BlockType {
  return typeof type === "string" && Object.hasOwn(BLOCK_CHECKS, type);
}

/** The blocks of `blocks` that the page shows, in order. */
export function usableBlocks(blocks: unknown, pageId: string): CampaignBlock[] {
  if (!Array.isArray(blocks)) return [];
  const shown: CampaignBlock[] = [];
  const keys = new Set<string>();
  const once = new Set<string>();
  blocks.forEach((block: unknown, index) => {
    const entry = (typeof block === "object" && block !== null ? block : {}) as Record<string, unknown>;
    const key = typeof entry._key === "string" && entry._key ? entry._key : `#${index}`;
    const type = typeof entry._type === "string" ? entry._type.slice(0, 100) : String(typeof entry._type);
    if (!isKnownType(entry._type)) return reportOnce(pageId, key, type, "unknown type");
    if (key.startsWith("#") || keys.has(key)) return reportOnce(pageId, key, type, "missing or repeated _key");
    if (!v.safeParse(BLOCK_CHECKS[entry._type], entry).success)
      return reportOnce(pageId, key, type, "missing or malformed fields");
    if (ONCE_PER_PAGE.has(type) && once.has(type)) return reportOnce(pageId, key, type, "only one per page");
    keys.add(key);
    if (ONCE_PER_PAGE.has(type)) once.add(type);
    shown.push(entry as CampaignBlock);
  });
  return shown;
}
