/**
 * A page band: vertical rhythm, background tone and the landmark wiring. A band named by its heading
 * (`labelledBy`) is a <section> landmark; a band without a heading (a stats strip, the frame around a
 * form that names itself) is a plain <div>, so no landmark goes without a name.
 */
import type { ReactNode } from "react";

import { SectionHeading } from "./SectionHeading";

const TONES = {
  white: "bg-white",
  muted: "bg-slate-50",
  dark: "bg-brand-950 text-white",
} as const;

export function Section({
  id,
  labelledBy,
  tone = "white",
  width = "default",
  className = "",
  children,
}: {
  id?: string;
  labelledBy?: string;
  tone?: keyof typeof TONES;
  width?: "default" | "narrow";
  className?: string;
  children: ReactNode;
}) {
  const widths = { default: "max-w-6xl", narrow: "max-w-3xl" } as const;
  const Band = labelledBy ? "section" : "div";
  return (
    <Band id={id} aria-labelledby={labelledBy} className={`${TONES[tone]} py-16 sm:py-20 lg:py-24 ${className}`}>
      <div className={`mx-auto w-full ${widths[width]} px-4 sm:px-6 lg:px-8`}>{children}</div>
    </Band>
  );
}

/** A band opened by its heading and intro; the heading (`{id}-title`) names the landmark. */
export function HeadedSection({
  id,
  heading,
  intro,
  children,
  ...band
}: {
  id: string;
  heading: string | null | undefined;
  intro?: string | null;
  tone?: keyof typeof TONES;
  width?: "default" | "narrow";
  children: ReactNode;
}) {
  return (
    <Section id={id} labelledBy={`${id}-title`} {...band}>
      <SectionHeading id={`${id}-title`} title={heading} intro={intro} />
      {children}
    </Section>
  );
}
