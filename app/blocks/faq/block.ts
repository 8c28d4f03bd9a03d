/** The FAQ block: referenced FAQ items (deleted ones drop out); shown with at least one question. */
import { FAQ_ITEM } from "../../content/fragments";
import { defineBlock } from "../definition";

export default defineBlock({
  type: "faqBlock",
  fragment: `_type == "faqBlock" => { heading, "items": items[]->{${FAQ_ITEM}} }`,
  check: () => import("./content").then((module) => module.usable),
  component: () => import("./FaqBlock").then((module) => module.FaqBlock),
  props: (block, { id }) => ({ block, id }),
  hydration: "server-html",
});
