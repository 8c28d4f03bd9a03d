/** The testimonials block: shown with its heading and at least one quote that names who said it. */
import { defineBlock } from "../definition";

export default defineBlock({
  type: "testimonialsBlock",
  fragment: `_type == "testimonialsBlock" => { heading, items }`,
  check: () => import("./content").then((module) => module.usable),
  component: () => import("./TestimonialsBlock").then((module) => module.TestimonialsBlock),
  props: (block, { id }) => ({ block, id }),
  hydration: "server-html",
});
