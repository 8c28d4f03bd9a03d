/** The lead form block: its texts and the optional fields it asks for. Always shown. */
import { defineBlock } from "../definition";

export const LEAD_FORM_BLOCK =
  `_type == "leadFormBlock" => { heading, text, fields, submitLabel, successTitle, successText }` as const;

export default defineBlock({
  type: "leadFormBlock",
  fragment: LEAD_FORM_BLOCK,
  check: () => import("./content").then((module) => module.usable),
  component: () => import("./LeadFormBlock").then((module) => module.LeadFormBlock),
  props: (block, { id, formTexts }) => ({ block, id, formTexts }),
  hydration: "on-interaction",
  oncePerPage: true,
});
