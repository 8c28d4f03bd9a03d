import { useLoaderData } from "@remix-run/react";

import { PlanDialogOnInteraction } from "~/components/forms/forms-on-interaction";
import { island, islandsLoader } from "~/components/islands/island";
import { FaqSection } from "~/components/sections/FaqSection";
import { FinalCta } from "~/components/sections/FinalCta";
import { PageHero } from "~/components/sections/PageHero";
import { PlanButton, PlanCards, PlanOfferNote, PriceFrom } from "~/components/sections/PlanCards";
import { CtaLink, optionalCta } from "~/components/ui/CtaLink";
import { getPlansPage } from "~/content/index.server";
import { publicPageHeaders } from "~/lib/http-cache";
import { loaderMeta } from "~/lib/seo";
import type { PlansPageData } from "~/pages/PlansDetails";
import { faqMeta, loadPage, type WithMeta } from "~/site/seo.server";
import { useSiteSettings } from "~/site/use-site-settings";

/** In-page anchors of the two plan forms: the dialogs' triggers link here (plan-dialogs/PlanDialog.tsx). */
const CPL_FORM_ID = "solicitar-analisis";
const MONTHLY_FORM_ID = "solicitar-informacion";

/** Both plan dialogs post here; their hidden `intent` says which (app/leads/action.server.ts). */
export { leadClientAction as clientAction } from "~/forms/client-action";
export { plansAction as action } from "~/leads/page-actions.server";

export const loader = (): Promise<WithMeta<PlansPageData>> => loadPage(getPlansPage, "/mensual", faqMeta);
export const meta = loaderMeta;
export const headers = publicPageHeaders;

const Details = island("page:PlansDetails", "server-html", () =>
  import("~/pages/PlansDetails").then((module) => module.PlansDetails),
);
export const clientLoader = islandsLoader(Details);

export default function PlansRoute() {
  const { page } = useLoaderData<typeof loader>();
  const settings = useSiteSettings();
  const { hero, faq, finalCta } = page;
  const destinations = {
    startService: settings?.startServiceUrl,
    booking: settings?.bookingUrl,
    serviceStart: "/iniciar-servicio",
    cplDialog: `#${CPL_FORM_ID}`,
  };
  return (
    <>
      <PageHero id="mensual" badge={hero?.badge} title={hero?.title} lead={hero?.subtitle}>
        {hero?.fromPriceLabel ? <PriceFrom label={hero.fromPriceLabel} /> : null}
        {optionalCta(page.plansHeading, "#planes", { variant: "onDark", icon: "chevron-down", size: "hero" })}
      </PageHero>
      <PlanCards
        id="planes"
        heading={page.plansHeading}
        intro={page.plansIntro}
        plans={page.plans}
        renderButton={(button, plan, index) => (
          <PlanButton
            button={button}
            destinations={destinations}
            emphasis={index === 0 ? "primary" : "secondary"}
            dark={Boolean(plan.isSpecial)}
          />
        )}
        footer={page.logoOffer?.text ? <PlanOfferNote text={page.logoOffer.text} /> : null}
      />
      <Details page={page} />
      <FaqSection id="faq" heading={faq?.heading} items={faq?.items} />
      <FinalCta id="empezar" heading={finalCta?.heading} text={finalCta?.text}>
        {finalCta?.ctaLabel ? (
          <CtaLink href={`#${MONTHLY_FORM_ID}`} variant="onDark" icon="arrow-right" size="hero">
            {finalCta.ctaLabel}
          </CtaLink>
        ) : null}
      </FinalCta>
      <PlanDialogOnInteraction
        kind="monthly"
        id={MONTHLY_FORM_ID}
        content={page.monthlyDialog}
        sectorOptions={page.sectorOptions}
      />
      <PlanDialogOnInteraction
        kind="cpl"
        id={CPL_FORM_ID}
        content={page.cplDialog}
        sectorOptions={page.sectorOptions}
        budgetOptions={page.budgetOptions}
      />
    </>
  );
}
