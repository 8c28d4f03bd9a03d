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
    defineField({
      name: "sectorField",
      title: "Textos del campo «Sector»",
      description: "Opcional: vacíos = los de la página Calculadora (Calculadora › Campo «Sector»).",
      type: "object",
      options: { collapsible: true, collapsed: true },
      fields: [
        defineField({
          name: "selectPlaceholder",
          title: "Texto sin sector elegido",
          description: "Primera opción del desplegable, antes de elegir (p. ej. «Selecciona tu sector»).",
          type: "string",
        }),
        defineField({
          name: "searchPlaceholder",
          title: "Texto del buscador",
          description: "Texto gris del campo cuando los sectores se buscan escribiendo (p. ej. «Escribe tu sector»).",
          type: "string",
        }),
      ],
    }),
  ],
  preview: {
    select: { sector: "sector.sectorName" },
    prepare: ({ sector }) => ({ title: sector ? `Calculadora · ${sector}` : "Calculadora", subtitle: "Calculadora" }),
  },
});
