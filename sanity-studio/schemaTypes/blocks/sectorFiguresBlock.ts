/** A sector's figures: its stat cards and projection table, read from the sector page (never copied). */
import { BarChartIcon } from "@sanity/icons";
import { defineField, defineType } from "sanity";
import { optionalString } from "../fields";

export const sectorFiguresBlock = defineType({
  name: "sectorFiguresBlock",
  title: "Cifras de un sector",
  type: "object",
  icon: BarChartIcon,
  fields: [
    defineField({
      name: "sector",
      title: "Sector",
      description:
        "Las cifras (conversión, valor por cliente, coste por lead y proyección) son las de su página de sector.",
      type: "reference",
      to: [{ type: "sectorPage" }],
      validation: (rule) => rule.required(),
    }),
    optionalString("heading", "Título", "Vacío = el título de la proyección de la página del sector."),
  ],
  preview: {
    select: { sector: "sector.sectorName", heading: "heading" },
    prepare: ({ sector, heading }) => ({ title: heading ?? sector ?? "(sin sector)", subtitle: "Cifras de un sector" }),
  },
});
