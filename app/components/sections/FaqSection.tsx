/**
 * Questions and answers in a single-open, collapsible accordion. The page's `meta` adds the matching
 * FAQPage structured data with `faqPageJsonLd` (app/lib/faq-jsonld.ts).
 */
import { Accordion, AccordionItem } from "~/components/ui/Accordion";
import { HeadedSection } from "~/components/ui/Section";
import { typesetText } from "~/components/ui/typeset";

import { type FaqContent, itemKey, type ListSectionProps } from "./content-shapes";

export function FaqSection({ items, tone = "muted", ...band }: ListSectionProps<FaqContent>) {
  const entries = (items ?? []).filter((item) => item.question);
  return (
    <HeadedSection tone={tone} width="narrow" {...band}>
      <div className="mt-10">
        <Accordion>
          {entries.map((item, index) => (
            <AccordionItem key={itemKey(item, index)} title={item.question}>
              <p className="whitespace-pre-line">{typesetText(item.answer)}</p>
            </AccordionItem>
          ))}
        </Accordion>
      </div>
    </HeadedSection>
  );
}
