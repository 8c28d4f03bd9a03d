/** The lead form block: its texts and the optional fields it asks for. Always shown. */
import { defineBlock } from "../definition";

export default defineBlock({
  type: "leadFormBlock",
  fragment: `_type == "leadFormBlock" => { heading, text, fields, submitLabel, successTitle, successText }`,
  check: () => import("./content").then((module) => module.usable),
  component: () => import("./LeadFormBlock").then((module) => module.LeadFormBlock),
  props: (block, { id, formTexts }) => ({ block, id, formTexts }),
  hydration: "on-interaction",
  oncePerPage: true,
});
