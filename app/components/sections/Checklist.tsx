/** A heading over a two-column list of included items, each with a check mark. */
import { Icon } from "~/components/ui/Icon";
import { Section } from "~/components/ui/Section";
import { SectionHeading } from "~/components/ui/SectionHeading";
import type { List, Maybe } from "./content-shapes";

export function Checklist({
  id,
  heading,
  intro,
  items,
  tone = "muted",
}: {
  id: string;
  heading: Maybe<string>;
  intro?: Maybe<string>;
  items: List<string>;
  tone?: "white" | "muted";
}) {
  return (
    <Section id={id} labelledBy={`${id}-title`} tone={tone}>
      <SectionHeading id={`${id}-title`} title={heading} intro={intro} />
      <ul className="mx-auto mt-12 grid max-w-5xl gap-4 md:grid-cols-2">
        {(items ?? []).map((item, index) => (
          <li
            key={`${index}-${item}`}
            className="flex items-start gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
          >
            <span
              aria-hidden="true"
              className="grid h-8 w-8 shrink-0 place-items-center rounded-full bg-emerald-100 text-emerald-700"
            >
              <Icon name="check" className="h-4 w-4" />
            </span>
            <span className="pt-1 font-medium text-ink">{item}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
