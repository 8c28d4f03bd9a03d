/** The FAQ block: referenced FAQ items (deleted ones drop out); shown with at least one question. */
import * as v from "valibot";

import { FAQ_ITEM } from "../../content/fragments";
import { filledText, listWithOne, optionalText } from "../shapes";

export const FAQ_BLOCK = `_type == "faqBlock" => { heading, "items": items[]->{${FAQ_ITEM}} }` as const;

export const usable = v.object({
  heading: optionalText(),
  items: listWithOne(v.object({ question: filledText(), answer: optionalText() })),
});
