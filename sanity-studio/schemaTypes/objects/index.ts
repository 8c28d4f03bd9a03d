/**
 * Reusable object types of the content model (docs/content-model.md): seo, cta, step, feature,
 * portable text and the typed array members (navItem, planButton, stat, sectorService, offer,
 * nextStep, contractSection).
 */
import { defineArrayMember, defineField, defineType } from "sanity";
import { ICON_OPTIONS } from "../icon-titles";
import { optionalString, requiredString, requiredText, stringList } from "../fields";
import { legalValueMember } from "../legal-identity";
import { linkPageFields, linkTargetFields } from "../links";
import { checkHref, hrefRule, optionalHrefRule, seoDescriptionRule, seoTitleRule } from "../rules";

export const seo = defineType({
  name: "seo",
  title: "SEO",
  type: "object",
  fields: [
    defineField({
      name: "title",
      title: "Título SEO",
      description:
        "Título de la pestaña del navegador y del resultado en Google. Máximo 60 caracteres para que no se corte.",
      type: "string",
      validation: seoTitleRule,
    }),
    defineField({
      name: "description",
      title: "Meta descripción",
      description:
        "Texto que Google muestra bajo el título y que aparece al compartir la página. Máximo 160 caracteres.",
      type: "text",
      rows: 3,
      validation: seoDescriptionRule,
    }),
    defineField({
      name: "keywords",
      title: "Palabras clave",
      description: "Se publican como meta keywords de la página (opcional; las usan las páginas de sector).",
      type: "array",
      of: [defineArrayMember({ type: "string" })],
      options: { layout: "tags" },
    }),
    defineField({
      name: "image",
      title: "Imagen para redes sociales",
      description:
        "Opcional. Sustituye a la imagen que la web genera sola (marca, título y, en un sector, sus cifras) cuando se comparte la página en WhatsApp, LinkedIn o X. Se recorta a 1200 × 630 px: sube una imagen horizontal de al menos ese tamaño y marca el punto de interés.",
      type: "image",
      options: { hotspot: true },
      fields: [
        defineField({
          name: "alt",
          title: "Texto alternativo",
          description: "Qué muestra la imagen, en una frase (lo leen los lectores de pantalla).",
          type: "string",
          validation: (rule) =>
            rule.custom((alt, context) => {
              const parent = context.parent as { asset?: unknown } | undefined;
              return parent?.asset && !alt?.trim() ? "Describe la imagen en una frase." : true;
            }),
        }),
      ],
    }),
  ],
});

export const cta = defineType({
  name: "cta",
  title: "Enlace / botón",
  type: "object",
  fields: [requiredString("label", "Texto", "Lo que se lee en el enlace o botón."), ...linkTargetFields()],
  preview: {
    select: { title: "label", href: "href", anchor: "anchor", pageTitle: "page.title", sectorName: "page.sectorName" },
    prepare: ({ title, href, anchor, pageTitle, sectorName }) => ({
      title,
      subtitle: pageTitle || sectorName ? `→ ${pageTitle ?? sectorName}${anchor ?? ""}` : href,
    }),
  },
});

export const step = defineType({
  name: "step",
  title: "Paso",
  type: "object",
  fields: [
    requiredString("title", "Título del paso", "Nombre corto del paso, en la tarjeta numerada."),
    requiredText("description", "Descripción", "Explicación del paso bajo su título."),
    optionalString(
      "duration",
      "Duración",
      "Plazo que se muestra junto al paso (p. ej. «24h», «Continua»). Déjalo vacío si no aplica.",
    ),
  ],
  preview: { select: { title: "title", subtitle: "duration" } },
});

export const feature = defineType({
  name: "feature",
  title: "Característica",
  type: "object",
  fields: [
    requiredString("title", "Título", "Título de la tarjeta."),
    requiredText("description", "Descripción", "Texto de la tarjeta bajo el título."),
    defineField({
      name: "icon",
      title: "Icono",
      description: "Icono de la tarjeta (opcional; sin él se usa uno neutro).",
      type: "string",
      options: { list: ICON_OPTIONS },
    }),
  ],
  preview: { select: { title: "title", subtitle: "description" } },
});

export const portableText = defineType({
  name: "portableText",
  title: "Texto enriquecido",
  type: "array",
  of: [
    defineArrayMember({
      type: "block",
      styles: [
        { title: "Normal", value: "normal" },
        { title: "Título 2", value: "h2" },
        { title: "Título 3", value: "h3" },
      ],
      lists: [
        { title: "Viñetas", value: "bullet" },
        { title: "Numerada", value: "number" },
      ],
      of: [legalValueMember],
      marks: {
        decorators: [
          { title: "Negrita", value: "strong" },
          { title: "Cursiva", value: "em" },
        ],
        annotations: [
          defineArrayMember({
            name: "link",
            title: "Enlace",
            type: "object",
            fields: linkTargetFields({ allowContact: true }),
          }),
        ],
      },
    }),
  ],
});

const NAV_KINDS = [
  { title: "Desplazar a una sección de la portada", value: "scroll" },
  { title: "Ir a una página", value: "link" },
];

interface NavItemValue {
  kind?: string;
  page?: { _ref?: string } | null;
  target?: string;
}

export const navItem = defineType({
  name: "navItem",
  title: "Elemento del menú",
  type: "object",
  fields: [
    requiredString("label", "Texto", "Lo que se lee en el menú de la cabecera."),
    defineField({
      name: "kind",
      title: "Tipo",
      description: "«Sección» desplaza a una parte de la portada; «Página» navega a otra ruta.",
      type: "string",
      options: { list: NAV_KINDS, layout: "radio" },
      validation: (rule) => rule.required(),
    }),
    // A page link names its page (followed through renames) or types a path; a section is an id on `/`.
    ...linkPageFields({ hidden: (parent) => parent?.kind !== "link" }),
    defineField({
      name: "target",
      title: "Destino",
      description:
        "Para una sección: su id en la portada (inicio, proceso o faq). Para una página: mejor elígela arriba; si no está, escribe su ruta (p. ej. /calculadora).",
      type: "string",
      hidden: ({ parent }) => Boolean((parent as NavItemValue | undefined)?.page) && !(parent as NavItemValue).target,
      validation: (rule) =>
        rule.custom((value: string | undefined, context) => {
          const parent = context.parent as NavItemValue | undefined;
          if (parent?.kind === "scroll") {
            if (!value) return "Escribe el id de la sección.";
            return /^[a-z0-9-]+$/.test(value) || "Una sección se indica con su id, sin «/» ni «#» (p. ej. proceso).";
          }
          if (!value && !parent?.page) return "Elige una página de la web o escribe una ruta.";
          if (value && parent?.page) return "Elige una página o escribe una ruta, no las dos.";
          return checkHref(value);
        }),
    }),
  ],
  preview: {
    select: { title: "label", target: "target", slug: "page.slug.current", pageType: "page._type" },
    prepare: ({ title, target, slug, pageType }) => ({
      title,
      subtitle: target ?? (slug ? `/${slug}` : pageType),
    }),
  },
});

export const PLAN_BUTTON_ACTIONS = [
  { title: "Empezar ahora (página externa de inicio de servicio)", value: "startService" },
  { title: "Agendar llamada (página de reservas)", value: "booking" },
  { title: "Abrir el formulario de análisis CPL", value: "cplDialog" },
  { title: "Ir al formulario /iniciar-servicio", value: "serviceStart" },
];

export const planButton = defineType({
  name: "planButton",
  title: "Botón del plan",
  type: "object",
  fields: [
    requiredString("label", "Texto", "Texto del botón en la tarjeta del plan (p. ej. «Empezar Ahora»)."),
    defineField({
      name: "action",
      title: "Acción",
      description: "Qué hace el botón. Las direcciones externas se configuran en Ajustes del sitio.",
      type: "string",
      options: { list: PLAN_BUTTON_ACTIONS },
      validation: (rule) => rule.required(),
    }),
  ],
  preview: {
    select: { title: "label", action: "action" },
    prepare: ({ title, action }) => ({
      title,
      subtitle: PLAN_BUTTON_ACTIONS.find((option) => option.value === action)?.title ?? "Sin acción",
    }),
  },
});

export const stat = defineType({
  name: "stat",
  title: "Cifra destacada",
  type: "object",
  fields: [
    requiredString("value", "Cifra", "El número grande de la tarjeta, tal cual se muestra (p. ej. «150%», «48h»)."),
    requiredString("label", "Texto", "Lo que significa la cifra, debajo de ella."),
  ],
  preview: { select: { title: "value", subtitle: "label" } },
});

export const sectorService = defineType({
  name: "sectorService",
  title: "Servicio",
  type: "object",
  fields: [
    requiredString("title", "Título", "Título de la tarjeta de servicio."),
    requiredText("description", "Descripción", "Texto de la tarjeta bajo el título."),
    stringList("features", "Ventajas", "Las tres viñetas de la tarjeta.", 3),
  ],
  preview: { select: { title: "title", subtitle: "description" } },
});

export const offer = defineType({
  name: "offer",
  title: "Oferta",
  type: "object",
  fields: [
    requiredString("name", "Nombre", "Nombre de la oferta en los datos estructurados (no se ve en la página)."),
    requiredText("description", "Descripción", "Descripción de la oferta para los buscadores."),
    requiredString("category", "Categoría", "Categoría de la oferta (p. ej. «Generación de leads B2B»)."),
  ],
  preview: { select: { title: "name", subtitle: "category" } },
});

interface NextStepValue {
  linkLabel?: string;
  page?: { _ref?: string } | null;
  linkHref?: string;
}

export const nextStep = defineType({
  name: "nextStep",
  title: "Paso siguiente",
  type: "object",
  fields: [
    requiredString("title", "Título", "Nombre del paso en /siguiente."),
    requiredText("description", "Descripción", "Explicación del paso."),
    optionalString(
      "linkLabel",
      "Texto del enlace",
      "Enlace opcional bajo el paso (p. ej. «Ver borrador del contrato»).",
    ),
    ...linkPageFields(),
    defineField({
      name: "linkHref",
      title: "Otra dirección del enlace",
      description:
        "Si el enlace no va a una página de la web (elígela arriba): URL completa (https://…) o ruta. Hace falta una de las dos si el paso tiene texto de enlace.",
      type: "string",
      hidden: ({ parent }) =>
        Boolean((parent as NextStepValue | undefined)?.page) && !(parent as NextStepValue).linkHref,
      validation: (rule) =>
        optionalHrefRule(rule).custom((value: string | undefined, context) => {
          const parent = context.parent as NextStepValue | undefined;
          const target = value || parent?.page;
          if (parent?.linkLabel && !target) return "Falta el destino del enlace.";
          if (target && !parent?.linkLabel) return "Falta el texto del enlace.";
          if (value && parent?.page) return "Elige una página o escribe una dirección, no las dos.";
          return true;
        }),
    }),
  ],
  preview: { select: { title: "title", subtitle: "linkLabel" } },
});

export const contractSection = defineType({
  name: "contractSection",
  title: "Cláusula",
  type: "object",
  fields: [
    requiredString("heading", "Título", "Título de la cláusula del borrador de contrato."),
    defineField({
      name: "body",
      title: "Texto",
      description: "Contenido de la cláusula.",
      type: "portableText",
      validation: (rule) => rule.required(),
    }),
  ],
  preview: { select: { title: "heading" } },
});

export const objectTypes = [
  seo,
  cta,
  step,
  feature,
  portableText,
  navItem,
  planButton,
  stat,
  sectorService,
  offer,
  nextStep,
  contractSection,
];
