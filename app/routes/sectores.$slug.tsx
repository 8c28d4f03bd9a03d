/** /sectores/{slug}: one sector landing page from content; an unknown or unpublished slug is a 404. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { island, islandsLoader } from "~/components/islands/island";
import { getSectorPage } from "~/content/index.server";
import { projectSector } from "~/domain/projection";
import { publicPageHeaders } from "~/lib/http-cache";
import { sectorServiceJsonLd } from "~/lib/sector-jsonld";
import { loaderMeta } from "~/lib/seo";
import type { SectorPageData } from "~/pages/SectorPage";
import { redirectOrNotFound } from "~/site/redirects.server";
import { relatedSectorLinks } from "~/site/related-sectors.server";
import { absoluteUrl, jsonLd, pageMeta, siteHead, type WithMeta } from "~/site/seo.server";

export const headers = publicPageHeaders;

export async function loader({ params, request }: LoaderFunctionArgs): Promise<WithMeta<SectorPageData>> {
  const page = await getSectorPage(params.slug ?? "").catch((error: unknown) => {
    // An old address of a renamed sector (or any editor's redirect), otherwise the 404.
    if (error instanceof Response && error.status === 404) return redirectOrNotFound(request);
    throw error;
  });
  const projection = projectSector({ stats: page.stats, fixedInvestments: page.projection?.fixedInvestments });
  // The related links depend on the whole directory: a tag of their own, so a new or renamed sector page
  // drops only the pages whose links it changes (app/site/related-sectors.server.ts).
  const [site, related] = await Promise.all([siteHead(), relatedSectorLinks(page.slug ?? "")]);
  const path = `/sectores/${page.slug}`;
  const structuredData = sectorServiceJsonLd(page, {
    url: absoluteUrl(site.siteUrl, path),
    organization: site.settings.organization,
  });
  const meta = [...pageMeta(site, { seo: page.seo, path, sector: page }), jsonLd(structuredData)];
  return { page, projection, related, meta };
}

// An unknown slug never gets here: its 404 renders the root error boundary, titled by the root's meta.
export const meta: MetaFunction<typeof loader> = loaderMeta;

const Page = island("page:SectorPage", "server-html", () =>
  import("~/pages/SectorPage").then((module) => module.SectorPage),
);
export const clientLoader = islandsLoader(Page);

export default function SectorPageRoute() {
  return <Page {...useLoaderData<typeof loader>()} />;
}
