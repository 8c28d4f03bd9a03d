/** The rich text block: its Portable Text body, shown when it has at least one block. */
import * as v from "valibot";

export const usable = v.object({ body: v.pipe(v.array(v.object({ _type: v.string() })), v.minLength(1)) });
