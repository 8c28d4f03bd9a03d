/** What clients say: quote, name, role and company. */
import { DoubleQuoteIcon } from "@sanity/icons";
import { defineArrayMember, defineField, defineType } from "sanity";
import { optionalString, requiredString, requiredText } from "../fields";

export const testimonial = defineType({
  name: "testimonial",
  title: "Testimonio",
  type: "object",
  fields: [
    requiredText("quote", "Cita", "Lo que dice el cliente, con sus palabras."),
    requiredString("name", "Nombre", "Quién lo dice."),
    optionalString("role", "Cargo", "P. ej. «Gerente»."),
    optionalString("company", "Empresa", "P. ej. «Reformas Ebro»."),
  ],
  preview: { select: { title: "name", subtitle: "company" } },
});

export const testimonialsBlock = defineType({
  name: "testimonialsBlock",
  title: "Testimonios",
  type: "object",
  icon: DoubleQuoteIcon,
  fields: [
    requiredString("heading", "Título", "P. ej. «Lo que dicen nuestros clientes»."),
    defineField({
      name: "items",
      title: "Testimonios",
      description: "Uno a tres se leen mejor.",
      type: "array",
      of: [defineArrayMember({ type: "testimonial" })],
      validation: (rule) => rule.required().min(1),
    }),
  ],
  preview: {
    select: { heading: "heading", first: "items.0.name" },
    prepare: ({ heading, first }) => ({ title: heading ?? first ?? "Testimonios", subtitle: "Testimonios" }),
  },
});
