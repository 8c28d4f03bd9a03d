/** /sectores: the sector directory, the featured sectors first, then all of them. */
import { useLoaderData } from "@remix-run/react";

import { FinalCta } from "~/components/sections/FinalCta";
import { PageHero } from "~/components/sections/PageHero";
import { SectorGrid } from "~/components/sections/sectors/SectorGrid";
import { optionalCta } from "~/components/ui/CtaLink";
import { getSectorsDirectory } from "~/content/index.server";
import { loadPage, pageExports } from "~/lib/seo";

export const loader = () => loadPage(getSectorsDirectory);
export const { meta, headers } = pageExports("/sectores");

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
      <FinalCta id="contactar" heading={page.finalCta?.heading} text={page.finalCta?.text}>
        {optionalCta(page.finalCta?.ctaLabel, "/contacto", { variant: "onDark", icon: "arrow-right", size: "hero" })}
      </FinalCta>
    </>
  );
}
