/**
 * /borrador: the draft contract's sections, each a numbered heading and its Portable Text body, with
 * an index of the sections that links to each one (router links, see LegalDocuments.tsx).
 */

import { PortableText, type PortableTextValue } from "~/components/ui/PortableText";

import { itemKey, type List, type Maybe } from "../content-shapes";

export interface ContractSectionContent {
  _key?: string;
  heading?: Maybe<string>;
  body?: PortableTextValue;
}

export function contractSectionId(index: number): string {
  return `clausula-${index + 1}`;
}

export function ContractSections({
  sections,
  indexLabelledBy,
}: {
  sections: List<ContractSectionContent>;
  indexLabelledBy: string;
}) {
  const list = sections ?? [];
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-16 lg:px-8">
      <nav aria-labelledby={indexLabelledBy} className="lg:sticky lg:top-24 lg:self-start">
        <ol className="grid grid-cols-2 gap-1 rounded-2xl border border-slate-200 bg-slate-50 p-2 text-sm sm:p-3 lg:grid-cols-1">
          {list.map((section, index) => (
            <li key={itemKey(section, index)}>
              <a
                href={`#${contractSectionId(index)}`}
                className="flex min-h-[40px] items-center rounded-lg px-2 py-1 font-medium leading-snug text-ink-soft hover:bg-white hover:text-brand-700 sm:px-3"
              >
                {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="max-w-3xl">
        {list.map((section, index) => (
          <section
            key={itemKey(section, index)}
            id={contractSectionId(index)}
            aria-labelledby={`${contractSectionId(index)}-title`}
            className={index > 0 ? "mt-10 border-t border-slate-200 pt-10" : undefined}
          >
            <h2 id={`${contractSectionId(index)}-title`} className="text-2xl font-bold tracking-tight text-ink">
              {section.heading}
            </h2>
            <PortableText value={section.body} className="mt-4" />
          </section>
        ))}
      </div>
    </div>
  );
}
