/** The closing call to action: a dark panel with a heading, a line of text and one or two actions. */
import type { ReactNode } from "react";

import { Section } from "~/components/ui/Section";
import { typesetText } from "~/components/ui/typeset";

import type { Maybe } from "./content-shapes";
import { HeroActions, HeroBackdrop } from "./PageHero";

export function FinalCta({
  id,
  heading,
  text,
  children,
  tone = "white",
}: {
  id: string;
  heading: Maybe<string>;
  text?: Maybe<string>;
  children?: ReactNode;
  tone?: "white" | "muted";
}) {
  return (
    <Section id={id} labelledBy={`${id}-title`} tone={tone}>
      <div className="relative isolate overflow-hidden rounded-3xl bg-brand-950 px-4 py-12 text-center text-white shadow-2xl shadow-brand-900/20 sm:px-12 sm:py-16">
        <HeroBackdrop />
        <h2 id={`${id}-title`} className="mx-auto max-w-3xl text-balance text-3xl font-bold tracking-tight sm:text-4xl">
          {heading}
        </h2>
        {text ? (
          <p className="mx-auto mt-4 max-w-2xl text-pretty text-lg leading-relaxed text-brand-100">
            {typesetText(text)}
          </p>
        ) : null}
        <HeroActions>{children}</HeroActions>
      </div>
    </Section>
  );
}
