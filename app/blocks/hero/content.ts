/** The hero block: what it reads (GROQ) and when it can be shown (it needs its heading, the page's <h1>). */
import * as v from "valibot";

import { IMAGE } from "../../content/fragments";
import { ctaShape, filledText, imageShape, optionalText } from "../shapes";

export const HERO_BLOCK =
  `_type == "heroBlock" => { badge, heading, text, cta{label, href}, image{${IMAGE}} }` as const;

export const usable = v.object({
  heading: filledText(),
  badge: optionalText(),
  text: optionalText(),
  cta: ctaShape(),
  image: imageShape(),
});
