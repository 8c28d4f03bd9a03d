/**
 * The related sector pages at a sector page's end, picked from the whole directory: a derived value
 * with a cache tag of its own (app/content/derived.server.ts), so a new or renamed sector page drops
 * only the pages whose links it changes. Defined at the module's top level, so every instance can
 * compute it again from the slug alone after a change, whether or not it rendered the page.
 */
import { defineDerivedContent, getSectorPage, getSectorsDirectory } from "~/content/index.server";
import { relatedSectors } from "~/domain/related-sectors";

export const relatedSectorLinks = defineDerivedContent("related-sectors", async (slug: string) => {
  const [page, directory] = await Promise.all([getSectorPage(slug), getSectorsDirectory()]);
  return relatedSectors(page, directory.sectors ?? []).map(({ slug, sectorName, tooltip }) => ({
    slug,
    sectorName,
    tooltip,
  }));
});
