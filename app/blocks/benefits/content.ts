/** The benefits block: cards with an icon; shown with its heading and at least one card that has a title. */
import * as v from "valibot";

import { filledText, listWithOne, optionalText } from "../shapes";

export const usable = v.object({
  heading: filledText(),
  intro: optionalText(),
  items: listWithOne(v.object({ title: filledText(), description: optionalText(), icon: optionalText() })),
});
