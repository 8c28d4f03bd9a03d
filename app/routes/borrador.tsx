/** /borrador: the draft lead-supply contract, its ten sections from content. */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ContractSections } from "~/components/sections/legal/ContractSections";
import { PageHero } from "~/components/sections/PageHero";
import { getDraftContractPage } from "~/content/index.server";
import { publicPageHeaders } from "~/lib/http-cache";
import { pageMeta } from "~/lib/seo";

export const headers = publicPageHeaders;

export async function loader() {
  return { page: await getDraftContractPage() };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, { seo: data?.page.seo, path: "/borrador" });

export default function DraftContractRoute() {
  const { page } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero id="borrador" title={page.title} lead={page.intro} />
      <ContractSections sections={page.sections} indexLabelledBy="borrador-title" />
    </>
  );
}
