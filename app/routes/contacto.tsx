import { useLoaderData } from "@remix-run/react";

import { ContactFormOnInteraction } from "~/components/forms/forms-on-interaction";
import { island, islandsLoader } from "~/components/islands/island";
import { PageHeroIsland } from "~/components/sections/PageHeroIsland";
import { Section } from "~/components/ui/Section";
import { getContactPage } from "~/content/index.server";
import { publicPageHeaders } from "~/lib/http-cache";
import { whatsAppUrl } from "~/lib/links";
import { loaderMeta } from "~/lib/seo";
import { loadPage } from "~/site/seo.server";
import { useSiteSettings } from "~/site/use-site-settings";

/** The contact form posts here (app/leads/page-actions.server.ts). */
export { leadClientAction as clientAction } from "~/forms/client-action";
export { contactAction as action } from "~/leads/page-actions.server";

export const loader = () => loadPage(getContactPage, "/contacto");
export const meta = loaderMeta;
export const headers = publicPageHeaders;

/** The channels aside: links and text, kept as the server's HTML. */
const ContactChannelsIsland = island("section:ContactChannels", "server-html", () =>
  import("~/components/sections/ContactChannels").then((module) => module.ContactChannelsAside),
);
export const clientLoader = islandsLoader(PageHeroIsland, ContactChannelsIsland);

export default function ContactRoute() {
  const { page } = useLoaderData<typeof loader>();
  const settings = useSiteSettings();
  const whatsapp =
    settings?.whatsappNumber && settings.whatsappLabel
      ? { href: whatsAppUrl(settings.whatsappNumber, settings.whatsappMessage ?? ""), label: settings.whatsappLabel }
      : null;
  return (
    <>
      <PageHeroIsland id="contacto" title={page.hero?.title} lead={page.hero?.subtitle} />
      <Section tone="muted">
        <div className="grid gap-10 lg:grid-cols-[1.3fr_0.7fr] lg:gap-12">
          <div className="min-w-0 rounded-3xl border border-slate-200 bg-white p-5 shadow-xl shadow-slate-200/70 sm:p-8">
            <ContactFormOnInteraction content={page.form} />
          </div>
          <ContactChannelsIsland
            heading={page.channels?.heading}
            text={page.channels?.text}
            email={settings?.email}
            phone={settings?.phone}
            whatsapp={whatsapp}
          />
        </div>
      </Section>
    </>
  );
}
