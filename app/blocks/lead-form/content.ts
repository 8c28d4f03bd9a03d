/** The lead form block: its texts and the optional fields it asks for. Always shown. */
import * as z from "zod/mini";

import { maybe, optionalText } from "../shapes";

export const LEAD_FORM_BLOCK =
  `_type == "leadFormBlock" => { heading, text, fields, submitLabel, successTitle, successText }` as const;

export const usable = z.object({
  heading: optionalText(),
  text: optionalText(),
  fields: maybe(z.array(z.string())),
  submitLabel: optionalText(),
  successTitle: optionalText(),
  successText: optionalText(),
});
