/**
 * /sectores' directory: the featured sectors, then the full list with its search, its pages and the
 * message when a search finds nothing. Static (links, a GET form, and info buttons that the page's
 * tooltip handler answers, app/components/ui/tooltips.ts), so the browser keeps the server's HTML and
 * never downloads this module, except to render the directory itself after a client-side navigation or
 * in preview (app/routes/sectores._index.tsx, app/components/islands/static-html.tsx).
 */
import type { SerializeFrom } from "@remix-run/node";

import {
  DirectoryPagination,
  DirectoryResultCount,
  DirectorySearch,
  NoSectorFound,
} from "~/components/sections/sectors/DirectoryControls";
import { SectorGrid, type SectorListItem } from "~/components/sections/sectors/SectorGrid";
import type { DirectoryListing } from "~/domain/sector-directory";

import type { SectorsDirectoryData } from "./SectorsClosing";

/** What the directory lists (the route's loader sends it). */
export interface SectorsDirectoryListData {
  /** The directory's texts. */
  page: Pick<
    SectorsDirectoryData["page"],
    "featuredHeading" | "allHeading" | "tooltipLabel" | "figureLabels" | "listControls"
  >;
  /** The featured sectors (none past the first page or in a search). */
  featured: SectorListItem[];
  /** This page of the full list. */
  listing: DirectoryListing<SectorListItem>;
  /** True once the list no longer fits on one page: the search and the pages appear. */
  paginated: boolean;
  /** The directory's path, for its links and its search form. */
  path: string;
}

export function SectorsDirectory({
  page,
  featured,
  listing,
  paginated,
  path,
}: SerializeFrom<SectorsDirectoryListData>) {
  const controls = paginated || listing.search;
  return (
    <>
      <SectorGrid
        id="destacados"
        heading={page.featuredHeading}
        sectors={featured}
        variant="featured"
        tooltipLabel={page.tooltipLabel}
        figureLabels={page.figureLabels}
      />
      <SectorGrid
        id="todos"
        heading={page.allHeading}
        sectors={listing.items}
        variant="compact"
        tooltipLabel={page.tooltipLabel}
        figureLabels={page.figureLabels}
        tone="muted"
        keepEmpty={Boolean(controls)}
        before={
          controls ? (
            <>
              <DirectorySearch path={path} search={listing.search} texts={page.listControls} />
              <DirectoryResultCount listing={listing} texts={page.listControls} />
            </>
          ) : null
        }
        after={
          controls ? (
            <>
              {listing.total === 0 ? (
                <NoSectorFound search={listing.search} path={path} texts={page.listControls} />
              ) : null}
              <DirectoryPagination path={path} listing={listing} texts={page.listControls} />
            </>
          ) : null
        }
      />
    </>
  );
}
