import type { ActionFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { ContactForm } from "~/components/forms/ContactForm";
import { AppShowcase } from "~/components/sections/AppShowcase";
import { Comparison } from "~/components/sections/Comparison";
import { ContactSection } from "~/components/sections/ContactSection";
import { FaqSection } from "~/components/sections/FaqSection";
import { FinalCta } from "~/components/sections/FinalCta";
import { LandingHero } from "~/components/sections/LandingHero";
import { StepsSection } from "~/components/sections/StepsSection";
import { optionalCta } from "~/components/ui/CtaLink";
import { getLandingPage } from "~/content/index.server";
import { contactForm } from "~/forms/contact";
import { handleLeadAction } from "~/leads/action.server";
import { faqMeta, loadPage, pageExports } from "~/lib/seo";
import { useSiteSettings } from "~/lib/use-site-settings";

const CALCULATOR = "/calculadora";

/** The contact form posts here (app/leads/action.server.ts). */
export const action = (args: ActionFunctionArgs) => handleLeadAction(args, contactForm);
export { leadClientAction as clientAction } from "~/forms/client-action";

export const loader = () => loadPage(getLandingPage);
export const { meta, headers } = pageExports("/", faqMeta);

/** The props a landing section takes from its content: heading, intro and the call to the calculator. */
function calculatorSection(
  id: string,
  content: { heading?: string | null; intro?: string | null; ctaLabel?: string | null } | null | undefined,
) {
  return {
    id,
    heading: content?.heading,
    intro: content?.intro,
    action: optionalCta(content?.ctaLabel, CALCULATOR, { icon: "arrow-right" }),
  };
}

export default function LandingRoute() {
  const { page } = useLoaderData<typeof loader>();
  const settings = useSiteSettings();
  const { process, appShowcase, comparison, faq, finalCta, contactSection } = page;
  return (
    <>
      <LandingHero id="inicio" hero={page.hero} calculatorPath={CALCULATOR} plansPath="/mensual" />
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
      <FaqSection id="faq" heading={faq?.heading} intro={faq?.intro} items={faq?.items} />
      <FinalCta id="empezar" heading={finalCta?.heading} text={finalCta?.text}>
        {optionalCta(finalCta?.ctaLabel, CALCULATOR, { variant: "onDark", icon: "calculator", size: "hero" })}
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
