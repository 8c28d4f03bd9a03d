/** /legal: legal notice, privacy policy and cookie policy, deep-linkable as #aviso-legal, #privacidad, #cookies. */
import { useLoaderData } from "@remix-run/react";

import { staticContentLoader, staticPage } from "~/components/islands/static-html";
import { getLegalPage, getSiteSettings } from "~/content/index.server";
import { resolveLegalText } from "~/lib/legal-identity";
import { pageExports } from "~/lib/seo";
import { staticPages } from "~/pages/static-pages.server";

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

const Page = staticPage("LegalPage", staticPages?.LegalPage, () =>
  import("~/pages/LegalPage").then((module) => module.LegalPage),
);
export const clientLoader = staticContentLoader(Page.module);

export default function LegalPageRoute() {
  return <Page {...useLoaderData<typeof loader>()} />;
}
