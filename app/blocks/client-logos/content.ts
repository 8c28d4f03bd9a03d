/** The client logos block: shown with at least one logo that has a picture. */
import * as z from "zod/mini";

import { IMAGE } from "../../content/fragments";
import { filledText, listWithOne, optionalText } from "../shapes";

export const CLIENT_LOGOS_BLOCK = `_type == "clientLogosBlock" => { heading, logos[]{_key, ${IMAGE}} }` as const;

export const usable = z.object({
  heading: optionalText(),
  logos: listWithOne(z.object({ alt: optionalText(), asset: z.object({ url: filledText() }) })),
});
