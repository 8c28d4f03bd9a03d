import { useLoaderData } from "@remix-run/react";

import { staticContentLoader, staticPage } from "~/components/islands/static-html";
import { getGoogleAdsPage } from "~/content/index.server";
import { pageExports } from "~/lib/seo";
import { loadPage } from "~/lib/seo.server";
import { staticPages } from "~/pages/static-pages.server";

export const loader = () => loadPage(getGoogleAdsPage, "/servicios/google-ads");
export const { meta, headers } = pageExports();

const Page = staticPage("GoogleAdsPage", staticPages?.GoogleAdsPage, () =>
  import("~/pages/GoogleAdsPage").then((module) => module.GoogleAdsPage),
);
export const clientLoader = staticContentLoader(Page.module);

export default function GoogleAdsPageRoute() {
  return <Page {...useLoaderData<typeof loader>()} />;
}
