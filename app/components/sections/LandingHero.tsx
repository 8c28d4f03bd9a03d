/**
 * The landing hero (id `inicio`, the header's first scroll target): headline, pitch, the calculator call
 * to action, the link to the monthly plans, the highlights and the trust claim, beside a decorative
 * picture of a lead arriving in the app.
 */
import { Link } from "@remix-run/react";
import { CtaLink } from "~/components/ui/CtaLink";
import { Icon } from "~/components/ui/Icon";
import { Eyebrow } from "~/components/ui/SectionHeading";
import { typesetText } from "~/components/ui/typeset";
import type { List, Maybe } from "./content-shapes";
import { HeroBackdrop } from "./PageHero";

export interface LandingHeroContent {
  badge?: Maybe<string>;
  title?: Maybe<string>;
  subtitle?: Maybe<string>;
  trustClaim?: Maybe<string>;
  primaryCtaLabel?: Maybe<string>;
  plansText?: Maybe<string>;
  plansLinkLabel?: Maybe<string>;
  highlights?: List<string>;
}

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
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="relative isolate overflow-hidden bg-brand-950 text-white"
    >
      <HeroBackdrop />
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
            {hero?.primaryCtaLabel ? (
              <CtaLink href={calculatorPath} variant="onDark" icon="calculator" size="hero">
                {hero.primaryCtaLabel}
              </CtaLink>
            ) : null}
          </div>
          {hero?.plansLinkLabel ? (
            <p className="mt-5 text-base text-brand-100">
              {hero.plansText ? `${hero.plansText} ` : null}
              <Link
                to={plansPath}
                prefetch="intent"
                className="font-semibold text-white underline decoration-brand-300 decoration-2 underline-offset-4 hover:decoration-white focus-visible:ring-white focus-visible:ring-offset-brand-950"
              >
                {hero.plansLinkLabel}
              </Link>
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
          {hero?.trustClaim ? (
            <div className="mt-10 flex items-center gap-4">
              <div aria-hidden="true" className="flex -space-x-2">
                {["bg-sky-400", "bg-amber-400", "bg-emerald-400", "bg-rose-400"].map((color) => (
                  <span key={color} className={`h-9 w-9 rounded-full border-2 border-brand-950 ${color}`} />
                ))}
              </div>
              <p className="text-base font-semibold text-white">{hero.trustClaim}</p>
            </div>
          ) : null}
        </div>
        <LeadArrivingPicture />
      </div>
    </section>
  );
}

/** Decorative: a phone showing incoming lead cards, drawn with shapes only (no text to translate). */
function LeadArrivingPicture() {
  return (
    <div aria-hidden="true" className="relative mx-auto hidden w-full max-w-sm lg:block">
      <div className="absolute -inset-6 rounded-[3rem] bg-brand-500/20 blur-3xl" />
      <div className="relative rounded-[2.5rem] border border-white/15 bg-white/5 p-3 shadow-2xl backdrop-blur">
        <div className="rounded-[2rem] bg-white p-5 text-ink">
          <div className="mx-auto mb-5 h-1.5 w-16 rounded-full bg-slate-200" />
          <div className="flex items-center justify-between">
            <div className="h-3 w-24 rounded-full bg-slate-300" />
            <span className="grid h-8 w-8 place-items-center rounded-full bg-brand-50 text-brand-700">
              <Icon name="bell" className="h-4 w-4" />
            </span>
          </div>
          <div className="mt-5 space-y-3">
            {[0, 1, 2].map((index) => (
              <div
                key={index}
                className={`flex items-center gap-3 rounded-2xl border p-3 ${
                  index === 0
                    ? "border-brand-200 bg-brand-50 shadow-md shadow-brand-600/10"
                    : "border-slate-100 bg-white"
                }`}
              >
                <span
                  className={`grid h-10 w-10 shrink-0 place-items-center rounded-xl ${
                    index === 0 ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-500"
                  }`}
                >
                  <Icon name={index === 0 ? "bolt" : "card"} className="h-5 w-5" />
                </span>
                <div className="flex-1 space-y-2">
                  <div className={`h-2.5 rounded-full ${index === 0 ? "w-4/5 bg-brand-300" : "w-3/5 bg-slate-200"}`} />
                  <div className="h-2 w-2/5 rounded-full bg-slate-200" />
                </div>
                <span
                  className={`grid h-6 w-6 place-items-center rounded-full ${index === 0 ? "bg-emerald-100 text-emerald-700" : "bg-slate-100 text-slate-400"}`}
                >
                  <Icon name="check" className="h-3.5 w-3.5" />
                </span>
              </div>
            ))}
          </div>
          <div className="mt-5 grid grid-cols-3 gap-2">
            {[60, 85, 45].map((height) => (
              <div key={height} className="flex h-20 items-end rounded-xl bg-slate-50 p-2">
                <div
                  className="w-full rounded-md bg-gradient-to-t from-brand-600 to-brand-400"
                  style={{ height: `${height}%` }}
                />
              </div>
            ))}
          </div>
        </div>
      </div>
      <div className="absolute -left-8 top-24 hidden rounded-2xl bg-white p-3 shadow-xl lg:flex lg:items-center lg:gap-3">
        <span className="grid h-9 w-9 place-items-center rounded-full bg-emerald-100 text-emerald-700">
          <Icon name="trend" className="h-5 w-5" />
        </span>
        <div className="space-y-1.5">
          <div className="h-2.5 w-20 rounded-full bg-slate-300" />
          <div className="h-2 w-12 rounded-full bg-emerald-300" />
        </div>
      </div>
    </div>
  );
}
