/** The benefits block: cards with an icon; shown with its heading and at least one card that has a title. */
import { defineBlock } from "../definition";

export default defineBlock({
  type: "benefitsBlock",
  fragment: `_type == "benefitsBlock" => { heading, intro, items }`,
  check: () => import("./content").then((module) => module.usable),
  component: () => import("./BenefitsBlock").then((module) => module.BenefitsBlock),
  props: (block, { id }) => ({ block, id }),
  hydration: "server-html",
});
