/** The testimonials block: shown with its heading and at least one quote that names who said it. */
import { defineBlock } from "../definition";

export const TESTIMONIALS_BLOCK = `_type == "testimonialsBlock" => { heading, items }` as const;

export default defineBlock({
  type: "testimonialsBlock",
  fragment: TESTIMONIALS_BLOCK,
  check: () => import("./content").then((module) => module.usable),
  component: () => import("./TestimonialsBlock").then((module) => module.TestimonialsBlock),
  props: (block, { id }) => ({ block, id }),
  hydration: "server-html",
});
