/** /legal: legal notice, privacy policy and cookie policy, deep-linkable as #aviso-legal, #privacidad, #cookies. */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LegalDocumentLinks, LegalDocuments, type LegalDocument } from "~/components/sections/legal/LegalDocuments";
import { PageHero } from "~/components/sections/PageHero";
import { getLegalPage } from "~/content/index.server";
import { publicPageHeaders } from "~/lib/http-cache";
import { pageMeta } from "~/lib/seo";

export const headers = publicPageHeaders;

export async function loader() {
  return { page: await getLegalPage() };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, { seo: data?.page.seo, path: "/legal" });

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
