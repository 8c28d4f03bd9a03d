/**
 * The draft lead-supply contract: all static, so the browser keeps the server's HTML and never downloads this
 * module, except to render the page itself after a client-side navigation or in preview (app/routes/borrador.tsx, app/components/islands/static-html.tsx).
 */
import type { SerializeFrom } from "@remix-run/node";

import { ContractSections } from "~/components/sections/legal/ContractSections";
import { PageHero } from "~/components/sections/PageHero";
import type { getDraftContractPage } from "~/content/index.server";

/** What the page shows: its content (the route's loader sends it). */
export interface DraftContractPageData {
  page: Awaited<ReturnType<typeof getDraftContractPage>>;
}

type PageData = SerializeFrom<DraftContractPageData>;

export function DraftContractPage({ page }: PageData) {
  return (
    <>
      <PageHero id="borrador" title={page.title} lead={page.intro} />
      <ContractSections sections={page.sections} indexLabelledBy="borrador-title" />
    </>
  );
}
