/**
 * Two pages with the same title in Google (the tab and the result) compete with each other and confuse
 * the visitor: a sector or campaign page whose title (its SEO title; a campaign page without one uses its
 * own title) is another sector or campaign page's gets a warning naming that page. Pure check plus the
 * query that feeds it.
 */
import type { ValidationContext } from "sanity";

const publishedIdOf = (id: string | undefined) => (id ?? "").replace(/^drafts\./, "").replace(/^versions\.[^.]+\./, "");

/** The warning (Spanish, naming the pages with the same title), or true. */
export function checkDuplicateTitle(title: string | undefined, others: readonly string[]): true | string {
  if (!title?.trim() || others.length === 0) return true;
  return `Otra página ya tiene el título «${title.trim()}» (${others.join(", ")}): Google las confundirá. Dale a esta un título propio.`;
}

/** The title this page shows in Google: its SEO title, else (a campaign page) its own title. */
export function pageTitleOf(document: { seo?: { title?: unknown }; title?: unknown } | undefined): string | undefined {
  const title = document?.seo?.title ?? document?.title;
  return typeof title === "string" ? title : undefined;
}

/** The validation of a page's `seo` field: a warning when another sector or campaign page has its title. */
export async function duplicateTitleValidation(_value: unknown, context: ValidationContext): Promise<true | string> {
  const title = pageTitleOf(context.document as Parameters<typeof pageTitleOf>[0]);
  if (!title?.trim()) return true;
  const names = await context
    .getClient({ apiVersion: "2025-02-19" })
    .withConfig({ perspective: "raw" })
    .fetch<{ name: string }[]>(
      `*[_type in ["sectorPage", "campaignPage"] && !(_id in path("versions.**"))
        && !sanity::versionOf($publishedId) && lower(coalesce(seo.title, title)) == lower($title)]
        | order(coalesce(sectorName, title) asc){"name": coalesce(sectorName, title)}`,
      { title: title.trim(), publishedId: publishedIdOf(context.document?._id) },
    );
  // A page with a draft appears twice (published and draft): named once.
  return checkDuplicateTitle(title, [...new Set(names.map(({ name }) => name))]);
}
