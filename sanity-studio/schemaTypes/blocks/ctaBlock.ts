/** A call to action band: heading, text and one button. */
import { LaunchIcon } from "@sanity/icons";
import { defineField, defineType } from "sanity";
import { requiredString } from "../fields";

export const ctaBlock = defineType({
  name: "ctaBlock",
  title: "Llamada a la acción",
  type: "object",
  icon: LaunchIcon,
  fields: [
    requiredString("heading", "Título", "Una frase que invite a actuar."),
    defineField({ name: "text", title: "Texto", description: "Opcional.", type: "text", rows: 2 }),
    defineField({ name: "cta", title: "Botón", description: "Texto y destino del botón.", type: "cta" }),
  ],
  preview: {
    select: { title: "heading", label: "cta.label" },
    prepare: ({ title, label }) => ({
      title: title ?? "(sin título)",
      subtitle: `Llamada a la acción${label ? ` · ${label}` : ""}`,
    }),
  },
});
