/** /siguiente: onboarding next steps, with email, WhatsApp and video-call booking links. */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { whatsAppUrl } from "~/components/layout/WhatsAppButton";
import { NextStepsContact, NextStepsList } from "~/components/sections/onboarding/NextSteps";
import { PageHero } from "~/components/sections/PageHero";
import { getNextStepsPage } from "~/content/index.server";
import { publicPageHeaders } from "~/lib/http-cache";
import { pageMeta } from "~/lib/seo";
import { useSiteSettings } from "~/lib/use-site-settings";

export const headers = publicPageHeaders;

export async function loader() {
  return { page: await getNextStepsPage() };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, { seo: data?.page.seo, path: "/siguiente" });

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
