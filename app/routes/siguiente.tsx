/** /siguiente: onboarding next steps, with email, WhatsApp and video-call booking links. */
import { useLoaderData } from "@remix-run/react";

import { staticContentLoader, staticPage } from "~/components/islands/static-html";
import { getNextStepsPage } from "~/content/index.server";
import { loadPage, pageExports } from "~/lib/seo";
import { staticPages } from "~/pages/static-pages.server";

export const loader = () => loadPage(getNextStepsPage);
export const { meta, headers } = pageExports("/siguiente");

const Page = staticPage("NextStepsPage", staticPages?.NextStepsPage, () =>
  import("~/pages/NextStepsPage").then((module) => module.NextStepsPage),
);
export const clientLoader = staticContentLoader(Page.module);

export default function NextStepsPageRoute() {
  return <Page {...useLoaderData<typeof loader>()} />;
}
