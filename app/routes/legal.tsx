/** /legal: legal notice, privacy policy and cookie policy, deep-linkable as #aviso-legal, #privacidad, #cookies. */
import { useLoaderData } from "@remix-run/react";

import { island, islandsLoader } from "~/components/islands/island";
import { getLegalPage } from "~/content/index.server";
import { publicPageHeaders } from "~/lib/http-cache";
import { resolveLegalText } from "~/lib/legal-identity";
import { loaderMeta } from "~/lib/seo";
import type { LegalPageData } from "~/pages/LegalPage";
import { pageMeta, siteHead, type WithMeta } from "~/site/seo.server";

/** The texts' references to the legal identity are filled in here; what is missing is left out. */
export async function loader(): Promise<WithMeta<LegalPageData>> {
  const [page, site] = await Promise.all([getLegalPage(), siteHead()]);
  const identity = site.settings.legalIdentity;
  return {
    page: {
      ...page,
      legalNotice: resolveLegalText(page.legalNotice, identity),
      privacyPolicy: resolveLegalText(page.privacyPolicy, identity),
      cookiePolicy: resolveLegalText(page.cookiePolicy, identity),
    },
    meta: pageMeta(site, { seo: page.seo, path: "/legal" }),
  };
}

export const meta = loaderMeta;
export const headers = publicPageHeaders;

const Page = island("page:LegalPage", "server-html", () =>
  import("~/pages/LegalPage").then((module) => module.LegalPage),
);
export const clientLoader = islandsLoader(Page);

export default function LegalPageRoute() {
  return <Page {...useLoaderData<typeof loader>()} />;
}
