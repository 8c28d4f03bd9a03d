/** Numbered steps ('Cómo funciona'). */
import { OlistIcon } from "@sanity/icons";
import { defineType } from "sanity";
import { objectList, optionalString, requiredString } from "../fields";

export const stepsBlock = defineType({
  name: "stepsBlock",
  title: "Pasos",
  type: "object",
  icon: OlistIcon,
  fields: [
    requiredString("heading", "Título", "P. ej. «Cómo funciona»."),
    optionalString("intro", "Entradilla", "Opcional, bajo el título."),
    objectList("steps", "Pasos", "En orden; tres o cuatro se leen mejor.", "step"),
  ],
  preview: {
    select: { heading: "heading", first: "steps.0.title" },
    prepare: ({ heading, first }) => ({ title: heading ?? first ?? "Pasos", subtitle: "Pasos" }),
  },
});
