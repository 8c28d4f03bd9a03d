/** Questions and answers from FAQ documents, in the site's accordion (open without JavaScript). */
import { FaqSection } from "~/components/sections/FaqSection";

import type { BlockOf } from "../types";

export function FaqBlock({ block, id }: { block: BlockOf<"faqBlock">; id: string }) {
  const items = (block.items ?? []).filter((item) => item?.question);
  return <FaqSection id={id} heading={block.heading} items={items} />;
}
