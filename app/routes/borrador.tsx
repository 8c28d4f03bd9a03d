/** /borrador: the draft lead-supply contract, its ten sections from content. */
import { useLoaderData } from "@remix-run/react";

import { island, islandsLoader } from "~/components/islands/island";
import { getDraftContractPage } from "~/content/index.server";
import { publicPageHeaders } from "~/lib/http-cache";
import { resolveLegalText } from "~/lib/legal-identity";
import { loaderMeta } from "~/lib/seo";
import type { DraftContractPageData } from "~/pages/DraftContractPage";
import { pageMeta, siteHead, type WithMeta } from "~/site/seo.server";

/** The contract's references to the legal identity are filled in here; what is missing is left out. */
export async function loader(): Promise<WithMeta<DraftContractPageData>> {
  const [page, site] = await Promise.all([getDraftContractPage(), siteHead()]);
  const sections = page.sections?.map((section) => ({
    ...section,
    body: resolveLegalText(section.body, site.settings.legalIdentity),
  }));
  return { page: { ...page, sections }, meta: pageMeta(site, { seo: page.seo, path: "/borrador" }) };
}

export const meta = loaderMeta;
export const headers = publicPageHeaders;

const Page = island("page:DraftContractPage", "server-html", () =>
  import("~/pages/DraftContractPage").then((module) => module.DraftContractPage),
);
export const clientLoader = islandsLoader(Page);

export default function DraftContractPageRoute() {
  return <Page {...useLoaderData<typeof loader>()} />;
}
