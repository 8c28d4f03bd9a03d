/**
 * The Google Ads service page: all static, so the browser keeps the server's HTML and never downloads this
 * module, except to render the page itself after a client-side navigation or in preview (app/routes/servicios.google-ads.tsx, app/components/islands/static-html.tsx).
 */
import type { SerializeFrom } from "@remix-run/node";

import { Checklist } from "~/components/sections/Checklist";
import { FinalCta } from "~/components/sections/FinalCta";
import { PageHero } from "~/components/sections/PageHero";
import { StatsGrid } from "~/components/sections/StatsGrid";
import { StepsSection } from "~/components/sections/StepsSection";
import { optionalCta } from "~/components/ui/CtaLink";
import type { getGoogleAdsPage } from "~/content/index.server";

const CALCULATOR = "/calculadora";
const CONTACT = "/contacto";

/** What the page shows: its content (the route's loader sends it). */
export interface GoogleAdsPageData {
  page: Awaited<ReturnType<typeof getGoogleAdsPage>>;
}

type PageData = SerializeFrom<GoogleAdsPageData>;

export function GoogleAdsPage({ page }: PageData) {
  const { hero, included, process, finalCta } = page;
  return (
    <>
      <PageHero id="google-ads" badge={hero?.badge} title={hero?.title} lead={hero?.description}>
        {optionalCta(hero?.primaryCtaLabel, CALCULATOR, { variant: "onDark", icon: "calculator", size: "hero" })}
        {optionalCta(hero?.secondaryCtaLabel, CONTACT, { variant: "outlineOnDark", icon: "search", size: "hero" })}
      </PageHero>
      <StatsGrid id="resultados" stats={page.stats} />
      <Checklist id="incluido" heading={included?.heading} items={included?.items} />
      <StepsSection id="proceso" heading={process?.heading} steps={process?.steps} layout="timeline" />
      <FinalCta id="empezar" heading={finalCta?.heading} text={finalCta?.text} tone="muted">
        {optionalCta(finalCta?.primaryLabel, CALCULATOR, { variant: "onDark", icon: "calculator", size: "hero" })}
        {optionalCta(finalCta?.secondaryLabel, CONTACT, {
          variant: "outlineOnDark",
          icon: "arrow-right",
          size: "hero",
        })}
      </FinalCta>
    </>
  );
}
