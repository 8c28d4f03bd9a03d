/** The end of a sector page: links to a few other sectors (app/domain/related-sectors.ts chooses them). */

import { Icon } from "~/components/ui/Icon";
import { Section } from "~/components/ui/Section";
import { SectionHeading } from "~/components/ui/SectionHeading";

import type { Maybe } from "../content-shapes";

export interface RelatedSectorLink {
  slug: string | null;
  sectorName: string | null;
  tooltip?: string | null;
}

export function RelatedSectors({
  id,
  heading,
  sectors,
}: {
  id: string;
  heading: Maybe<string>;
  sectors: ReadonlyArray<RelatedSectorLink>;
}) {
  if (sectors.length === 0 || !heading) return null;
  return (
    <Section id={id} labelledBy={`${id}-title`}>
      <SectionHeading id={`${id}-title`} title={heading} />
      <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {sectors.map((sector) => (
          <li key={sector.slug}>
            <a
              href={`/sectores/${sector.slug}`}
              className="flex h-full flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm shadow-slate-200/60 hover:border-brand-300 hover:shadow-md"
            >
              <span className="flex items-center justify-between gap-2 font-semibold text-ink">
                {sector.sectorName}
                <Icon name="arrow-right" className="h-5 w-5 shrink-0 text-brand-600" />
              </span>
              {sector.tooltip ? <span className="text-sm text-ink-soft">{sector.tooltip}</span> : null}
            </a>
          </li>
        ))}
      </ul>
    </Section>
  );
}
