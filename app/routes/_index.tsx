import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { ContactForm } from "~/components/forms/ContactForm";
import { AppShowcase } from "~/components/sections/AppShowcase";
import { Comparison } from "~/components/sections/Comparison";
import { ContactSection } from "~/components/sections/ContactSection";
import { FaqSection } from "~/components/sections/FaqSection";
import { FinalCta } from "~/components/sections/FinalCta";
import { LandingHero } from "~/components/sections/LandingHero";
import { StepsSection } from "~/components/sections/StepsSection";
import { CtaLink } from "~/components/ui/CtaLink";
import { getLandingPage } from "~/content/index.server";
import { contactForm } from "~/forms/contact";
import { handleLeadAction } from "~/leads/action.server";
import { faqPageJsonLd } from "~/lib/faq-jsonld";
import { publicPageHeaders } from "~/lib/http-cache";
import { jsonLd, pageMeta } from "~/lib/seo";
import { useSiteSettings } from "~/lib/use-site-settings";

const CALCULATOR = "/calculadora";

export const headers = publicPageHeaders;

/** The contact form posts here (app/leads/action.server.ts). */
export const action = (args: ActionFunctionArgs) => handleLeadAction(args, contactForm);
export { leadClientAction as clientAction } from "~/forms/client-action";

export async function loader() {
  return { page: await getLandingPage() };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const tags = pageMeta(matches, { seo: data?.page.seo, path: "/" });
  const faq = faqPageJsonLd(data?.page.faq?.items);
  return faq ? [...tags, jsonLd(faq)] : tags;
};

export default function LandingRoute() {
  const { page } = useLoaderData<typeof loader>();
  const settings = useSiteSettings();
  const { process, appShowcase, comparison, faq, finalCta, contactSection } = page;
  return (
    <>
      <LandingHero id="inicio" hero={page.hero} calculatorPath={CALCULATOR} plansPath="/mensual" />
      <StepsSection
        id="proceso"
        heading={process?.heading}
        intro={process?.intro}
        steps={process?.steps}
        action={
          process?.ctaLabel ? (
            <CtaLink href={CALCULATOR} icon="arrow-right">
              {process.ctaLabel}
            </CtaLink>
          ) : null
        }
      />
      <AppShowcase
        id="app"
        heading={appShowcase?.heading}
        intro={appShowcase?.intro}
        features={appShowcase?.features}
        screenshot={appShowcase?.screenshot}
        action={
          appShowcase?.ctaLabel ? (
            <CtaLink href={CALCULATOR} icon="arrow-right">
              {appShowcase.ctaLabel}
            </CtaLink>
          ) : null
        }
      />
      <Comparison
        id="comparativa"
        heading={comparison?.heading}
        intro={comparison?.intro}
        traditional={comparison?.traditional}
        ours={comparison?.ours}
        action={
          comparison?.ctaLabel ? (
            <CtaLink href={CALCULATOR} icon="arrow-right">
              {comparison.ctaLabel}
            </CtaLink>
          ) : null
        }
      />
      <FaqSection id="faq" heading={faq?.heading} intro={faq?.intro} items={faq?.items} />
      <FinalCta id="empezar" heading={finalCta?.heading} text={finalCta?.text}>
        {finalCta?.ctaLabel ? (
          <CtaLink href={CALCULATOR} variant="onDark" icon="calculator" size="hero">
            {finalCta.ctaLabel}
          </CtaLink>
        ) : null}
      </FinalCta>
      <ContactSection
        id="contacto"
        heading={contactSection?.heading}
        intro={contactSection?.intro}
        email={settings?.email}
        phone={settings?.phone}
      >
        <ContactForm content={contactSection} />
      </ContactSection>
    </>
  );
}
