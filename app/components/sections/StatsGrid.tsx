/** Key figures as cards ('150%' ROI mínimo garantizado …). */
import { Section } from "~/components/ui/Section";
import { typesetText } from "~/components/ui/typeset";

import { itemKey, type List, type StatContent } from "./content-shapes";

export function StatsGrid({ id, stats }: { id: string; stats: List<StatContent> }) {
  return (
    <Section id={id} className="!py-12 sm:!py-16">
      <dl className="grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-4">
        {(stats ?? []).map((stat, index) => (
          <div
            key={itemKey(stat, index)}
            className="flex flex-col-reverse justify-end rounded-2xl border border-slate-200 bg-white p-5 text-center shadow-sm shadow-slate-200/60 sm:p-6"
          >
            <dt className="mt-2 text-sm font-medium leading-snug text-ink-soft sm:text-base">{stat.label}</dt>
            <dd className="text-3xl font-extrabold tracking-tight text-brand-700 sm:text-4xl">
              {typesetText(stat.value)}
            </dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}
