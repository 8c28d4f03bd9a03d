/** /sectores/{slug}: one sector landing page from content; an unknown or unpublished slug is a 404. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { FinalCta } from "~/components/sections/FinalCta";
import { calculatorHref, SECTOR_ACTIONS } from "~/components/sections/sector/labels";
import { ProjectionTable } from "~/components/sections/sector/ProjectionTable";
import { SectorExplanation } from "~/components/sections/sector/SectorExplanation";
import { SectorHero } from "~/components/sections/sector/SectorHero";
import { SectorServices } from "~/components/sections/sector/SectorServices";
import { SectorStats } from "~/components/sections/sector/SectorStats";
import { CtaLink } from "~/components/ui/CtaLink";
import { getSectorPage } from "~/content/index.server";
import type { SiteSettings } from "~/content/types";
import { projectSector } from "~/domain/projection";
import { publicPageHeaders } from "~/lib/http-cache";
import { redirectOrNotFound } from "~/lib/redirects.server";
import { sectorServiceJsonLd } from "~/lib/sector-jsonld";
import { absoluteUrl, jsonLd, pageMeta, rootDataFrom } from "~/lib/seo";

export const headers = publicPageHeaders;

export async function loader({ params, request }: LoaderFunctionArgs) {
  const page = await getSectorPage(params.slug ?? "").catch((error: unknown) => {
    // An old address of a renamed sector (or any editor's redirect), otherwise the 404.
    if (error instanceof Response && error.status === 404) return redirectOrNotFound(request);
    throw error;
  });
  const projection = projectSector({ stats: page.stats, fixedInvestments: page.projection?.fixedInvestments });
  return { page, projection };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  // An unknown slug never gets here: its 404 renders the root error boundary, titled by the root's meta.
  if (!data) return [];
  const root = rootDataFrom(matches);
  const path = `/sectores/${data.page.slug}`;
  const organization = (root?.settings as SiteSettings | undefined)?.organization;
  const structuredData = sectorServiceJsonLd(data.page, { url: absoluteUrl(root?.siteUrl ?? "", path), organization });
  return [...pageMeta(matches, { seo: data.page.seo, path, sector: data.page }), jsonLd(structuredData)];
};

export default function SectorPageRoute() {
  const { page, projection } = useLoaderData<typeof loader>();
  return (
    <>
      <SectorHero
        id="sector"
        sectorName={page.sectorName}
        calculatorName={page.calculatorName}
        hero={page.hero}
        leadsPerMonth={page.leadsPerMonth}
        labels={page.labels}
      />
      <SectorStats stats={projection.stats} labels={page.labels} />
      <SectorExplanation id="por-que" title={page.explanation?.title} paragraphs={page.explanation?.paragraphs} />
      <ProjectionTable
        id="proyeccion"
        heading={page.projection?.heading}
        intro={page.projection?.intro}
        rows={projection.rows}
        labels={page.labels}
      />
      <SectorServices id="servicios" heading={page.services?.heading} items={page.services?.items} />
      <FinalCta id="empezar" heading={page.closingCta?.title} text={page.closingCta?.description} tone="muted">
        <CtaLink href={calculatorHref(page.calculatorName)} variant="onDark" icon="calculator" size="hero">
          {SECTOR_ACTIONS.closing}
        </CtaLink>
      </FinalCta>
    </>
  );
}
