/**
 * /sectores: the sector directory, the featured sectors first, then all of them. Past a page's worth of
 * sectors the full list is paginated (`?pagina=2`) and searchable (`?q=`) on the server, both plain links
 * and a GET form, so they work without JavaScript (app/domain/sector-directory.ts). Each page of the list
 * is canonical to itself (page 1 at /sectores); a search is `noindex`.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { island, islandsLoader } from "~/components/islands/island";
import { PageHeroIsland } from "~/components/sections/PageHeroIsland";
import { SectorIconIsland } from "~/components/sections/sectors/SectorIconIsland";
import { getSectorsDirectory } from "~/content/index.server";
import { directoryHref, listDirectory, SECTOR_PAGE_SIZE } from "~/domain/sector-directory";
import { publicPageHeaders } from "~/lib/http-cache";
import { loaderMeta } from "~/lib/seo";
import { absoluteUrl, pageMeta, siteHead } from "~/site/seo.server";

const PATH = "/sectores";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const [{ sectors, ...page }, site] = await Promise.all([getSectorsDirectory(), siteHead()]);
  const listing = listDirectory(sectors ?? [], new URL(request.url).searchParams);
  if (!listing) throw new Response("Not found: no such page of /sectores", { status: 404, statusText: "Not Found" });
  const { page: number, pages, search } = listing;
  const here = directoryHref(PATH, listing);
  const seo =
    page.seo && number > 1 ? { ...page.seo, title: `${page.seo.title ?? ""} (${number}/${pages})` } : page.seo;
  const meta = pageMeta(site, { seo, path: here });
  if (search) meta.push({ name: "robots", content: "noindex, follow" });
  else {
    if (number > 1)
      meta.push({
        tagName: "link",
        rel: "prev",
        href: absoluteUrl(site.siteUrl, directoryHref(PATH, { page: number - 1, search })),
      });
    if (number < pages)
      meta.push({
        tagName: "link",
        rel: "next",
        href: absoluteUrl(site.siteUrl, directoryHref(PATH, { page: number + 1, search })),
      });
  }
  return {
    page,
    // The featured grid opens the directory, not its later pages nor a search.
    featured: number === 1 && !search ? (sectors ?? []).filter((sector) => sector.featured) : [],
    listing,
    // The search and the pages appear once the list no longer fits on one page.
    paginated: (sectors ?? []).length > SECTOR_PAGE_SIZE,
    meta,
  };
};
export const meta = loaderMeta;
export const headers = publicPageHeaders;

// The hero, the directory and the closing call are static: hydration keeps the server's HTML and downloads
// none of their code.
// The directory's info buttons work through the frame script (app/components/ui/tooltips.ts).
const Directory = island("page:SectorsDirectory", "server-html", () =>
  import("~/pages/SectorsDirectory").then((module) => module.SectorsDirectory),
);
const Closing = island("page:SectorsClosing", "server-html", () =>
  import("~/pages/SectorsClosing").then((module) => module.SectorsClosing),
);
export const clientLoader = islandsLoader(PageHeroIsland, Directory, Closing, SectorIconIsland);

export default function SectorsDirectoryRoute() {
  const { page, featured, listing, paginated } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeroIsland id="sectores" badge={page.hero?.badge} title={page.hero?.title} lead={page.hero?.subtitle} />
      {/* Keyed by the page and the search: another page of the list (a navigation here) is another
          directory, rendered live, where kept HTML would still show the one the server sent. */}
      <Directory
        key={directoryHref(PATH, listing)}
        page={page}
        featured={featured}
        listing={listing}
        paginated={paginated}
        path={PATH}
      />
      <Closing page={page} />
    </>
  );
}
