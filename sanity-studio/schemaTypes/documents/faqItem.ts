/** One question and answer, shown in the FAQ accordions of the landing page and /mensual. */
import { HelpCircleIcon } from "@sanity/icons";
import { defineType } from "sanity";
import { requiredString, requiredText } from "../fields";

export const faqItem = defineType({
  name: "faqItem",
  title: "Pregunta frecuente",
  type: "document",
  icon: HelpCircleIcon,
  description: "Se muestra donde se enlace: en el FAQ de la portada o en el de /mensual.",
  fields: [
    requiredString("question", "Pregunta", "El título del desplegable del FAQ."),
    requiredText("answer", "Respuesta", "El texto que se ve al abrir la pregunta."),
  ],
  preview: {
    select: { title: "question", subtitle: "answer" },
  },
});
