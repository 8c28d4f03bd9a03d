/** The rich text block: its Portable Text body, shown when it has at least one block. */
import * as z from "zod/mini";

export const RICH_TEXT_BLOCK = `_type == "richTextBlock" => { body }` as const;

export const usable = z.object({ body: z.array(z.object({ _type: z.string() })).check(z.minLength(1)) });
