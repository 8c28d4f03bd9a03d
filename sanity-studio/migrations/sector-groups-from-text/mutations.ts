/**
 * The mutations of the sector-groups-from-text migration, apart so a test can run them on documents:
 * a sector page whose `group` is still text gets the group document of that name (created once, the
 * same id for the same name whatever its accents, case or spacing) and a reference to it. A page whose
 * group is already a reference, or has none, is left alone, so running it again changes nothing.
 */
import { at, createIfNotExists, patch, set, unset } from "sanity/migrate";

import { sectorGroupId } from "../../schemaTypes/documents/sectorGroup";

export function sectorGroupMutations(document: { _id: string; group?: unknown }) {
  if (typeof document.group !== "string") return [];
  const title = document.group.trim().replace(/\s+/g, " ");
  if (!title) return [patch(document._id, [at("group", unset())])];
  const id = sectorGroupId(title);
  return [
    createIfNotExists({ _id: id, _type: "sectorGroup", title }),
    patch(document._id, [at("group", set({ _type: "reference", _ref: id }))]),
  ];
}
