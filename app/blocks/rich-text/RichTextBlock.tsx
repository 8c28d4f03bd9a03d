/** Rich text from the editor: paragraphs, headings, lists and links. */
import { PortableText, type PortableTextValue } from "~/components/ui/PortableText";
import { Section } from "~/components/ui/Section";

import type { BlockOf } from "../types";

export function RichTextBlock({ block, id }: { block: BlockOf<"richTextBlock">; id: string }) {
  return (
    <Section id={id} width="narrow">
      <PortableText value={block.body as PortableTextValue} className="text-lg text-ink-soft" />
    </Section>
  );
}
