/** Benefits as cards with an icon each. */
import { CheckmarkCircleIcon } from "@sanity/icons";
import { defineType } from "sanity";
import { objectList, optionalString, requiredString } from "../fields";

export const benefitsBlock = defineType({
  name: "benefitsBlock",
  title: "Ventajas con iconos",
  type: "object",
  icon: CheckmarkCircleIcon,
  fields: [
    requiredString("heading", "Título", "P. ej. «Por qué trabajar con nosotros»."),
    optionalString("intro", "Entradilla", "Opcional, bajo el título."),
    objectList("items", "Ventajas", "Título, texto e icono de cada tarjeta.", "feature"),
  ],
  preview: {
    select: { heading: "heading", first: "items.0.title" },
    prepare: ({ heading, first }) => ({ title: heading ?? first ?? "Ventajas", subtitle: "Ventajas con iconos" }),
  },
});
