/**
 * Questions and answers in a single-open, collapsible accordion. The page's `meta` adds the matching
 * FAQPage structured data with `faqPageJsonLd` (app/lib/faq-jsonld.ts).
 */
import { Accordion, AccordionItem } from "~/components/ui/Accordion";
import { Section } from "~/components/ui/Section";
import { SectionHeading } from "~/components/ui/SectionHeading";
import { typesetText } from "~/components/ui/typeset";
import { itemKey, type FaqContent, type List, type Maybe } from "./content-shapes";

export function FaqSection({
  id,
  heading,
  intro,
  items,
  tone = "muted",
}: {
  id: string;
  heading: Maybe<string>;
  intro?: Maybe<string>;
  items: List<FaqContent>;
  tone?: "white" | "muted";
}) {
  const entries = (items ?? []).filter((item) => item.question);
  return (
    <Section id={id} labelledBy={`${id}-title`} tone={tone} width="narrow">
      <SectionHeading id={`${id}-title`} title={heading} intro={intro} />
      <div className="mt-10">
        <Accordion>
          {entries.map((item, index) => (
            <AccordionItem key={itemKey(item, index)} value={itemKey(item, index)} title={item.question}>
              <p className="whitespace-pre-line">{typesetText(item.answer)}</p>
            </AccordionItem>
          ))}
        </Accordion>
      </div>
    </Section>
  );
}
