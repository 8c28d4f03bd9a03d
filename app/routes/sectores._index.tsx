/** /sectores: the sector directory, the featured sectors first, then all of them. */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { FinalCta } from "~/components/sections/FinalCta";
import { PageHero } from "~/components/sections/PageHero";
import { SectorGrid } from "~/components/sections/sectors/SectorGrid";
import { CtaLink } from "~/components/ui/CtaLink";
import { getSectorsDirectory } from "~/content/index.server";
import { publicPageHeaders } from "~/lib/http-cache";
import { pageMeta } from "~/lib/seo";

export const headers = publicPageHeaders;

export async function loader() {
  return { page: await getSectorsDirectory() };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, { seo: data?.page.seo, path: "/sectores" });

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
        {page.finalCta?.ctaLabel ? (
          <CtaLink href="/contacto" variant="onDark" icon="arrow-right" size="hero">
            {page.finalCta.ctaLabel}
          </CtaLink>
        ) : null}
      </FinalCta>
    </>
  );
}
