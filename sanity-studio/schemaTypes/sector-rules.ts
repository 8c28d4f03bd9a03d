/**
 * The sector pages' list rules that need the other pages: no page among its own related sectors, at
 * most FEATURED_MAX featured on the live site once this page is published, a new page's order after the last one, repeated orders flagged. The
 * checks are pure functions over the other pages (the tests call them); the Studio feeds them a query.
 */
import type { ValidationContext } from "sanity";

/** How many featured sectors /sectores shows. */
export const FEATURED_MAX = 6;

const publishedIdOf = (id: string | undefined) => (id ?? "").replace(/^drafts\./, "").replace(/^versions\.[^.]+\./, "");

/** The related sectors' problem (Spanish), or true: a page never links to itself. */
export function checkRelatedSectors(
  related: readonly { _ref?: string }[] | undefined,
  documentId: string | undefined,
): true | string {
  const self = publishedIdOf(documentId);
  return (related ?? []).some((item) => publishedIdOf(item._ref) === self)
    ? "Una página no puede ser su propio sector relacionado: quítala de la lista."
    : true;
}

/**
 * The featured flag's problem (Spanish, naming the sectors featured on the site now), or true. `liveOthers`
 * are the other pages featured on the live site: publishing this page puts it beside them, whatever
 * their unpublished drafts say.
 */
export function checkFeatured(featured: boolean | undefined, liveOthers: readonly string[]): true | string {
  if (!featured || liveOthers.length < FEATURED_MAX) return true;
  return `La web ya muestra ${liveOthers.length} sectores destacados (${liveOthers.join(", ")}) y /sectores muestra ${FEATURED_MAX}: quita «Destacado» de uno de ellos y publícalo antes de publicar este como destacado.`;
}

/** The order's warning (Spanish, naming the sectors with the same order), or true. */
export function checkOrder(order: number | undefined, sameOrder: readonly string[]): true | string {
  if (order === undefined || sameOrder.length === 0) return true;
  return `${sameOrder.join(", ")} también ${sameOrder.length === 1 ? "tiene" : "tienen"} el orden ${order}: el directorio los ordenará por nombre.`;
}

/** The order a new sector page gets: one after the last. */
export function nextOrder(orders: readonly (number | null | undefined)[]): number {
  const numbers = orders.filter((order): order is number => typeof order === "number" && Number.isFinite(order));
  return numbers.length === 0 ? 1 : Math.floor(Math.max(...numbers)) + 1;
}

type Client = ReturnType<ValidationContext["getClient"]>;
const clientOf = (context: Pick<ValidationContext, "getClient">): Client =>
  context.getClient({ apiVersion: "2025-02-19" }).withConfig({ perspective: "raw" });

/**
 * The names of the other sector pages (published, or draft-only) matching `filter`: one name per page,
 * the draft's when there is one.
 */
async function otherSectorNames(
  context: ValidationContext,
  filter: string,
  params: Record<string, unknown>,
): Promise<string[]> {
  const publishedId = publishedIdOf(context.document?._id);
  return clientOf(context).fetch<string[]>(
    `*[_type == "sectorPage" && !sanity::versionOf($publishedId) && !(_id in path("versions.**")) && (${filter})
      && !(!(_id in path("drafts.**")) && defined(*[_id == "drafts." + ^._id][0]))]
      | order(order asc, sectorName asc).sectorName`,
    { ...params, publishedId },
  );
}

/** The other sector pages featured on the live site now (published documents only). */
async function liveFeaturedNames(context: ValidationContext): Promise<string[]> {
  return clientOf(context).fetch<string[]>(
    `*[_type == "sectorPage" && featured == true && _id != $publishedId
      && !(_id in path("drafts.**")) && !(_id in path("versions.**"))]
      | order(order asc, sectorName asc).sectorName`,
    { publishedId: publishedIdOf(context.document?._id) },
  );
}

export async function featuredValidation(value: boolean | undefined, context: ValidationContext) {
  if (!value) return true;
  return checkFeatured(value, await liveFeaturedNames(context));
}

export async function orderValidation(value: number | undefined, context: ValidationContext) {
  if (value === undefined) return true;
  return checkOrder(value, await otherSectorNames(context, "order == $order", { order: value }));
}

export async function initialOrder(
  _params: unknown,
  context: { getClient: ValidationContext["getClient"] },
): Promise<number> {
  return nextOrder(await clientOf(context).fetch<(number | null)[]>(`*[_type == "sectorPage"].order`));
}
