/**
 * Which of a campaign page's blocks can be shown. Each block's check (its definition's `check`,
 * app/blocks/registry.ts) runs on what the query read; a block of a type the site does not know, of the wrong shape,
 * without a `_key`, or a second lead form or calculator on the page is left out, and logged once per
 * page, block and reason (a bounded memory, so a flood of bad documents cannot grow it). Never throws.
 */
import { LRUCache } from "lru-cache";
import * as v from "valibot";

import { log } from "~/lib/log.server";

import { BLOCKS, isBlockType } from "./registry";
import type { BlockType, CampaignBlock } from "./types";

let checks: Promise<Record<BlockType, v.GenericSchema>> | undefined;

/** Every block's check, loaded once (a failed load is tried again on the next page). */
function blockChecks(): Promise<Record<BlockType, v.GenericSchema>> {
  checks ??= Promise.all(
    Object.values(BLOCKS).map(async (definition) => [definition.type, await definition.check()] as const),
  ).then(Object.fromEntries, (error: unknown) => {
    checks = undefined;
    throw error;
  });
  return checks;
}

const reported = new LRUCache<string, true>({ max: 2000 });

function reportOnce(pageId: string, key: string, type: string, reason: string): void {
  const id = `${pageId}\u0000${key}\u0000${type}\u0000${reason}`;
  if (reported.has(id)) return;
  reported.set(id, true);
  log("warn", "campaign block skipped", { page: pageId, block: key, type, reason });
}

/** The blocks of `blocks` that the page shows, in order. */
export async function usableBlocks(blocks: unknown, pageId: string): Promise<CampaignBlock[]> {
  if (!Array.isArray(blocks)) return [];
  const check = await blockChecks();
  const shown: CampaignBlock[] = [];
  const keys = new Set<string>();
  const once = new Set<string>();
  blocks.forEach((block: unknown, index) => {
    const entry = (typeof block === "object" && block !== null ? block : {}) as Record<string, unknown>;
    const key = typeof entry._key === "string" && entry._key ? entry._key : `#${index}`;
    const type = typeof entry._type === "string" ? entry._type.slice(0, 100) : String(typeof entry._type);
    if (!isBlockType(entry._type)) return reportOnce(pageId, key, type, "unknown type");
    if (key.startsWith("#") || keys.has(key)) return reportOnce(pageId, key, type, "missing or repeated _key");
    if (!v.safeParse(check[entry._type], entry).success)
      return reportOnce(pageId, key, type, "missing or malformed fields");
    const oncePerPage = BLOCKS[entry._type].oncePerPage === true;
    if (oncePerPage && once.has(type)) return reportOnce(pageId, key, type, "only one per page");
    keys.add(key);
    if (oncePerPage) once.add(type);
    shown.push(entry as CampaignBlock);
  });
  return shown;
}
