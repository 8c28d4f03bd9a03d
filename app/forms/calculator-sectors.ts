/**
 * The calculator's sector choices once there are too many for one list (docs/content-model.md, 'The
 * calculator's choices'): the page carries at most SECTOR_CHOICES_LIMIT of them, those matching what the
 * visitor typed, and the live field asks SECTOR_SEARCH_PATH for more as they type. Pure, used by the
 * server and the browser.
 */
import { normalizeSectorName, type SectorRecord } from "./calculator-query";

/** Up to this many choices the calculator keeps its dropdown (the seed's 33 included). */
export const SECTOR_CHOICES_LIMIT = 40;

/** How many matches the live search answers with. */
export const SECTOR_SEARCH_LIMIT = 20;

/** The JSON resource the live field asks: `?q=` → `{ sectors: [{ name, conversionRate, averageProfit }] }`. */
export const SECTOR_SEARCH_PATH = "/api/sectores";

/** Each word typed starts a word of the sector's name or of one of its other spellings. */
export function sectorMatches(record: SectorRecord, typed: string): boolean {
  const words = normalizeSectorName(typed).split(" ").filter(Boolean);
  if (words.length === 0) return true;
  return [record.name, ...(record.aliases ?? [])].some((name) => {
    const haystack = ` ${normalizeSectorName(name ?? "")}`;
    return words.every((word) => haystack.includes(` ${word}`));
  });
}

/** The choices for what was typed, the chosen one first, at most `limit`. */
export function sectorSuggestions<T extends SectorRecord>(
  records: readonly T[],
  typed: string | null | undefined,
  { limit = SECTOR_CHOICES_LIMIT, chosen }: { limit?: number; chosen?: T | null } = {},
): T[] {
  const out: T[] = chosen ? [chosen] : [];
  for (const record of records) {
    if (out.length >= limit) break;
    if (record !== chosen && sectorMatches(record, typed ?? "")) out.push(record);
  }
  return out;
}
