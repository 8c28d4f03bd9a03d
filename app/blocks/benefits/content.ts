/** The benefits block: cards with an icon; shown with its heading and at least one card that has a title. */
import * as z from "zod/mini";

import { filledText, listWithOne, optionalText } from "../shapes";

export const BENEFITS_BLOCK = `_type == "benefitsBlock" => { heading, intro, items }` as const;

export const usable = z.object({
  heading: filledText(),
  intro: optionalText(),
  items: listWithOne(z.object({ title: filledText(), description: optionalText(), icon: optionalText() })),
});
