/**
 * A family of sectors ('Industria y maquinaria'): each sector page picks one from this list, and the end
 * of a sector page links other sectors of the same group. A list of its own (not free text) so a typo
 * can never split a family; editors add groups here, no deploy.
 */
import { TagsIcon } from "@sanity/icons";
import { defineField, defineType } from "sanity";
import { isUniqueAcrossType, slugify } from "../rules";

/** The id of a group's document from its title: the same title always names the same group. */
export function sectorGroupId(title: string): string {
  return `sectorGroup.${slugify(title) || "sin-nombre"}`;
}

export const sectorGroup = defineType({
  name: "sectorGroup",
  title: "Grupo de sectores",
  type: "document",
  icon: TagsIcon,
  fields: [
    defineField({
      name: "title",
      title: "Nombre del grupo",
      description:
        "P. ej. «Industria y maquinaria». Al final de cada página de sector se enlazan otros sectores del mismo grupo.",
      type: "string",
      validation: (rule) =>
        rule
          .required()
          .max(60)
          .custom(async (value, context) =>
            (await isUniqueAcrossType(value?.trim(), context, "sectorGroup", "title"))
              ? true
              : "Ya hay un grupo con este nombre.",
          ),
    }),
  ],
  orderings: [{ title: "Nombre", name: "titleAsc", by: [{ field: "title", direction: "asc" }] }],
  preview: { select: { title: "title" } },
});
