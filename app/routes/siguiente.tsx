/** /siguiente: onboarding next steps, with email, WhatsApp and video-call booking links. */
import { useLoaderData } from "@remix-run/react";

import { whatsAppUrl } from "~/components/layout/WhatsAppButton";
import { NextStepsContact, NextStepsList } from "~/components/sections/onboarding/NextSteps";
import { PageHero } from "~/components/sections/PageHero";
import { getNextStepsPage } from "~/content/index.server";
import { loadPage, pageExports } from "~/lib/seo";
import { useSiteSettings } from "~/lib/use-site-settings";

export const loader = () => loadPage(getNextStepsPage);
export const { meta, headers } = pageExports("/siguiente");

export default function NextStepsRoute() {
  const { page } = useLoaderData<typeof loader>();
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
