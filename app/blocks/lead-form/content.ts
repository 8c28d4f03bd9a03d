/** The lead form block: its texts and the optional fields it asks for. Always shown. */
import * as v from "valibot";

import { maybe, optionalText } from "../shapes";

export const usable = v.object({
  heading: optionalText(),
  text: optionalText(),
  fields: maybe(v.array(v.string())),
  submitLabel: optionalText(),
  successTitle: optionalText(),
  successText: optionalText(),
});
