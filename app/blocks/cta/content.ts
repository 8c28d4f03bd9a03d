/** The call to action block: shown with a heading or a complete button. */
import * as v from "valibot";

import { ctaShape, filledText, optionalText } from "../shapes";

export const usable = v.union([
  v.object({ heading: filledText(), text: optionalText(), cta: ctaShape() }),
  v.object({
    heading: optionalText(),
    text: optionalText(),
    cta: v.object({ label: filledText(), href: filledText() }),
  }),
]);
