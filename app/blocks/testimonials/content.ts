/** The testimonials block: shown with its heading and at least one quote that names who said it. */
import * as z from "zod/mini";

import { filledText, listWithOne, optionalText } from "../shapes";

export const TESTIMONIALS_BLOCK = `_type == "testimonialsBlock" => { heading, items }` as const;

export const usable = z.object({
  heading: filledText(),
  items: listWithOne(
    z.object({ quote: filledText(), name: filledText(), role: optionalText(), company: optionalText() }),
  ),
});
