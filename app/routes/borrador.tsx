/** /borrador: the draft lead-supply contract, its ten sections from content. */
import { useLoaderData } from "@remix-run/react";

import { staticContentLoader, staticPage } from "~/components/islands/static-html";
import { getDraftContractPage, getSiteSettings } from "~/content/index.server";
import { resolveLegalText } from "~/lib/legal-identity";
import { pageExports } from "~/lib/seo";
import { staticPages } from "~/pages/static-pages.server";

/** The contract's references to the legal identity are filled in here; what is missing is left out. */
export async function loader() {
  const [page, settings] = await Promise.all([getDraftContractPage(), getSiteSettings()]);
  const sections = page.sections?.map((section) => ({
    ...section,
    body: resolveLegalText(section.body, settings.legalIdentity),
  }));
  return { page: { ...page, sections } };
}

export const { meta, headers } = pageExports("/borrador");

const Page = staticPage("DraftContractPage", staticPages?.DraftContractPage, () =>
  import("~/pages/DraftContractPage").then((module) => module.DraftContractPage),
);
export const clientLoader = staticContentLoader(Page.module);

export default function DraftContractPageRoute() {
  return <Page {...useLoaderData<typeof loader>()} />;
}
