/** The steps block: shown with its heading and at least one step that has a title. */
import * as z from "zod/mini";

import { filledText, listWithOne, optionalText } from "../shapes";

export const STEPS_BLOCK = `_type == "stepsBlock" => { heading, intro, steps }` as const;

export const usable = z.object({
  heading: filledText(),
  intro: optionalText(),
  steps: listWithOne(z.object({ title: filledText(), description: optionalText(), duration: optionalText() })),
});
