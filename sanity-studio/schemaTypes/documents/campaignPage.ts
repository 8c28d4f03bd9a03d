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
import { campaignWindowLabel } from "../campaign-window";
import { duplicateTitleValidation } from "../page-titles";
import { checkHref, isUniqueAcrossType, SEO_DESCRIPTION_MAX, SEO_TITLE_MAX, slugify } from "../rules";

/** The calendar's dates are shown and typed in Madrid time, whatever the editor's computer says. */
const MADRID_TIME = { displayTimeZone: "Europe/Madrid", allowTimeZoneSwitch: false, timeStep: 15 } as const;

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
    defineField({
      name: "visibleFrom",
      title: "Visible desde",
      description:
        "Opcional. Fecha y hora (hora de Madrid) en que la página empieza a verse. Antes responde como una página sin publicar (404), fuera del sitemap. Vacío = desde que se publica.",
      type: "datetime",
      fieldset: "calendar",
      options: MADRID_TIME,
    }),
    defineField({
      name: "visibleUntil",
      title: "Visible hasta",
      description:
        "Opcional. Fecha y hora (hora de Madrid) en que la página deja de verse: desde ese momento responde 404 (o lleva a «Después del final») y sale del sitemap. Vacío = sin final.",
      type: "datetime",
      fieldset: "calendar",
      options: MADRID_TIME,
      validation: (rule) =>
        rule.custom((value: string | undefined, context) => {
          const from = (context.document as { visibleFrom?: string } | undefined)?.visibleFrom;
          return value && from && Date.parse(value) <= Date.parse(from)
            ? "«Visible hasta» debe ser posterior a «Visible desde»."
            : true;
        }),
    }),
    defineField({
      name: "afterEnd",
      title: "Después del final",
      description:
        "Opcional. Ruta de esta web (p. ej. /sectores/reformas) a la que se lleva a quien visite la página después de «Visible hasta». Es una redirección temporal: si la campaña vuelve, basta con cambiar las fechas.",
      type: "string",
      fieldset: "calendar",
      validation: (rule) =>
        rule.custom((value: string | undefined) => {
          if (!value) return true;
          if (!value.startsWith("/") || value.startsWith("//")) return "Usa una ruta de esta web que empiece por «/».";
          return checkHref(value);
        }),
    }),
    blocksField(),
  ],
  fieldsets: [
    {
      name: "calendar",
      title: "Calendario",
      description:
        "Cuándo se ve la página, en hora de Madrid. Empieza y termina sola, sin que nadie publique en ese momento.",
      options: { collapsible: true, collapsed: false },
    },
  ],
  orderings: [{ title: "Título", name: "titleAsc", by: [{ field: "title", direction: "asc" }] }],
  preview: {
    select: {
      title: "title",
      slug: "slug.current",
      noIndex: "seo.noIndex",
      visibleFrom: "visibleFrom",
      visibleUntil: "visibleUntil",
    },
    prepare({ title, slug, noIndex, visibleFrom, visibleUntil }) {
      const calendar = campaignWindowLabel({ visibleFrom, visibleUntil }, Date.now());
      return {
        title: title ?? "(sin título)",
        subtitle: `${calendar ? `${calendar} · ` : ""}/${slug ?? "…"}${noIndex ? " · noindex" : ""}`,
      };
    },
  },
});
