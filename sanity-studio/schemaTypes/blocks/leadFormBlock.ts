/**
 * A short lead form: nombre, email and teléfono always, plus the fields the editor ticks. Its leads go
 * to the form service and the automation webhook with the page's path and title (docs/product-rules.md).
 */
import { EnvelopeIcon } from "@sanity/icons";
import { defineField, defineType } from "sanity";
import { CAMPAIGN_LEAD_OPTIONAL_FIELDS } from "../../../app/forms/campaign-fields";
import { optionalString } from "../fields";

const FIELD_TITLES: Record<(typeof CAMPAIGN_LEAD_OPTIONAL_FIELDS)[number], string> = {
  empresa: "Empresa",
  sector: "Sector",
  mensaje: "Mensaje",
};

export const leadFormBlock = defineType({
  name: "leadFormBlock",
  title: "Formulario de contacto",
  type: "object",
  icon: EnvelopeIcon,
  fields: [
    optionalString("heading", "Título", "P. ej. «Pide tu análisis gratuito»."),
    defineField({ name: "text", title: "Texto", description: "Opcional, bajo el título.", type: "text", rows: 2 }),
    defineField({
      name: "fields",
      title: "Campos adicionales",
      description: "Nombre, email y teléfono se piden siempre. Menos campos = más contactos.",
      type: "array",
      of: [{ type: "string" }],
      options: {
        list: CAMPAIGN_LEAD_OPTIONAL_FIELDS.map((value) => ({ value, title: FIELD_TITLES[value] })),
        layout: "grid",
      },
      validation: (rule) => rule.unique(),
    }),
    optionalString("submitLabel", "Texto del botón", "Vacío = «Enviar»."),
    optionalString("successTitle", "Título tras el envío", "Vacío = «¡Mensaje Enviado!»."),
    defineField({
      name: "successText",
      title: "Texto tras el envío",
      description: "Vacío = «Gracias por contactarnos. Nos pondremos en contacto contigo en las próximas 24 horas.»",
      type: "text",
      rows: 2,
    }),
  ],
  preview: {
    select: { heading: "heading", fields: "fields" },
    prepare: ({ heading, fields }) => ({
      title: heading ?? "Formulario",
      subtitle: `Formulario · nombre, email, teléfono${(fields ?? []).length ? `, ${(fields as string[]).join(", ")}` : ""}`,
    }),
  },
});
