/**
 * The /sectores list past a page's worth of sectors: a search (`?q=`, accents and case ignored, on the
 * sector's name and address) and pages of SECTOR_PAGE_SIZE (`?pagina=2`). Pure: the loader gives it
 * every listed sector and the address's parameters; a bad `pagina` (not a whole number ≥ 1) reads as page
 * 1, a page past the last one is `null` (the route answers 404).
 */
import { formatInteger } from "./format";

/** Sectors per page of the list: with the featured six, page 1 stays under 1,400 elements and 150 KB. */
export const SECTOR_PAGE_SIZE = 40;

/** The loader reads at most this much of the search (server/cache-key.ts keys on the same). */
export const MAX_SEARCH_LENGTH = 100;

export const DIRECTORY_PARAM = { search: "q", page: "pagina" } as const;

/** Lowercase, without accents, words separated by one space: what a search and a sector are compared as. */
export function foldForSearch(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(" ");
}

export interface DirectoryListing<T> {
  /** The sectors of this page. */
  items: T[];
  /** 1-based. */
  page: number;
  pages: number;
  /** Sectors matching the search (every listed sector without one). */
  total: number;
  /** The search as typed (trimmed), '' without one. */
  search: string;
}

export interface SearchableSector {
  sectorName?: string | null;
  slug?: string | null;
}

/** Every word of the search starts a word of the sector's name or slug. */
export function matchesSearch(sector: SearchableSector, search: string): boolean {
  const words = foldForSearch(search).split(" ").filter(Boolean);
  if (words.length === 0) return true;
  const haystack = ` ${foldForSearch([sector.sectorName, sector.slug].filter(Boolean).join(" "))}`;
  return words.every((word) => haystack.includes(` ${word}`));
}

/** A page number from the address: a whole number ≥ 1, else 1. */
export function pageNumber(value: string | null): number {
  if (value == null || !/^\d{1,6}$/.test(value.trim())) return 1;
  const page = Number(value.trim());
  return page >= 1 ? page : 1;
}

export function listDirectory<T extends SearchableSector>(
  sectors: readonly T[],
  params: URLSearchParams,
  pageSize = SECTOR_PAGE_SIZE,
): DirectoryListing<T> | null {
  const search = (params.get(DIRECTORY_PARAM.search) ?? "").slice(0, MAX_SEARCH_LENGTH).trim();
  const matching = search ? sectors.filter((sector) => matchesSearch(sector, search)) : [...sectors];
  const pages = Math.max(1, Math.ceil(matching.length / pageSize));
  const page = pageNumber(params.get(DIRECTORY_PARAM.page));
  if (page > pages) return null;
  return {
    items: matching.slice((page - 1) * pageSize, page * pageSize),
    page,
    pages,
    total: matching.length,
    search,
  };
}

/** The address of a page of the list (page 1 of the whole list is `/sectores` itself). */
export function directoryHref(base: string, { page, search }: { page: number; search: string }): string {
  const params = new URLSearchParams();
  if (search) params.set(DIRECTORY_PARAM.search, search);
  if (page > 1) params.set(DIRECTORY_PARAM.page, String(page));
  const query = params.toString();
  return query ? `${base}?${query}` : base;
}

/** The page numbers the pagination shows: the first, the last and two either side of the current one. */
export function pageWindow(page: number, pages: number): Array<number | "gap"> {
  const shown: Array<number | "gap"> = [];
  for (let number = 1; number <= pages; number++) {
    if (number === 1 || number === pages || Math.abs(number - page) <= 2) shown.push(number);
    else if (shown.at(-1) !== "gap") shown.push("gap");
  }
  return shown;
}

/** The editors' two count texts (the directory document's `listControls`). */
export interface ResultCountTexts {
  resultOne?: string | null;
  resultMany?: string | null;
}

/**
 * An editor's text with the search filled in: `{busqueda}` becomes what the visitor typed and `{n}` the
 * number of sectors found, as a Spanish visitor reads it («1.234»). Missing text reads as ''.
 */
export function fillSearchText(
  template: string | null | undefined,
  { search, total }: { search: string; total?: number },
): string {
  if (!template) return "";
  return template.replace(/\{(busqueda|n)\}/g, (_, name: string) =>
    name === "n" ? formatInteger(total ?? 0) : search,
  );
}

/** The line above a search's results: the one-sector or the many-sectors text; none without a search or a result. */
export function resultCountText(
  texts: ResultCountTexts | null | undefined,
  { search, total }: DirectoryListing<unknown>,
) {
  if (!search || total === 0) return "";
  return fillSearchText(total === 1 ? texts?.resultOne : texts?.resultMany, { search, total });
}
