import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { Checklist } from "~/components/sections/Checklist";
import { FinalCta } from "~/components/sections/FinalCta";
import { PageHero } from "~/components/sections/PageHero";
import { StatsGrid } from "~/components/sections/StatsGrid";
import { StepsSection } from "~/components/sections/StepsSection";
import { CtaLink } from "~/components/ui/CtaLink";
import { getGoogleAdsPage } from "~/content/index.server";
import { publicPageHeaders } from "~/lib/http-cache";
import { pageMeta } from "~/lib/seo";

const CALCULATOR = "/calculadora";
const CONTACT = "/contacto";

export const headers = publicPageHeaders;

export async function loader() {
  return { page: await getGoogleAdsPage() };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, { seo: data?.page.seo, path: "/servicios/google-ads" });

export default function GoogleAdsRoute() {
  const { page } = useLoaderData<typeof loader>();
  const { hero, included, process, finalCta } = page;
  return (
    <>
      <PageHero id="google-ads" badge={hero?.badge} title={hero?.title} lead={hero?.description}>
        {hero?.primaryCtaLabel ? (
          <CtaLink href={CALCULATOR} variant="onDark" icon="calculator" size="hero">
            {hero.primaryCtaLabel}
          </CtaLink>
        ) : null}
        {hero?.secondaryCtaLabel ? (
          <CtaLink href={CONTACT} variant="outlineOnDark" icon="search" size="hero">
            {hero.secondaryCtaLabel}
          </CtaLink>
        ) : null}
      </PageHero>
      <StatsGrid id="resultados" label="Resultados" stats={page.stats} />
      <Checklist id="incluido" heading={included?.heading} items={included?.items} />
      <StepsSection id="proceso" heading={process?.heading} steps={process?.steps} layout="timeline" />
      <FinalCta id="empezar" heading={finalCta?.heading} text={finalCta?.text} tone="muted">
        {finalCta?.primaryLabel ? (
          <CtaLink href={CALCULATOR} variant="onDark" icon="calculator" size="hero">
            {finalCta.primaryLabel}
          </CtaLink>
        ) : null}
        {finalCta?.secondaryLabel ? (
          <CtaLink href={CONTACT} variant="outlineOnDark" icon="arrow-right" size="hero">
            {finalCta.secondaryLabel}
          </CtaLink>
        ) : null}
      </FinalCta>
    </>
  );
}
