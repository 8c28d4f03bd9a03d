/** A monthly plan card on /mensual (and the plan choices of /iniciar-servicio). */
import { CreditCardIcon } from "@sanity/icons";
import { defineArrayMember, defineField, defineType } from "sanity";
import { objectList, optionalString, requiredString, requiredText, stringList } from "../fields";
import { isUniqueAcrossType, moneyRule, orderRule } from "../rules";

export const PLAN_KEYS = [
  { title: "Solo Web", value: "solo-web" },
  { title: "Presencia Activa", value: "presencia-activa" },
  { title: "Captación Pro", value: "captacion-pro" },
  { title: "Coste por Lead (CPL)", value: "cpl" },
];

export const plan = defineType({
  name: "plan",
  title: "Plan",
  type: "document",
  icon: CreditCardIcon,
  fields: [
    requiredString("name", "Nombre", "Nombre del plan en su tarjeta y en los formularios (p. ej. «Captación Pro»)."),
    defineField({
      name: "key",
      title: "Clave",
      description:
        "Identifica el plan en la web: elige el enlace de pago y el valor que se envía en los formularios. No la cambies sin avisar al equipo técnico.",
      type: "string",
      options: { list: PLAN_KEYS },
      validation: (rule) =>
        rule
          .required()
          .custom(async (value, context) =>
            (await isUniqueAcrossType(value, context, "plan", "key")) ? true : "Ya hay otro plan con esta clave.",
          ),
    }),
    defineField({
      name: "price",
      title: "Precio mensual (€)",
      description:
        "Cifra grande de la tarjeta, en euros al mes sin IVA. Déjalo vacío si el plan usa «Texto del precio».",
      type: "number",
      validation: (rule) =>
        moneyRule(rule).custom((value, context) => {
          const parent = context.parent as { priceLabel?: string } | undefined;
          return value !== undefined || Boolean(parent?.priceLabel) || "Indica un precio o un texto del precio.";
        }),
    }),
    optionalString(
      "priceLabel",
      "Texto del precio",
      "Sustituye a la cifra cuando el plan no tiene precio fijo (p. ej. «Solo resultados» en CPL).",
    ),
    requiredString("priceSuffix", "Sufijo del precio", "Lo que sigue a la cifra (p. ej. «€/mes + IVA»)."),
    requiredString("subtitle", "Subtítulo", "Línea corta bajo el nombre del plan."),
    requiredText("description", "Descripción", "Párrafo que resume el plan en la tarjeta."),
    stringList("features", "Incluye", "Viñetas con lo que incluye el plan."),
    defineField({
      name: "popular",
      title: "Destacado",
      description: "Resalta la tarjeta como la más elegida.",
      type: "boolean",
      initialValue: false,
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: "isSpecial",
      title: "Plan especial (CPL)",
      description: "Muestra la tarjeta con el estilo del plan de pago por resultados.",
      type: "boolean",
      initialValue: false,
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: "badges",
      title: "Etiquetas",
      description: "Etiquetas sobre la tarjeta (p. ej. «Básico», «Más Popular»). Opcional.",
      type: "array",
      of: [defineArrayMember({ type: "string" })],
      options: { layout: "tags" },
    }),
    defineField({
      name: "order",
      title: "Orden",
      description: "Posición en listados (menor primero). En /mensual manda el orden de la lista de la página.",
      type: "number",
      validation: orderRule,
    }),
    objectList("buttons", "Botones", "Botones de la tarjeta y qué hace cada uno.", "planButton"),
  ],
  orderings: [{ title: "Orden", name: "orderAsc", by: [{ field: "order", direction: "asc" }] }],
  preview: {
    select: { title: "name", price: "price", priceLabel: "priceLabel", suffix: "priceSuffix", popular: "popular" },
    prepare({ title, price, priceLabel, suffix, popular }) {
      const amount = typeof price === "number" ? `${price} ${suffix ?? ""}`.trim() : (priceLabel ?? "");
      return { title: popular ? `${title} ★` : title, subtitle: amount };
    },
  },
});
