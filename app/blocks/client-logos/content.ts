/** The client logos block: shown with at least one logo that has a picture. */
import * as v from "valibot";

import { filledText, listWithOne, optionalText } from "../shapes";

export const usable = v.object({
  heading: optionalText(),
  logos: listWithOne(v.object({ alt: optionalText(), asset: v.object({ url: filledText() }) })),
});
