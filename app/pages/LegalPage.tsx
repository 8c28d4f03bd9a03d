/**
 * The legal notice, privacy policy and cookie policy: all static, so the browser keeps the server's HTML and never downloads this
 * module, except to render the page itself after a client-side navigation or in preview (app/routes/legal.tsx, app/components/islands/static-html.tsx).
 */
import type { SerializeFrom } from "@remix-run/node";

import { type LegalDocument, LegalDocumentLinks, LegalDocuments } from "~/components/sections/legal/LegalDocuments";
import { PageHero } from "~/components/sections/PageHero";
import type { getLegalPage } from "~/content/index.server";

/** What the page shows: its content (the route's loader sends it). */
export interface LegalPageData {
  page: Awaited<ReturnType<typeof getLegalPage>>;
}

type PageData = SerializeFrom<LegalPageData>;

export function LegalPage({ page }: PageData) {
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
