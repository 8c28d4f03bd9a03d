/** The FAQ block: referenced FAQ items (deleted ones drop out); shown with at least one question. */
import * as z from "zod/mini";

import { FAQ_ITEM } from "../../content/fragments";
import { filledText, listWithOne, optionalText } from "../shapes";

export const FAQ_BLOCK = `_type == "faqBlock" => { heading, "items": items[]->{${FAQ_ITEM}} }` as const;

export const usable = z.object({
  heading: optionalText(),
  items: listWithOne(z.object({ question: filledText(), answer: optionalText() })),
});
