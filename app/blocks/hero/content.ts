/** The hero block: what it reads (GROQ) and when it can be shown (it needs its heading, the page's <h1>). */
import * as v from "valibot";

import { ctaShape, filledText, imageShape, optionalText } from "../shapes";

export const usable = v.object({
  heading: filledText(),
  badge: optionalText(),
  text: optionalText(),
  cta: ctaShape(),
  image: imageShape(),
});
