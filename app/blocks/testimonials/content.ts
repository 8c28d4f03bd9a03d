/** The testimonials block: shown with its heading and at least one quote that names who said it. */
import * as v from "valibot";

import { filledText, listWithOne, optionalText } from "../shapes";

export const usable = v.object({
  heading: filledText(),
  items: listWithOne(
    v.object({ quote: filledText(), name: filledText(), role: optionalText(), company: optionalText() }),
  ),
});
