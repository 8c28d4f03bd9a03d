/**
 * The landing page from its hero to the comparison: all static, so the browser keeps the server's HTML
 * and never downloads this module, except to render the page itself after a client-side navigation or in
 * preview (app/routes/_index.tsx, app/components/islands/static-html.tsx). The FAQ and the contact form
 * stay live in the route.
 */
import type { SerializeFrom } from "@remix-run/node";

import { AppShowcase } from "~/components/sections/AppShowcase";
import { Comparison } from "~/components/sections/Comparison";
import { LandingHero } from "~/components/sections/LandingHero";
import { StepsSection } from "~/components/sections/StepsSection";
import { optionalCta } from "~/components/ui/CtaLink";
import type { getLandingPage } from "~/content/index.server";

/** What the landing page shows: its content (the route's loader sends it). */
export interface LandingPageData {
  page: Awaited<ReturnType<typeof getLandingPage>>;
}

export type LandingContent = SerializeFrom<LandingPageData>["page"];

export const CALCULATOR_PATH = "/calculadora";
export const PLANS_PATH = "/mensual";

/** The props a landing section takes from its content: heading, intro and the call to the calculator. */
function calculatorSection(
  id: string,
  content: { heading?: string | null; intro?: string | null; ctaLabel?: string | null } | null | undefined,
) {
  return {
    id,
    heading: content?.heading,
    intro: content?.intro,
    action: optionalCta(content?.ctaLabel, CALCULATOR_PATH, { icon: "arrow-right" }),
  };
}

export function LandingIntro({ page }: { page: LandingContent }) {
  const { process, appShowcase, comparison } = page;
  return (
    <>
      <LandingHero id="inicio" hero={page.hero} calculatorPath={CALCULATOR_PATH} plansPath={PLANS_PATH} />
      <StepsSection {...calculatorSection("proceso", process)} steps={process?.steps} />
      <AppShowcase
        {...calculatorSection("app", appShowcase)}
        items={appShowcase?.features}
        screenshot={appShowcase?.screenshot}
      />
      <Comparison
        {...calculatorSection("comparativa", comparison)}
        traditional={comparison?.traditional}
        ours={comparison?.ours}
      />
    </>
  );
}
