/** The hero band of inner pages: eyebrow, the page's h1, a lead paragraph and optional actions. */
import type { ReactNode } from "react";

import { Eyebrow } from "~/components/ui/SectionHeading";
import { typesetText } from "~/components/ui/typeset";

import type { Maybe } from "./content-shapes";

/**
 * Soft brand glows behind dark heroes (decorative), drawn as radial gradients: a blurred box
 * (`filter: blur`) costs the compositor a blur pass in every frame it is in, on phones too, where a
 * gradient is painted once. The glows are the background of the backdrop itself, not boxes: a box
 * anchored to the hero's bottom moved each time the browser laid out a hero that was still arriving (a
 * layout shift), where a background only repaints.
 */
export function HeroBackdrop() {
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute inset-0 -z-10 overflow-hidden bg-[radial-gradient(circle_24rem_at_calc(100%-6rem)_6rem,rgb(29_94_241/0.4)_33%,transparent),radial-gradient(circle_18rem_at_4rem_calc(100%-2rem),rgb(14_165_233/0.2)_45%,transparent)]"
    >
      <div className="absolute inset-0 bg-[linear-gradient(to_right,rgba(255,255,255,0.04)_1px,transparent_1px),linear-gradient(to_bottom,rgba(255,255,255,0.04)_1px,transparent_1px)] bg-[size:48px_48px]" />
    </div>
  );
}

/** The dark band a hero stands on: the section its h1 (`{id}-title`) names, over the brand glows. */
export function DarkHeroSection({ id, children }: { id: string; children: ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="relative isolate overflow-hidden bg-brand-950 text-white"
    >
      <HeroBackdrop />
      {children}
    </section>
  );
}

/** A hero's lead paragraph, under its h1. */
export function HeroLead({ text }: { text: Maybe<string> }) {
  return text ? (
    <p className="mx-auto mt-6 max-w-2xl text-pretty text-lg leading-relaxed text-brand-100 sm:text-xl">
      {typesetText(text)}
    </p>
  ) : null;
}

/** The row of buttons under a dark hero or closing call to action: centred, stacked on phones. */
export function HeroActions({ children }: { children?: ReactNode }) {
  return children ? (
    <div className="mt-8 flex flex-col items-center justify-center gap-4 sm:flex-row">{children}</div>
  ) : null;
}

export function PageHero({
  id,
  badge,
  title,
  lead,
  children,
}: {
  id: string;
  badge?: Maybe<string>;
  title: Maybe<string>;
  lead?: Maybe<string>;
  children?: ReactNode;
}) {
  return (
    <DarkHeroSection id={id}>
      <div className="mx-auto w-full max-w-4xl px-4 pb-16 pt-14 text-center sm:px-6 sm:pb-20 sm:pt-20 lg:px-8">
        {badge ? <Eyebrow tone="dark">{badge}</Eyebrow> : null}
        <h1
          id={`${id}-title`}
          className={`text-balance text-4xl font-extrabold leading-tight tracking-tight sm:text-5xl ${badge ? "mt-5" : ""}`}
        >
          {title}
        </h1>
        <HeroLead text={lead} />
        <HeroActions>{children}</HeroActions>
      </div>
    </DarkHeroSection>
  );
}
