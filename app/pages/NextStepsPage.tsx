/**
 * The onboarding next steps: all static, so the browser keeps the server's HTML and never downloads this
 * module, except to render the page itself after a client-side navigation or in preview (app/routes/siguiente.tsx, app/components/islands/static-html.tsx).
 */
import type { SerializeFrom } from "@remix-run/node";

import { NextStepsContact, NextStepsList } from "~/components/sections/onboarding/NextSteps";
import { PageHero } from "~/components/sections/PageHero";
import type { getNextStepsPage } from "~/content/index.server";
import { whatsAppUrl } from "~/lib/links";
import { useSiteSettings } from "~/site/use-site-settings";

/** What the page shows: its content (the route's loader sends it). */
export interface NextStepsPageData {
  page: Awaited<ReturnType<typeof getNextStepsPage>>;
}

type PageData = SerializeFrom<NextStepsPageData>;

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
