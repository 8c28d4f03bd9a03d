/** The three services for the sector: title, description and their feature bullets. */
import { Card } from "~/components/ui/Card";
import { IconMark } from "~/components/ui/Icon";
import { Section } from "~/components/ui/Section";
import { SectionHeading } from "~/components/ui/SectionHeading";
import { typesetText } from "~/components/ui/typeset";

import { itemKey, type List, type Maybe } from "../content-shapes";
import type { SectorServiceContent } from "./shapes";

export function SectorServices({
  id,
  heading,
  items,
}: {
  id: string;
  heading: Maybe<string>;
  items: List<SectorServiceContent>;
}) {
  return (
    <Section id={id} labelledBy={`${id}-title`}>
      <SectionHeading id={`${id}-title`} title={heading} />
      <ul className="mt-12 grid gap-6 lg:grid-cols-3">
        {(items ?? []).map((service, index) => (
          <Card as="li" key={itemKey(service, index)} className="flex flex-col transition-shadow hover:shadow-md">
            <span
              aria-hidden="true"
              className="grid h-11 w-11 place-items-center rounded-xl bg-brand-600 text-lg font-bold text-white shadow-md shadow-brand-600/25"
            >
              {index + 1}
            </span>
            <h3 className="mt-5 text-xl font-semibold text-ink">{service.title}</h3>
            {service.description ? <p className="mt-2 leading-relaxed text-ink-soft">{service.description}</p> : null}
            {service.features?.length ? (
              <ul className="mt-5 space-y-3 border-t border-slate-100 pt-5">
                {service.features.map((feature, featureIndex) => (
                  <li key={`${featureIndex}-${feature}`} className="flex items-start gap-3 text-ink">
                    <IconMark
                      name="check"
                      className="mt-0.5 grid h-5 w-5 shrink-0 place-items-center rounded-full bg-emerald-100 text-emerald-700"
                      iconClassName="h-3.5 w-3.5"
                    />
                    <span className="leading-snug">{typesetText(feature)}</span>
                  </li>
                ))}
              </ul>
            ) : null}
          </Card>
        ))}
      </ul>
    </Section>
  );
}
