import { useLoaderData } from "@remix-run/react";

import { island, islandsLoader } from "~/components/islands/island";
import { getGoogleAdsPage } from "~/content/index.server";
import { publicPageHeaders } from "~/lib/http-cache";
import { loaderMeta } from "~/lib/seo";
import type { GoogleAdsPageData } from "~/pages/GoogleAdsPage";
import { loadPage, type WithMeta } from "~/site/seo.server";

export const loader = (): Promise<WithMeta<GoogleAdsPageData>> => loadPage(getGoogleAdsPage, "/servicios/google-ads");
export const meta = loaderMeta;
export const headers = publicPageHeaders;

const Page = island("page:GoogleAdsPage", "server-html", () =>
  import("~/pages/GoogleAdsPage").then((module) => module.GoogleAdsPage),
);
export const clientLoader = islandsLoader(Page);

export default function GoogleAdsPageRoute() {
  return <Page {...useLoaderData<typeof loader>()} />;
}
