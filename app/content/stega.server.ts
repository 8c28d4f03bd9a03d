/**
 * Stega (invisible edit markers in strings, for click-to-edit in the Presentation tool) only ever in
 * draft preview, and never in a value the site uses as data: links, slugs, phone numbers, e-mails,
 * enum-like fields (`action`, `kind`, `target`, keys, icons), form options, tracking ids, SEO and
 * structured data, names that forms send. The rule is by result path, so it holds for every query.
 */
import type { StegaConfig } from "@sanity/client";

/** A result path segment that marks the value (or the whole object below it) as data. */
const DATA_SEGMENT =
  /^(_.*|slug|current|href|url|.*Url|.*Href|.*Link|.*Links|links|phone|whatsapp.*|email|action|kind|target|key|icon|name|aliases|options|.*Options|tracking|seo|defaultSeo|structuredData|organization|navigation|schemaType|value|updatedAt)$/;

type FilterProps = Parameters<NonNullable<StegaConfig["filter"]>>[0];

export function stegaFilter(props: FilterProps): boolean {
  if (props.resultPath.some((segment) => typeof segment === "string" && DATA_SEGMENT.test(segment))) return false;
  return props.filterDefault(props);
}

export function stegaConfig(studioUrl: string): StegaConfig {
  return { enabled: true, studioUrl, filter: stegaFilter };
}
