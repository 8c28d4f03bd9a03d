/** Why the sector needs this approach: the explanation's title beside its Portable Text paragraphs. */
import { PortableText, type PortableTextValue } from "~/components/ui/PortableText";
import { Section } from "~/components/ui/Section";

import type { Maybe } from "../content-shapes";

export function SectorExplanation({
  id,
  title,
  paragraphs,
}: {
  id: string;
  title: Maybe<string>;
  paragraphs: PortableTextValue;
}) {
  return (
    <Section id={id} labelledBy={`${id}-title`}>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-16">
        <div>
          <span aria-hidden="true" className="block h-1.5 w-16 rounded-full bg-brand-600" />
          <h2 id={`${id}-title`} className="mt-6 text-balance text-3xl font-bold tracking-tight text-ink sm:text-4xl">
            {title}
          </h2>
        </div>
        <PortableText value={paragraphs} />
      </div>
    </Section>
  );
}
