/** Benefits as the site's feature cards, each with its icon. */
import { FeatureGrid } from "~/components/sections/FeatureGrid";

import type { BlockOf } from "../types";

export function BenefitsBlock({ block, id }: { block: BlockOf<"benefitsBlock">; id: string }) {
  return (
    <FeatureGrid id={id} heading={block.heading} intro={block.intro} items={(block.items ?? []).filter(Boolean)} />
  );
}
