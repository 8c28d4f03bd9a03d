/**
 * An editor's redirect: a visit to `source` (a path no live page serves) goes to `destination` with
 * the visitor's query string (utm_*, gclid) kept. Live within seconds of publishing; a live page with
 * the same path always wins. See docs/guia-editores.md.
 */
import { ArrowRightIcon } from "@sanity/icons";
import { defineField, defineType, type ValidationContext } from "sanity";
import { checkRedirectDestination, checkRedirectSource, normalizeSitePath } from "../redirect-paths";
import { isUniqueAcrossType } from "../rules";

/** True when another redirect already uses `path` as its source. */
async function isAnotherSource(path: string, context: ValidationContext): Promise<boolean> {
  const id = context.document?._id ?? "";
  const publishedId = id.replace(/^drafts\./, "").replace(/^versions\.[^.]+\./, "");
  const client = context.getClient({ apiVersion: "2025-02-19" }).withConfig({ perspective: "raw" });
  return client.fetch<boolean>(
    `defined(*[_type == "redirect" && source == $path && enabled != false && !sanity::versionOf($publishedId)][0]._id)`,
    { path, publishedId },
  );
}

export const redirect = defineType({
  name: "redirect",
  title: "Redirección",
  type: "document",
  icon: ArrowRightIcon,
  fields: [
    defineField({
      name: "source",
      title: "Dirección antigua",
      description:
        "La ruta que ya no existe, p. ej. «/sectores/nombre-antiguo» o «/oferta-2024». Si una página publicada vive en esta ruta, se muestra la página.",
      type: "string",
      validation: (rule) =>
        rule.custom(async (value, context) => {
          const check = checkRedirectSource(value);
          if (check !== true) return check;
          return (await isUniqueAcrossType(value, context, "redirect", "source"))
            ? true
            : "Ya hay otra redirección desde esta dirección.";
        }),
    }),
    defineField({
      name: "destination",
      title: "Destino",
      description:
        "Adónde se lleva al visitante: una ruta de esta web («/sectores/nombre-nuevo») o una dirección externa que empiece por https://. Los parámetros de la visita (utm_*, gclid) se conservan.",
      type: "string",
      validation: (rule) =>
        rule.custom(async (value, context) => {
          const source = (context.document as { source?: string } | undefined)?.source;
          const check = checkRedirectDestination(value, source);
          if (check !== true) return check;
          const path = normalizeSitePath(value);
          if (path && (await isAnotherSource(path, context))) {
            return "Ese destino es a su vez la dirección antigua de otra redirección: apunta directamente al destino final.";
          }
          return true;
        }),
    }),
    defineField({
      name: "permanent",
      title: "Permanente (301)",
      description:
        "Activado: el cambio es definitivo y Google pasa el posicionamiento al destino (301). Desactivado: temporal (302), p. ej. una campaña.",
      type: "boolean",
      initialValue: true,
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: "enabled",
      title: "Activa",
      description:
        "Desactívala para dejar de redirigir sin borrarla (la dirección antigua volverá a dar «no encontrada»).",
      type: "boolean",
      initialValue: true,
    }),
  ],
  orderings: [{ title: "Dirección antigua", name: "sourceAsc", by: [{ field: "source", direction: "asc" }] }],
  preview: {
    select: { source: "source", destination: "destination", permanent: "permanent", enabled: "enabled" },
    prepare({ source, destination, permanent, enabled }) {
      const kind = permanent === false ? "302 temporal" : "301 permanente";
      return {
        title: `${source ?? "(sin dirección)"} → ${destination ?? "(sin destino)"}`,
        subtitle: enabled === false ? `${kind} · desactivada` : kind,
      };
    },
  },
});
