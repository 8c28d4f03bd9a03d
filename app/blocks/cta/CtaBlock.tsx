/** A call to action band: heading, text and one button. */
import { FinalCta } from "~/components/sections/FinalCta";
import { optionalCta } from "~/components/ui/CtaLink";

import type { BlockOf } from "../types";

export function CtaBlock({ block, id }: { block: BlockOf<"ctaBlock">; id: string }) {
  return (
    <FinalCta id={id} heading={block.heading} text={block.text}>
      {block.cta?.href ? optionalCta(block.cta.label, block.cta.href, { variant: "onDark", size: "hero" }) : null}
    </FinalCta>
  );
}
