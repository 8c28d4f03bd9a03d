/** The rich text block: its Portable Text body, shown when it has at least one block. */
import { LINK_HREF } from "../../content/fragments";
import { defineBlock } from "../definition";

export default defineBlock({
  type: "richTextBlock",
  fragment: `_type == "richTextBlock" => { body[]{..., markDefs[]{..., defined(page) => {${LINK_HREF}}}} }`,
  check: () => import("./content").then((module) => module.usable),
  component: () => import("./RichTextBlock").then((module) => module.RichTextBlock),
  props: (block, { id }) => ({ block, id }),
  hydration: "server-html",
});
