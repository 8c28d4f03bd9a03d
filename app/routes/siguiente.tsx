/** /siguiente: onboarding next steps, with email, WhatsApp and video-call booking links. */
import { useLoaderData } from "@remix-run/react";

import { island, islandsLoader } from "~/components/islands/island";
import { getNextStepsPage } from "~/content/index.server";
import { publicPageHeaders } from "~/lib/http-cache";
import { loaderMeta } from "~/lib/seo";
import type { NextStepsPageData } from "~/pages/NextStepsPage";
import { loadPage, type WithMeta } from "~/site/seo.server";

export const loader = (): Promise<WithMeta<NextStepsPageData>> => loadPage(getNextStepsPage, "/siguiente");
export const meta = loaderMeta;
export const headers = publicPageHeaders;

const Page = island("page:NextStepsPage", "server-html", () =>
  import("~/pages/NextStepsPage").then((module) => module.NextStepsPage),
);
export const clientLoader = islandsLoader(Page);

export default function NextStepsPageRoute() {
  return <Page {...useLoaderData<typeof loader>()} />;
}
