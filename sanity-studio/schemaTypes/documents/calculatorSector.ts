/**
 * A /calculadora dropdown choice that has no sector page ('Otros'). Every published sector page is a
 * choice already, with its own name and figures; these records are only for the rest.
 */
import { NumberIcon } from "@sanity/icons";
import { defineArrayMember, defineField, defineType } from "sanity";
import { isCalculatorNameFree, orderRule, requiredMoneyRule, requiredPercentRule } from "../rules";

export const calculatorSector = defineType({
  name: "calculatorSector",
  title: "Sector solo de calculadora",
  type: "document",
  icon: NumberIcon,
  fields: [
    defineField({
      name: "name",
      title: "Nombre",
      description:
        "Nombre en el desplegable de /calculadora. Solo para opciones sin página de sector (como «Otros»): cada página de sector publicada ya es una opción.",
      type: "string",
      validation: (rule) =>
        rule
          .required()
          .custom(async (value, context) =>
            (await isCalculatorNameFree(value, context)) ? true : "Ya hay un sector de la calculadora con este nombre.",
          ),
    }),
    defineField({
      name: "aliases",
      title: "Otras formas de escribirlo",
      description: "Nombres alternativos que se tratan como este mismo sector (p. ej. «Software B2B»). Opcional.",
      type: "array",
      of: [defineArrayMember({ type: "string" })],
      options: { layout: "tags" },
    }),
    defineField({
      name: "conversionRate",
      title: "Conversión (%)",
      description: "Porcentaje de leads que acaban siendo clientes; rellena la conversión al elegir el sector (0–100).",
      type: "number",
      validation: requiredPercentRule,
    }),
    defineField({
      name: "averageProfit",
      title: "Beneficio por cliente (€)",
      description: "Beneficio medio por cliente en euros; rellena ese campo de la calculadora.",
      type: "number",
      validation: requiredMoneyRule,
    }),
    defineField({
      name: "costPerLead",
      title: "Coste por lead (€)",
      description: "Precio orientativo de un lead en este sector, en euros.",
      type: "number",
      validation: requiredMoneyRule,
    }),
    defineField({
      name: "order",
      title: "Orden",
      description:
        "Posición entre las opciones sin página, que van detrás de los sectores con página (menor primero; a igual orden, alfabético).",
      type: "number",
      validation: orderRule,
    }),
  ],
  orderings: [
    {
      title: "Orden",
      name: "orderAsc",
      by: [
        { field: "order", direction: "asc" },
        { field: "name", direction: "asc" },
      ],
    },
  ],
  preview: {
    select: {
      title: "name",
      conversionRate: "conversionRate",
      averageProfit: "averageProfit",
      costPerLead: "costPerLead",
    },
    prepare({ title, conversionRate, averageProfit, costPerLead }) {
      return {
        title,
        subtitle: `Conversión ${conversionRate ?? "–"} % · Beneficio ${averageProfit ?? "–"} € · Lead ${costPerLead ?? "–"} €`,
      };
    },
  },
});
