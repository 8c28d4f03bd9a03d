/** Hero: the campaign page's <h1> (the ad's promise), a line of text, a picture and one button. */
import { StarIcon } from "@sanity/icons";
import { defineField, defineType } from "sanity";
import { imageField, optionalString, requiredString } from "../fields";

export const heroBlock = defineType({
  name: "heroBlock",
  title: "Cabecera (hero)",
  type: "object",
  icon: StarIcon,
  fields: [
    optionalString("badge", "Etiqueta", "Texto corto sobre el titular (p. ej. «Reformas en Madrid»)."),
    requiredString("heading", "Titular", "El titular de la página (su <h1>): repite la promesa del anuncio."),
    defineField({
      name: "text",
      title: "Texto",
      description: "Una o dos frases bajo el titular.",
      type: "text",
      rows: 3,
    }),
    imageField(
      "image",
      "Imagen",
      "Opcional: se muestra al lado del titular en pantallas anchas y genera la imagen al compartir.",
      {
        required: false,
      },
    ),
    defineField({
      name: "cta",
      title: "Botón",
      description: "Opcional, p. ej. «Quiero mi presupuesto» → #formulario.",
      type: "cta",
    }),
  ],
  preview: {
    select: { title: "heading", media: "image" },
    prepare: ({ title, media }) => ({ title: title ?? "(sin titular)", subtitle: "Cabecera", media }),
  },
});
