/**
 * A sector landing page: all static, so the browser keeps the server's HTML and never downloads this
 * module, except to render the page itself after a client-side navigation or in preview (app/routes/sectores.$slug.tsx, app/components/islands/static-html.tsx).
 */
import type { SerializeFrom } from "@remix-run/node";

import { FinalCta } from "~/components/sections/FinalCta";
import { calculatorHref, SECTOR_ACTIONS } from "~/components/sections/sector/labels";
import { ProjectionTable } from "~/components/sections/sector/ProjectionTable";
import { RelatedSectors } from "~/components/sections/sector/RelatedSectors";
import { SectorExplanation } from "~/components/sections/sector/SectorExplanation";
import { SectorHero } from "~/components/sections/sector/SectorHero";
import { SectorServices } from "~/components/sections/sector/SectorServices";
import { SectorStats } from "~/components/sections/sector/SectorStats";
import { CtaLink } from "~/components/ui/CtaLink";
import type { getSectorPage } from "~/content/index.server";
import type { SectorProjection } from "~/domain/projection";

/** What the page shows: the sector's content and its figures (the route's loader sends them). */
export interface SectorPageData {
  page: Awaited<ReturnType<typeof getSectorPage>>;
  projection: SectorProjection;
  /** A few other sector pages to link to (app/domain/related-sectors.ts chooses them). */
  related: RelatedSectorLink[];
}

export interface RelatedSectorLink {
  slug: string;
  sectorName: string | null;
  tooltip: string | null;
}

type PageData = SerializeFrom<SectorPageData>;

export function SectorPage({ page, projection, related }: PageData) {
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
      <RelatedSectors id="otros-sectores" heading={page.labels?.relatedHeading} sectors={related} />
    </>
  );
}
