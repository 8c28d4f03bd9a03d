/**
 * The shapes the shared section components read, taken from the Sanity TypeGen types
 * (app/content/sanity.types.ts): a list item is its schema type as a query returns it (with the
 * array's `_key`), so a schema change reaches the components through the types.
 */
import type { FaqItem, Feature, NextStep, Stat, Step } from "~/content/sanity.types";

export type Maybe<T> = T | null | undefined;
export type List<T> = Maybe<ReadonlyArray<T>>;

/** An object-array item of a query result: the schema type, its `_type` optional, with the item's `_key`. */
type ListItem<T extends { _type: string }> = Omit<T, "_type"> & { _type?: T["_type"]; _key?: string };

export type StepContent = ListItem<Step>;
export type FeatureContent = ListItem<Feature>;
export type StatContent = ListItem<Stat>;
/** A next step as /siguiente's query projects it: `linkHref` is the named page's current path or the typed address. */
export type NextStepContent = Pick<NextStep, "title" | "description"> & {
  _key?: string;
  linkLabel?: Maybe<string>;
  linkHref?: Maybe<string>;
};

/** A FAQ item as the queries project it (`items[]->{_id, question, answer}`). */
export type FaqContent = Pick<FaqItem, "_id" | "question" | "answer">;

/** The props of a section that is a heading, an intro and a list of content items. */
export interface ListSectionProps<T> {
  id: string;
  heading: Maybe<string>;
  intro?: Maybe<string>;
  items: List<T>;
  tone?: "white" | "muted";
}

/** A stable React key for a content list item. */
export function itemKey(item: { _key?: string; _id?: string }, index: number): string {
  return item._key ?? item._id ?? String(index);
}
