/**
 * A campaign landing page ('Página de campaña') at /{slug}: a title, SEO fields, an optional minimal
 * header and the page's blocks, in order. Published, it is live within seconds, no deploy
 * (docs/guia-editores.md, 'Crear una página de campaña').
 */
import { RocketIcon } from "@sanity/icons";
import { publicAddressInput } from "../../components/PublicAddressInput";
import { defineField, defineType } from "sanity";
import { blocksField } from "../blocks";
import { checkCampaignSlug } from "../blocks/campaign-slug";
import { requiredString } from "../fields";
import { duplicateTitleValidation } from "../page-titles";
import { isUniqueAcrossType, SEO_DESCRIPTION_MAX, SEO_TITLE_MAX, slugify } from "../rules";

export const campaignSeo = defineType({
  name: "campaignSeo",
  title: "SEO de la campaña",
  type: "object",
  fields: [
    defineField({
      name: "title",
      title: "Título SEO",
      description: "Título de la pestaña y del resultado en Google. Vacío = el título de la página.",
      type: "string",
      validation: (rule) =>
        rule.max(SEO_TITLE_MAX).warning(`Google corta los títulos de más de ${SEO_TITLE_MAX} caracteres.`),
    }),
    defineField({
      name: "description",
      title: "Meta descripción",
      description: "Texto bajo el título en Google y al compartir. Vacío = el texto del bloque principal.",
      type: "text",
      rows: 3,
      validation: (rule) =>
        rule
          .max(SEO_DESCRIPTION_MAX)
          .warning(`Google corta las descripciones de más de ${SEO_DESCRIPTION_MAX} caracteres.`),
    }),
    defineField({
      name: "image",
      title: "Imagen para redes sociales",
      description:
        "Opcional. Sin ella, la web genera sola una imagen con el titular del bloque principal. Horizontal, al menos 1200 × 630 px.",
      type: "image",
      options: { hotspot: true },
      fields: [
        defineField({
          name: "alt",
          title: "Texto alternativo",
          description: "Qué muestra la imagen, en una frase.",
          type: "string",
          validation: (rule) =>
            rule.custom((alt, context) => {
              const parent = context.parent as { asset?: unknown } | undefined;
              return parent?.asset && !alt?.trim() ? "Describe la imagen en una frase." : true;
            }),
        }),
      ],
    }),
    defineField({
      name: "noIndex",
      title: "Ocultar a Google (noindex)",
      description:
        "Actívalo para páginas solo de anuncios o variantes: la página funciona, pero no sale en Google ni en el sitemap.",
      type: "boolean",
      initialValue: false,
    }),
  ],
});

export const campaignPage = defineType({
  name: "campaignPage",
  title: "Página de campaña",
  type: "document",
  icon: RocketIcon,
  fields: [
    requiredString(
      "title",
      "Título de la campaña",
      "Nombre interno y título por defecto; llega con cada lead como «campana».",
    ),
    defineField({
      name: "slug",
      title: "Dirección (slug)",
      description:
        "La página vive en /slug, p. ej. «reformas-madrid» → /reformas-madrid. Minúsculas, números y guiones. Si la cambias en una página publicada, la dirección antigua redirige a la nueva.",
      type: "slug",
      components: { input: publicAddressInput("campaignPage") },
      options: { source: "title", maxLength: 96, slugify },
      validation: (rule) =>
        rule.required().custom(async (value: { current?: string } | undefined, context) => {
          const check = checkCampaignSlug(value?.current);
          if (check !== true) return check;
          return (await isUniqueAcrossType(value?.current, context, "campaignPage", "slug.current"))
            ? true
            : "Otra página de campaña ya usa esta dirección.";
        }),
    }),
    defineField({
      name: "seo",
      title: "SEO",
      description: "Título, descripción, imagen al compartir y si Google debe indexarla.",
      type: "campaignSeo",
      options: { collapsible: true, collapsed: true },
      validation: (rule) => rule.custom(duplicateTitleValidation).warning(),
    }),
    defineField({
      name: "minimalHeader",
      title: "Cabecera mínima",
      description:
        "Solo el logo y el teléfono, sin menú: el visitante no se distrae del formulario. El pie se mantiene.",
      type: "boolean",
      initialValue: true,
    }),
    blocksField(),
  ],
  orderings: [{ title: "Título", name: "titleAsc", by: [{ field: "title", direction: "asc" }] }],
  preview: {
    select: { title: "title", slug: "slug.current", noIndex: "seo.noIndex" },
    prepare({ title, slug, noIndex }) {
      return { title: title ?? "(sin título)", subtitle: `/${slug ?? "…"}${noIndex ? " · noindex" : ""}` };
    },
  },
});
