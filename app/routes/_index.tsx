import { useLoaderData } from "@remix-run/react";

import { ContactFormOnInteraction } from "~/components/forms/forms-on-interaction";
import { island, islandsLoader } from "~/components/islands/island";
import { ContactIntroIsland, ContactSection } from "~/components/sections/ContactSection";
import { FaqSection } from "~/components/sections/FaqSection";
import { getLandingPage } from "~/content/index.server";
import { publicPageHeaders } from "~/lib/http-cache";
import { loaderMeta } from "~/lib/seo";
import type { LandingPageData } from "~/pages/LandingIntro";
import { faqMeta, loadPage, type WithMeta } from "~/site/seo.server";
import { useSiteSettings } from "~/site/use-site-settings";

/** The contact form posts here (app/leads/page-actions.server.ts). */
export { leadClientAction as clientAction } from "~/forms/client-action";
export { contactAction as action } from "~/leads/page-actions.server";

export const loader = (): Promise<WithMeta<LandingPageData>> => loadPage(getLandingPage, "/", faqMeta);
export const meta = loaderMeta;
export const headers = publicPageHeaders;

const Intro = island("page:LandingIntro", "server-html", () =>
  import("~/pages/LandingIntro").then((module) => module.LandingIntro),
);
const Closing = island("page:LandingClosing", "server-html", () =>
  import("~/pages/LandingClosing").then((module) => module.LandingClosing),
);
export const clientLoader = islandsLoader(Intro, Closing, ContactIntroIsland);

export default function LandingRoute() {
  const { page } = useLoaderData<typeof loader>();
  const settings = useSiteSettings();
  const { faq, contactSection } = page;
  return (
    <>
      <Intro page={page} />
      <FaqSection id="faq" heading={faq?.heading} intro={faq?.intro} items={faq?.items} />
      <Closing page={page} />
      <ContactSection
        id="contacto"
        heading={contactSection?.heading}
        intro={contactSection?.intro}
        email={settings?.email}
        phone={settings?.phone}
      >
        <ContactFormOnInteraction content={contactSection} />
      </ContactSection>
    </>
  );
}
