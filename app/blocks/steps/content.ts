/** The steps block: shown with its heading and at least one step that has a title. */
import * as v from "valibot";

import { filledText, listWithOne, optionalText } from "../shapes";

export const usable = v.object({
  heading: filledText(),
  intro: optionalText(),
  steps: listWithOne(v.object({ title: filledText(), description: optionalText(), duration: optionalText() })),
});
