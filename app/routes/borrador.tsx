/** /borrador: the draft lead-supply contract, its ten sections from content. */
import { useLoaderData } from "@remix-run/react";

import { ContractSections } from "~/components/sections/legal/ContractSections";
import { PageHero } from "~/components/sections/PageHero";
import { getDraftContractPage, getSiteSettings } from "~/content/index.server";
import { resolveLegalText } from "~/lib/legal-identity";
import { pageExports } from "~/lib/seo";

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

export default function DraftContractRoute() {
  const { page } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero id="borrador" title={page.title} lead={page.intro} />
      <ContractSections sections={page.sections} indexLabelledBy="borrador-title" />
    </>
  );
}
