/** The lead-price calculator with a sector already chosen; its lead form is the calculator's. */
import { NumberIcon } from "@sanity/icons";
import { defineField, defineType } from "sanity";

export const calculatorBlock = defineType({
  name: "calculatorBlock",
  title: "Calculadora",
  type: "object",
  icon: NumberIcon,
  fields: [
    defineField({
      name: "sector",
      title: "Sector elegido",
      description:
        "La calculadora se abre con este sector y sus cifras (como /calculadora?sector=…). Vacío = sin elegir.",
      type: "reference",
      to: [{ type: "sectorPage" }],
    }),
  ],
  preview: {
    select: { sector: "sector.sectorName" },
    prepare: ({ sector }) => ({ title: sector ? `Calculadora · ${sector}` : "Calculadora", subtitle: "Calculadora" }),
  },
});
