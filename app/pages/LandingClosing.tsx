/**
 * The landing page's closing call to the calculator, between the FAQ and the contact form: static, kept
 * as the server's HTML like LandingIntro.tsx.
 */
import { FinalCta } from "~/components/sections/FinalCta";
import { optionalCta } from "~/components/ui/CtaLink";

import { CALCULATOR_PATH, type LandingContent } from "./LandingIntro";

export function LandingClosing({ page }: { page: LandingContent }) {
  const { finalCta } = page;
  return (
    <FinalCta id="empezar" heading={finalCta?.heading} text={finalCta?.text}>
      {optionalCta(finalCta?.ctaLabel, CALCULATOR_PATH, { variant: "onDark", icon: "calculator", size: "hero" })}
    </FinalCta>
  );
}
