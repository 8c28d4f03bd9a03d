/** The steps block: shown with its heading and at least one step that has a title. */
import { defineBlock } from "../definition";

export default defineBlock({
  type: "stepsBlock",
  fragment: `_type == "stepsBlock" => { heading, intro, steps }`,
  check: () => import("./content").then((module) => module.usable),
  component: () => import("./StepsBlock").then((module) => module.StepsBlock),
  props: (block, { id }) => ({ block, id }),
  hydration: "server-html",
});
