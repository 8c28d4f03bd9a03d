/** A row of client logos ('Confían en nosotros'). */
import { ImagesIcon } from "@sanity/icons";
import { defineArrayMember, defineField, defineType } from "sanity";
import { optionalString } from "../fields";

export const clientLogosBlock = defineType({
  name: "clientLogosBlock",
  title: "Logos de clientes",
  type: "object",
  icon: ImagesIcon,
  fields: [
    optionalString("heading", "Título", "P. ej. «Empresas que ya reciben leads con nosotros»."),
    defineField({
      name: "logos",
      title: "Logos",
      description: "Logos horizontales con fondo transparente; el texto alternativo es el nombre de la empresa.",
      type: "array",
      of: [
        defineArrayMember({
          type: "image",
          fields: [
            defineField({
              name: "alt",
              title: "Empresa",
              description: "El nombre de la empresa (lo leen los lectores de pantalla).",
              type: "string",
              validation: (rule) => rule.required(),
            }),
          ],
        }),
      ],
      validation: (rule) => rule.required().min(1),
    }),
  ],
  preview: {
    select: { heading: "heading", media: "logos.0" },
    prepare: ({ heading, media }) => ({ title: heading ?? "Logos de clientes", subtitle: "Logos de clientes", media }),
  },
});
