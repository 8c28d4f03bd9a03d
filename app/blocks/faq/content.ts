/** The FAQ block: referenced FAQ items (deleted ones drop out); shown with at least one question. */
import * as v from "valibot";

import { filledText, listWithOne, optionalText } from "../shapes";

export const usable = v.object({
  heading: optionalText(),
  items: listWithOne(v.object({ question: filledText(), answer: optionalText() })),
});
