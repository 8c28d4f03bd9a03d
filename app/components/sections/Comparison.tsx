/** Traditional advertising against the fixed price per lead, side by side. */
import type { ReactNode } from "react";

import { IconMark, type IconName } from "~/components/ui/Icon";
import { Section } from "~/components/ui/Section";
import { SectionHeading } from "~/components/ui/SectionHeading";
import type { LandingPageQueryResult } from "~/content/sanity.types";

import type { Maybe } from "./content-shapes";

export type ComparisonColumn = NonNullable<LandingPageQueryResult>["comparison"]["ours"];

/** How each side is drawn: the traditional way muted with crosses, ours highlighted with checks. */
const LOOKS = {
  traditional: {
    box: "rounded-2xl border border-slate-200 bg-slate-50 p-6 sm:p-8",
    title: "text-xl font-semibold text-ink-soft",
    point: "flex gap-3 text-ink-soft",
    icon: "x",
    mark: "mt-0.5 grid h-6 w-6 shrink-0 place-items-center rounded-full bg-rose-100 text-rose-700",
  },
  ours: {
    box: "relative rounded-2xl border-2 border-brand-600 bg-white p-6 shadow-xl shadow-brand-600/10 sm:p-8",
    title: "text-xl font-semibold text-brand-800",
    point: "flex gap-3 font-medium text-ink",
    icon: "check",
    mark: "mt-0.5 grid h-6 w-6 shrink-0 place-items-center rounded-full bg-emerald-100 text-emerald-700",
  },
} satisfies Record<string, { box: string; title: string; point: string; icon: IconName; mark: string }>;

function ComparisonList({
  column,
  look,
}: {
  column: Maybe<ComparisonColumn>;
  look: (typeof LOOKS)[keyof typeof LOOKS];
}) {
  return (
    <div className={look.box}>
      <h3 className={look.title}>{column?.title}</h3>
      <ul className="mt-6 space-y-4">
        {(column?.points ?? []).map((point, index) => (
          <li key={`${index}-${point}`} className={look.point}>
            <IconMark name={look.icon} className={look.mark} iconClassName="h-3.5 w-3.5" />
            {point}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Comparison({
  id,
  heading,
  intro,
  traditional,
  ours,
  action,
}: {
  id: string;
  heading: Maybe<string>;
  intro?: Maybe<string>;
  traditional: Maybe<ComparisonColumn>;
  ours: Maybe<ComparisonColumn>;
  action?: ReactNode;
}) {
  return (
    <Section id={id} labelledBy={`${id}-title`}>
      <SectionHeading id={`${id}-title`} title={heading} intro={intro} />
      <div className="mx-auto mt-12 grid max-w-5xl gap-6 md:grid-cols-2">
        <ComparisonList column={traditional} look={LOOKS.traditional} />
        <ComparisonList column={ours} look={LOOKS.ours} />
      </div>
      {action ? <div className="mt-12 flex justify-center">{action}</div> : null}
    </Section>
  );
}
