/** A heading over a two-column list of included items, each with a check mark. */
import { IconMark } from "~/components/ui/Icon";
import { HeadedSection } from "~/components/ui/Section";

import type { ListSectionProps } from "./content-shapes";

export function Checklist({ items, tone = "muted", ...band }: ListSectionProps<string>) {
  return (
    <HeadedSection tone={tone} {...band}>
      <ul className="mx-auto mt-12 grid max-w-5xl gap-4 md:grid-cols-2">
        {(items ?? []).map((item, index) => (
          <li
            key={`${index}-${item}`}
            className="flex items-start gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
          >
            <IconMark
              name="check"
              className="grid h-8 w-8 shrink-0 place-items-center rounded-full bg-emerald-100 text-emerald-700"
              iconClassName="h-4 w-4"
            />
            <span className="pt-1 font-medium text-ink">{item}</span>
          </li>
        ))}
      </ul>
    </HeadedSection>
  );
}
