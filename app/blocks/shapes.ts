/**
 * The Valibot pieces the blocks' `usable` checks are made of (app/blocks/<block>/content.ts). A block's
 * check says when what the query read can be shown: its required fields are there and every field it
 * reads has the type the component expects. A block that fails is left out of the page (usable-blocks.server.ts).
 */
import * as v from "valibot";

/** Absent, null, or of the given type. */
export const maybe = <T extends v.GenericSchema>(schema: T) => v.nullish(schema);

/** A string with something in it. */
export const filledText = () =>
  v.pipe(
    v.string(),
    v.check((value: string) => value.trim() !== ""),
  );

/** An optional one-line or paragraph text. */
export const optionalText = () => maybe(v.string());

/** A button (the component shows it only with both its label and its target). */
export const ctaShape = () => maybe(v.object({ label: optionalText(), href: optionalText() }));

/** An image as the IMAGE fragment projects it: usable once it has an asset. */
export const imageShape = () =>
  maybe(
    v.object({
      alt: optionalText(),
      asset: maybe(v.object({ _id: maybe(v.string()), url: maybe(v.string()) })),
    }),
  );

/** A list with at least one entry that `entry` accepts (null entries, such as deleted references, are dropped). */
export const listWithOne = <T extends v.GenericSchema>(entry: T) =>
  v.pipe(
    v.array(v.nullable(v.unknown())),
    v.check((items: unknown[]) => items.some((item) => item !== null && v.safeParse(entry, item).success)),
  );
