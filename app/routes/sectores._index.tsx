/** /sectores: the sector directory, the featured sectors first, then all of them. */
import { useLoaderData } from "@remix-run/react";

import { island, islandsLoader } from "~/components/islands/island";
import { PageHero } from "~/components/sections/PageHero";
import { SectorGrid, SectorIconIsland } from "~/components/sections/sectors/SectorGrid";
import { getSectorsDirectory } from "~/content/index.server";
import { publicPageHeaders } from "~/lib/http-cache";
import { loaderMeta } from "~/lib/seo";
import { loadPage, type WithMeta } from "~/lib/seo.server";
import type { SectorsDirectoryData } from "~/pages/SectorsClosing";

export const loader = (): Promise<WithMeta<SectorsDirectoryData>> => loadPage(getSectorsDirectory, "/sectores");
export const meta = loaderMeta;
export const headers = publicPageHeaders;

const Closing = island("page:SectorsClosing", "server-html", () =>
  import("~/pages/SectorsClosing").then((module) => module.SectorsClosing),
);
export const clientLoader = islandsLoader(Closing, SectorIconIsland);

export default function SectorsDirectoryRoute() {
  const { page } = useLoaderData<typeof loader>();
  const sectors = page.sectors ?? [];
  return (
    <>
      <PageHero id="sectores" badge={page.hero?.badge} title={page.hero?.title} lead={page.hero?.subtitle} />
      <SectorGrid
        id="destacados"
        heading={page.featuredHeading}
        sectors={sectors.filter((sector: { featured?: boolean | null }) => sector.featured)}
        variant="featured"
        tooltipLabel={page.tooltipLabel}
        figureLabels={page.figureLabels}
      />
      <SectorGrid
        id="todos"
        heading={page.allHeading}
        sectors={sectors}
        variant="compact"
        tooltipLabel={page.tooltipLabel}
        figureLabels={page.figureLabels}
        tone="muted"
      />
      <Closing page={page} />
    </>
  );
}
