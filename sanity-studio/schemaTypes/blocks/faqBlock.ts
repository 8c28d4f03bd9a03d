/** Frequently asked questions, as an accordion: references to FAQ documents (never copies). */
import { HelpCircleIcon } from "@sanity/icons";
import { defineType } from "sanity";
import { optionalString, referenceList } from "../fields";

export const faqBlock = defineType({
  name: "faqBlock",
  title: "Preguntas frecuentes",
  type: "object",
  icon: HelpCircleIcon,
  fields: [
    optionalString("heading", "Título", "P. ej. «Preguntas frecuentes»."),
    referenceList(
      "items",
      "Preguntas",
      "Elige preguntas existentes o crea nuevas; se muestran en este orden.",
      "faqItem",
    ),
  ],
  preview: {
    select: { heading: "heading", first: "items.0.question" },
    prepare: ({ heading, first }) => ({
      title: heading ?? first ?? "(sin preguntas)",
      subtitle: "Preguntas frecuentes",
    }),
  },
});
