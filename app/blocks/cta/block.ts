/** The call to action block: shown with a heading or a complete button. */
import { LINK_HREF } from "../../content/fragments";
import { defineBlock } from "../definition";

export default defineBlock({
  type: "ctaBlock",
  fragment: `_type == "ctaBlock" => { heading, text, cta{label, ${LINK_HREF}} }`,
  check: () => import("./content").then((module) => module.usable),
  component: () => import("./CtaBlock").then((module) => module.CtaBlock),
  props: (block, { id }) => ({ block, id }),
  hydration: "server-html",
});
