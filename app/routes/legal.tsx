/** /legal: legal notice, privacy policy and cookie policy, deep-linkable as #aviso-legal, #privacidad, #cookies. */
import { useLoaderData } from "@remix-run/react";

import { type LegalDocument, LegalDocumentLinks, LegalDocuments } from "~/components/sections/legal/LegalDocuments";
import { PageHero } from "~/components/sections/PageHero";
import { getLegalPage, getSiteSettings } from "~/content/index.server";
import { resolveLegalText } from "~/lib/legal-identity";
import { pageExports } from "~/lib/seo";

/** The texts' references to the legal identity are filled in here; what is missing is left out. */
export async function loader() {
  const [page, settings] = await Promise.all([getLegalPage(), getSiteSettings()]);
  const identity = settings.legalIdentity;
  return {
    page: {
      ...page,
      legalNotice: resolveLegalText(page.legalNotice, identity),
      privacyPolicy: resolveLegalText(page.privacyPolicy, identity),
      cookiePolicy: resolveLegalText(page.cookiePolicy, identity),
    },
  };
}

export const { meta, headers } = pageExports("/legal");

export default function LegalRoute() {
  const { page } = useLoaderData<typeof loader>();
  const documents: LegalDocument[] = [
    { id: "aviso-legal", body: page.legalNotice },
    { id: "privacidad", body: page.privacyPolicy },
    { id: "cookies", body: page.cookiePolicy },
  ];
  return (
    <>
      <PageHero id="legal" title={page.title}>
        <LegalDocumentLinks documents={documents} />
      </PageHero>
      <LegalDocuments documents={documents} />
    </>
  );
}
