/** Numbered steps, in the site's step cards. */
import { StepsSection } from "~/components/sections/StepsSection";

import type { BlockOf } from "../types";

export function StepsBlock({ block, id }: { block: BlockOf<"stepsBlock">; id: string }) {
  return (
    <StepsSection id={id} heading={block.heading} intro={block.intro} steps={(block.steps ?? []).filter(Boolean)} />
  );
}
