/** The steps block: shown with its heading and at least one step that has a title. */
import { defineBlock } from "../definition";

export const STEPS_BLOCK = `_type == "stepsBlock" => { heading, intro, steps }` as const;

export default defineBlock({
  type: "stepsBlock",
  fragment: STEPS_BLOCK,
  check: () => import("./content").then((module) => module.usable),
  component: () => import("./StepsBlock").then((module) => module.StepsBlock),
  props: (block, { id }) => ({ block, id }),
  hydration: "server-html",
});
