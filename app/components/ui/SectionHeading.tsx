/** The heading block that opens a section: optional eyebrow badge, the heading and an intro line. */
import type { ReactNode } from "react";

import { typesetText } from "~/components/ui/typeset";

type HeadingLevel = "h1" | "h2" | "h3";

export function SectionHeading({
  id,
  eyebrow,
  title,
  intro,
  as: Tag = "h2",
  align = "center",
  tone = "light",
}: {
  id?: string;
  eyebrow?: ReactNode;
  title: ReactNode;
  intro?: ReactNode;
  as?: HeadingLevel;
  align?: "center" | "left";
  tone?: "light" | "dark";
}) {
  const centered = align === "center";
  const onDark = tone === "dark";
  return (
    <div className={centered ? "mx-auto max-w-3xl text-center" : "max-w-3xl"}>
      {eyebrow ? <Eyebrow tone={tone}>{eyebrow}</Eyebrow> : null}
      <Tag
        id={id}
        className={`text-balance text-3xl font-bold tracking-tight sm:text-4xl ${eyebrow ? "mt-4" : ""} ${
          onDark ? "text-white" : "text-ink"
        }`}
      >
        {typesetText(title)}
      </Tag>
      {intro ? (
        <p className={`mt-4 text-pretty text-lg leading-relaxed ${onDark ? "text-brand-100" : "text-ink-soft"}`}>
          {typesetText(intro)}
        </p>
      ) : null}
    </div>
  );
}

export function Eyebrow({ children, tone = "light" }: { children: ReactNode; tone?: "light" | "dark" }) {
  return (
    <p
      className={`inline-flex items-center gap-2 rounded-full px-3 py-1 text-sm font-semibold ${
        tone === "dark"
          ? "bg-white/10 text-brand-100 ring-1 ring-inset ring-white/20"
          : "bg-brand-50 text-brand-700 ring-1 ring-inset ring-brand-100"
      }`}
    >
      {children}
    </p>
  );
}
