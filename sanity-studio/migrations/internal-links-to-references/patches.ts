/**
 * The patches of the internal-links-to-references migration, apart so a test can run them on documents:
 * every link (a `cta`, a rich text `link`, a header menu page item's `target`, a next step's `linkHref`)
 * whose address is a path of a page of the site becomes a
 * reference to that page (`page`), its `#anchor` or query kept in `anchor`. Other addresses (`https:`,
 * `mailto:`, `tel:`, a bare `#anchor`) stay; a path that no page has stays too, with a warning. A link
 * that already names a page is left alone, so running it again changes nothing.
 */
import { at, patch, set } from "sanity/migrate";

import { PUBLIC_PATH_RULES } from "../../../app/lib/site-paths";
import { SINGLETON_PATHS } from "../../presentation/appearances";
import { LINK_TARGET_TYPES } from "../../schemaTypes/links";

/** The pages a link may name, with their path. */
export const LINK_TARGETS_QUERY = `*[_type in $types && !(_id in path("drafts.**")) && !(_id in path("versions.**"))]{
  _id, _type, "slug": slug.current
}`;
export const LINK_TARGETS_PARAMS = { types: [...LINK_TARGET_TYPES] };

export interface LinkTarget {
  _id: string;
  _type: string;
  slug?: string | null;
}

/** Each page's current path → its document id. */
export function pagesByPath(pages: readonly LinkTarget[]): Map<string, string> {
  const byPath = new Map<string, string>();
  for (const page of pages) {
    const path =
      page._type === "sectorPage" || page._type === "campaignPage"
        ? page.slug
          ? PUBLIC_PATH_RULES[page._type](page.slug)
          : null
        : (SINGLETON_PATHS[page._type] ?? null);
    if (path && !byPath.has(path)) byPath.set(path, page._id);
  }
  return byPath;
}

type PathSegment = string | number | { _key: string };

interface Found {
  path: PathSegment[];
  link: Record<string, unknown>;
  /** The link's typed address field: `href` of a `cta` or `link`, `target` of a menu page item, `linkHref` of a next step. */
  field: "href" | "target" | "linkHref";
}

/** Which field of an object holds a typed address that may name a page, if it is a link. */
function addressField(object: Record<string, unknown>): Found["field"] | null {
  if (object._type === "cta" || object._type === "link") return "href";
  // A menu section item's target is a section id on `/`, not an address.
  if (object._type === "navItem") return object.kind === "link" ? "target" : null;
  if (object._type === "nextStep") return "linkHref";
  return null;
}

/** Every link object of a document, with its path (keyed where the array items have keys). */
function links(value: unknown, path: PathSegment[], found: Found[]): Found[] {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      const key = (item as { _key?: unknown } | null)?._key;
      links(item, [...path, typeof key === "string" ? { _key: key } : index], found);
    });
  } else if (value && typeof value === "object") {
    const object = value as Record<string, unknown>;
    const field = addressField(object);
    if (field && typeof object[field] === "string") found.push({ path, link: object, field });
    for (const [key, child] of Object.entries(object)) if (!key.startsWith("_")) links(child, [...path, key], found);
  }
  return found;
}

/** The path part of a site address and what follows it (`?query`, `#anchor`), or null for another address. */
export function splitSitePath(href: string): { path: string; anchor: string } | null {
  const value = href.trim();
  if (!value.startsWith("/") || value.startsWith("//")) return null;
  const cut = value.search(/[?#]/);
  const path = cut === -1 ? value : value.slice(0, cut);
  const anchor = cut === -1 ? "" : value.slice(cut);
  const normal = path.length > 1 ? path.replace(/\/+$/, "").toLowerCase() : path;
  return { path: normal, anchor };
}

/** The patches for one document, and a warning for each site path no page has. */
export function internalLinkPatches(
  document: { _id: string } & Record<string, unknown>,
  byPath: ReadonlyMap<string, string>,
  warn: (message: string) => void = () => {},
) {
  const operations = [];
  for (const { path, link, field } of links(document, [], [])) {
    if (link.page) continue;
    const site = splitSitePath(link[field] as string);
    if (!site) continue;
    const id = byPath.get(site.path);
    if (!id || id === document._id.replace(/^drafts\./, "")) {
      if (!id)
        warn(`${document._id}: «${String(link[field])}» no es la dirección de ninguna página; se deja como está.`);
      continue;
    }
    const { [field]: _, ...rest } = link;
    operations.push(
      at(
        path,
        set({ ...rest, page: { _type: "reference", _ref: id }, ...(site.anchor ? { anchor: site.anchor } : {}) }),
      ),
    );
  }
  return operations.length ? [patch(document._id, operations)] : [];
}
