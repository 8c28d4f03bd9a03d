/** The call to action block: shown with a heading or a complete button. */
import { defineBlock } from "../definition";

export const CTA_BLOCK = `_type == "ctaBlock" => { heading, text, cta{label, href} }` as const;

export default defineBlock({
  type: "ctaBlock",
  fragment: CTA_BLOCK,
  check: () => import("./content").then((module) => module.usable),
  component: () => import("./CtaBlock").then((module) => module.CtaBlock),
  props: (block, { id }) => ({ block, id }),
  hydration: "server-html",
});
