/**
 * The zod pieces the blocks' `usable` checks are made of (app/blocks/<block>/content.ts). A block's
 * check says when what the query read can be shown: its required fields are there and every field it
 * reads has the type the component expects. A block that fails is left out of the page (registry.server.ts).
 */
import * as z from "zod/mini";

/** Absent, null, or of the given type. */
export const maybe = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema));

/** A string with something in it. */
export const filledText = () => z.string().check(z.refine((value) => value.trim() !== ""));

/** An optional one-line or paragraph text. */
export const optionalText = () => maybe(z.string());

/** A button (the component shows it only with both its label and its target). */
export const ctaShape = () => maybe(z.object({ label: optionalText(), href: optionalText() }));

/** An image as the IMAGE fragment projects it: usable once it has an asset. */
export const imageShape = () =>
  maybe(
    z.object({
      alt: optionalText(),
      asset: maybe(z.object({ _id: maybe(z.string()), url: maybe(z.string()) })),
    }),
  );

/** A list with at least one entry that `entry` accepts (null entries, such as deleted references, are dropped). */
export const listWithOne = <T extends z.ZodMiniType>(entry: T) =>
  z
    .array(z.nullable(z.unknown()))
    .check(z.refine((items) => items.some((item) => item !== null && z.safeParse(entry, item).success)));
