/**
 * The onboarding next steps: all static, so the browser keeps the server's HTML and never downloads this
 * module, except to render the page itself after a client-side navigation or in preview (app/routes/siguiente.tsx, app/components/islands/static-html.tsx).
 */
import type { SerializeFrom } from "@remix-run/node";

import { NextStepsContact, NextStepsList } from "~/components/sections/onboarding/NextSteps";
import { PageHero } from "~/components/sections/PageHero";
import { whatsAppUrl } from "~/lib/links";
import { useSiteSettings } from "~/lib/use-site-settings";
import type { loader } from "~/routes/siguiente";

type PageData = SerializeFrom<typeof loader>;

export function NextStepsPage({ page }: PageData) {
  const settings = useSiteSettings();
  const whatsappHref = settings?.whatsappNumber
    ? whatsAppUrl(settings.whatsappNumber, settings.whatsappMessage ?? "")
    : null;
  return (
    <>
      <PageHero id="siguiente" title={page.hero?.title} lead={page.hero?.subtitle} />
      <NextStepsList id="pasos" steps={page.steps} />
      <NextStepsContact
        id="contacto"
        contact={page.contact}
        email={settings?.email}
        whatsappHref={whatsappHref}
        bookingUrl={settings?.bookingUrl}
      />
    </>
  );
}
