/** /siguiente: onboarding next steps, with email, WhatsApp and video-call booking links. */
import { useLoaderData } from "@remix-run/react";

import { staticContentLoader, staticPage } from "~/components/islands/static-html";
import { getNextStepsPage } from "~/content/index.server";
import { pageExports } from "~/lib/seo";
import { loadPage } from "~/lib/seo.server";
import { staticPages } from "~/pages/static-pages.server";

export const loader = () => loadPage(getNextStepsPage, "/siguiente");
export const { meta, headers } = pageExports();

const Page = staticPage("NextStepsPage", staticPages?.NextStepsPage, () =>
  import("~/pages/NextStepsPage").then((module) => module.NextStepsPage),
);
export const clientLoader = staticContentLoader(Page.module);

export default function NextStepsPageRoute() {
  return <Page {...useLoaderData<typeof loader>()} />;
}
