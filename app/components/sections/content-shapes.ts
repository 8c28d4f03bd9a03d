/**
 * The smallest shapes the shared section components read. They are deliberately loose (every field may
 * be missing or null) so that any TypeGen result carrying these fields can be passed in as it is.
 */
export type Maybe<T> = T | null | undefined;
export type List<T> = Maybe<ReadonlyArray<T>>;

export interface StepContent {
  _key?: string;
  title?: Maybe<string>;
  description?: Maybe<string>;
  duration?: Maybe<string>;
}

export interface FeatureContent {
  _key?: string;
  title?: Maybe<string>;
  description?: Maybe<string>;
  icon?: Maybe<string>;
}

export interface FaqContent {
  _id?: string;
  _key?: string;
  question?: Maybe<string>;
  answer?: Maybe<string>;
}

export interface StatContent {
  _key?: string;
  value?: Maybe<string>;
  label?: Maybe<string>;
}

/** A stable React key for a content list item. */
export function itemKey(item: { _key?: string; _id?: string }, index: number): string {
  return item._key ?? item._id ?? String(index);
}
