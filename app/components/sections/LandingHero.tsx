/**
 * The landing hero (id `inicio`, the header's first scroll target): headline, pitch, the calculator call
 * to action, the link to the monthly plans, the highlights and the trust claim over the clients' logos,
 * beside the app screenshot from content (desktop only). Images: docs/images.md.
 */

import { ContentImage, type PhoneLook, PhoneScreenshot } from "~/components/ui/ContentImage";
import { optionalCta } from "~/components/ui/CtaLink";
import { Icon } from "~/components/ui/Icon";
import { Eyebrow } from "~/components/ui/SectionHeading";
import { typesetText } from "~/components/ui/typeset";
import type { LandingPageQueryResult } from "~/content/sanity.types";

import type { Maybe } from "./content-shapes";
import { DarkHeroSection } from "./PageHero";

export type LandingHeroContent = NonNullable<LandingPageQueryResult>["hero"];

export function LandingHero({
  hero,
  id,
  calculatorPath,
  plansPath,
}: {
  hero: Maybe<LandingHeroContent>;
  id: string;
  calculatorPath: string;
  plansPath: string;
}) {
  const highlights = hero?.highlights ?? [];
  return (
    <DarkHeroSection id={id}>
      <div className="mx-auto grid w-full max-w-6xl items-center gap-12 px-4 pb-20 pt-14 sm:px-6 sm:pt-20 lg:grid-cols-[1.15fr_0.85fr] lg:px-8 lg:pb-28 lg:pt-24">
        <div>
          {hero?.badge ? <Eyebrow tone="dark">{hero.badge}</Eyebrow> : null}
          <h1
            id={`${id}-title`}
            className="mt-5 text-balance text-4xl font-extrabold leading-[1.1] tracking-tight sm:text-5xl lg:text-6xl"
          >
            {hero?.title}
          </h1>
          {hero?.subtitle ? (
            <p className="mt-6 max-w-2xl text-pretty text-lg leading-relaxed text-brand-100 sm:text-xl">
              {hero.subtitle}
            </p>
          ) : null}
          <div className="mt-8 flex flex-col gap-4 sm:flex-row sm:items-center">
            {optionalCta(hero?.primaryCtaLabel, calculatorPath, {
              variant: "onDark",
              icon: "calculator",
              size: "hero",
            })}
          </div>
          {hero?.plansLinkLabel ? (
            <p className="mt-5 text-base text-brand-100">
              {hero.plansText ? `${hero.plansText} ` : null}
              <a
                href={plansPath}
                className="font-semibold text-white underline decoration-brand-300 decoration-2 underline-offset-4 hover:decoration-white focus-visible:ring-white focus-visible:ring-offset-brand-950"
              >
                {hero.plansLinkLabel}
              </a>
            </p>
          ) : null}
          {highlights.length > 0 ? (
            <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-3 text-sm font-medium text-brand-50 sm:text-base">
              {highlights.map((highlight, index) => (
                <li key={`${index}-${highlight}`} className="flex items-center gap-2">
                  <span className="grid h-6 w-6 place-items-center rounded-full bg-emerald-400/15 text-emerald-300">
                    <Icon name="check" className="h-4 w-4" />
                  </span>
                  {typesetText(highlight)}
                </li>
              ))}
            </ul>
          ) : null}
          {hero?.trustClaim ? <TrustRow claim={hero.trustClaim} logos={hero.clientLogos} /> : null}
        </div>
        <PhoneScreenshot
          screenshot={hero?.screenshot}
          look={LEAD_INBOX}
          width={332}
          priority
          hiddenWhen="(max-width: 1023.98px)"
        />
      </div>
    </DarkHeroSection>
  );
}

/** The lead inbox on a phone: the editor's screenshot, the page's LCP picture on desktop (hidden on phones). */
const LEAD_INBOX: PhoneLook = {
  box: "relative mx-auto hidden w-full max-w-[22rem] lg:block",
  glow: "absolute -inset-16 bg-[radial-gradient(closest-side,rgb(51_125_252/0.25)_60%,transparent)]",
  frame:
    "relative rounded-[2.75rem] border border-white/15 bg-white/10 p-2.5 shadow-2xl shadow-black/40 ring-1 ring-black/20",
};

const LOGO_HEIGHT = 24;

/** The trust claim over the clients' logos, drawn white on the dark hero whatever their colour. */
function TrustRow({ claim, logos }: { claim: string; logos: LandingHeroContent["clientLogos"] }) {
  const shown = (logos ?? []).filter((logo) => logo.asset?.metadata?.dimensions?.height);
  return (
    <div className="mt-10 border-t border-white/10 pt-6">
      <p className="text-base font-semibold text-white">{claim}</p>
      {shown.length > 0 ? (
        <ul className="mt-4 flex flex-wrap items-center gap-x-8 gap-y-4">
          {shown.map((logo, index) => {
            const { width = 1, height = 1 } = logo.asset?.metadata?.dimensions ?? {};
            return (
              <li key={logo._key ?? index}>
                <ContentImage
                  image={logo}
                  width={Math.round((LOGO_HEIGHT * (width ?? 1)) / (height ?? 1))}
                  placeholder={false}
                  className="h-5 w-auto opacity-80 brightness-0 invert sm:h-6"
                />
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
