/** The rich text block: its Portable Text body, shown when it has at least one block. */
import { defineBlock } from "../definition";

export const RICH_TEXT_BLOCK = `_type == "richTextBlock" => { body }` as const;

export default defineBlock({
  type: "richTextBlock",
  fragment: RICH_TEXT_BLOCK,
  check: () => import("./content").then((module) => module.usable),
  component: () => import("./RichTextBlock").then((module) => module.RichTextBlock),
  props: (block, { id }) => ({ block, id }),
  hydration: "server-html",
});
