/**
 * The sectors a sector page links to at its end, by a rule editors can follow (docs/guia-editores.md):
 * first the ones the editor picked ('Sectores relacionados', in that order), then others of the same
 * group ('Grupo del sector'), then the page's alphabetical neighbours in the directory, until RELATED_COUNT.
 * A picked sector that is not published (not in the directory) is skipped. Pure.
 */

export const RELATED_COUNT = 4;

export interface RelatableSector {
  slug?: string | null;
  sectorName?: string | null;
  group?: string | null;
}

const byName = new Intl.Collator("es", { sensitivity: "base" });

/**
 * A directory's listed sectors in alphabetical order, sorted once per directory (the same list object
 * answers every page until content changes; after a change every page's links are computed again).
 */
const sortedDirectories = new WeakMap<readonly RelatableSector[], RelatableSector[]>();

function alphabeticalOf<U extends RelatableSector>(directory: readonly RelatableSector[], listed: readonly U[]): U[] {
  let sorted = sortedDirectories.get(directory) as U[] | undefined;
  if (!sorted) {
    sorted = [...listed].sort((a, b) => byName.compare(a.sectorName ?? "", b.sectorName ?? ""));
    sortedDirectories.set(directory, sorted);
  }
  return sorted;
}

export function relatedSectors<T extends RelatableSector>(
  current: { slug: string | null; group?: string | null; relatedSlugs?: ReadonlyArray<string | null> | null },
  directory: readonly T[],
  count = RELATED_COUNT,
): T[] {
  const listed = directory.filter((sector): sector is T & { slug: string } => Boolean(sector.slug));
  const bySlug = new Map(listed.map((sector) => [sector.slug, sector]));
  const chosen: T[] = [];
  const taken = new Set<string>(current.slug ? [current.slug] : []);
  const take = (sector: (T & { slug: string }) | undefined) => {
    if (!sector || taken.has(sector.slug) || chosen.length >= count) return;
    taken.add(sector.slug);
    chosen.push(sector);
  };
  for (const slug of current.relatedSlugs ?? []) take(slug ? bySlug.get(slug) : undefined);
  // The whole directory in alphabetical order, starting right after the current page (wrapping round).
  const alphabetical = alphabeticalOf(directory, listed);
  const at = alphabetical.findIndex((sector) => sector.slug === current.slug);
  const around = at === -1 ? alphabetical : [...alphabetical.slice(at + 1), ...alphabetical.slice(0, at)];
  const group = current.group?.trim().toLowerCase();
  if (group) for (const sector of around) if (sector.group?.trim().toLowerCase() === group) take(sector);
  for (const sector of around) take(sector);
  return chosen;
}
