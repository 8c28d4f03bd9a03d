/** The call to action block: shown with a heading or a complete button. */
import * as z from "zod/mini";

import { ctaShape, filledText, optionalText } from "../shapes";

export const CTA_BLOCK = `_type == "ctaBlock" => { heading, text, cta{label, href} }` as const;

export const usable = z.union([
  z.object({ heading: filledText(), text: optionalText(), cta: ctaShape() }),
  z.object({
    heading: optionalText(),
    text: optionalText(),
    cta: z.object({ label: filledText(), href: filledText() }),
  }),
]);
