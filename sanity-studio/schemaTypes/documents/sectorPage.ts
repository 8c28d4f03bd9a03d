/**
 * One sector landing page at /sectores/{slug}, and the one place its sector's figures live. Publishing a
 * new one makes a new live page, listed in /sectores and the sitemap, and a new choice in the
 * /calculadora dropdown (name, aliases and the same `stats` figures), with no deploy.
 */
import { DocumentTextIcon } from "@sanity/icons";
import { publicAddressInput } from "../../components/PublicAddressInput";
import { defineArrayMember, defineField, defineType } from "sanity";
import { imageField, objectList, requiredString, requiredText, section, seoField } from "../fields";
import { isCalculatorNameFree, moneyRule, orderRule, percentRule, slugify, slugRule } from "../rules";
import { duplicateTitleValidation } from "../page-titles";
import { checkRelatedSectors, FEATURED_MAX, featuredValidation, initialOrder, orderValidation } from "../sector-rules";

/** The icon names the site can draw in a sector's hero and directory card. */
export const SECTOR_ICONS = [
  "building",
  "code",
  "tooth",
  "graduation",
  "briefcase",
  "utensils",
  "cart",
  "truck",
  "ruler",
  "cpu",
  "car",
  "shield",
  "bolt",
  "landmark",
  "factory",
  "cog",
  "calendar",
  "printer",
  "home",
  "wrench",
  "scale",
  "sparkles",
  "package",
  "hammer",
  "megaphone",
  "users",
  "heart",
  "leaf",
  "handshake",
  "monitor",
  "antenna",
  "laptop",
] as const;

/** What the editor reads in the picker: a Spanish name for each icon (complete, or it does not compile). */
export const SECTOR_ICON_TITLES = {
  building: "Edificio",
  code: "Código",
  tooth: "Diente",
  graduation: "Birrete de graduación",
  briefcase: "Maletín",
  utensils: "Cubiertos",
  cart: "Carrito de la compra",
  truck: "Camión",
  ruler: "Regla",
  cpu: "Procesador",
  car: "Coche",
  shield: "Escudo",
  bolt: "Rayo",
  landmark: "Edificio público",
  factory: "Fábrica",
  cog: "Engranaje",
  calendar: "Calendario",
  printer: "Impresora",
  home: "Casa",
  wrench: "Llave inglesa",
  scale: "Balanza",
  sparkles: "Destellos",
  package: "Paquete",
  hammer: "Martillo",
  megaphone: "Megáfono",
  users: "Personas",
  heart: "Corazón",
  leaf: "Hoja",
  handshake: "Apretón de manos",
  monitor: "Monitor",
  antenna: "Antena",
  laptop: "Portátil",
} as const satisfies Record<(typeof SECTOR_ICONS)[number], string>;

const SCHEMA_TYPES = [
  { title: "Servicio profesional (ProfessionalService)", value: "ProfessionalService" },
  { title: "Servicio (Service)", value: "Service" },
];

export const sectorPage = defineType({
  name: "sectorPage",
  title: "Página de sector",
  type: "document",
  icon: DocumentTextIcon,
  groups: [
    { name: "page", title: "Página", default: true },
    { name: "calculator", title: "Calculadora" },
  ],
  // Everything not in the calculator's group belongs to the page's (the default tab).
  fields: [
    requiredString("sectorName", "Nombre del sector", "Aparece en la etiqueta del hero y en el directorio /sectores.", {
      group: ["page", "calculator"],
    }),
    defineField({
      name: "slug",
      title: "Slug (dirección)",
      description:
        "La página vive en /sectores/slug. Minúsculas sin acentos y guiones (p. ej. «software-b2b»). Si la cambias en una página publicada, la dirección antigua redirige a la nueva.",
      type: "slug",
      components: { input: publicAddressInput("sectorPage") },
      options: { source: "sectorName", maxLength: 96, slugify },
      validation: slugRule,
      group: "page",
    }),
    defineField({
      name: "calculatorName",
      title: "Nombre en la calculadora",
      description:
        "Cómo aparece este sector en el desplegable de /calculadora. Vacío = el nombre del sector. Los botones «Calcular mis Leads» de esta página lo eligen solos.",
      type: "string",
      group: "calculator",
      placeholder: "El nombre del sector",
      validation: (rule) =>
        rule.custom(async (value, context) =>
          (await isCalculatorNameFree(value, context)) ? true : "Otro sector de la calculadora ya usa este nombre.",
        ),
    }),
    defineField({
      name: "calculatorAliases",
      title: "Otras formas de escribirlo",
      description:
        "Nombres alternativos que la calculadora trata como este mismo sector (p. ej. «SaaS», «Clinicas»). El nombre del sector ya cuenta. Opcional.",
      type: "array",
      of: [defineArrayMember({ type: "string" })],
      options: { layout: "tags" },
      group: "calculator",
    }),
    defineField({
      ...seoField("Título, descripción y palabras clave de la página en Google y al compartirla."),
      type: "seo",
      validation: (rule) => [rule.required(), rule.custom(duplicateTitleValidation).warning()],
    }),
    section(
      "hero",
      "Cabecera",
      "Primer bloque de la página: título, descripción e icono.",
      [
        requiredString("title", "Título", "Titular principal de la página (H1)."),
        requiredText("description", "Descripción", "Párrafo bajo el titular."),
        defineField({
          name: "icon",
          title: "Icono",
          description: "Icono del sector en la cabecera y en su tarjeta del directorio.",
          type: "string",
          options: { list: SECTOR_ICONS.map((value) => ({ title: SECTOR_ICON_TITLES[value], value })) },
          validation: (rule) => rule.required(),
        }),
        imageField(
          "image",
          "Imagen",
          "Opcional: foto del sector a la derecha del titular (horizontal, 1200 × 900 px o más).",
          {
            required: false,
          },
        ),
        defineField({
          name: "extraCta",
          title: "Botón adicional",
          description: "Tercer botón opcional de la cabecera, además de «Calcular mis Leads» y «Quiero Más Clientes».",
          type: "cta",
        }),
      ],
      { collapsed: false },
    ),
    defineField({
      name: "stats",
      title: "Cifras del sector",
      description:
        "Las tres tarjetas de cifras, la tabla de proyección y los valores que rellena la calculadora al elegir este sector. Se escriben solo aquí. Si falta alguna, la página usa 25 % / 1.000 € / 80 €.",
      type: "object",
      group: ["page", "calculator"],
      options: { collapsible: true, collapsed: false },
      fields: [
        defineField({
          name: "conversionRate",
          title: "Conversión (%)",
          description: "Porcentaje de leads que se convierten en clientes (0–100).",
          type: "number",
          validation: percentRule,
        }),
        defineField({
          name: "averageProfit",
          title: "Valor medio por cliente (€)",
          description: "Beneficio medio por cliente, en euros.",
          type: "number",
          validation: moneyRule,
        }),
        defineField({
          name: "costPerLead",
          title: "Coste por lead (€)",
          description: "Precio por lead en euros; fija las inversiones de la tabla de proyección.",
          type: "number",
          validation: moneyRule,
        }),
      ],
    }),
    defineField({
      name: "leadsPerMonth",
      title: "Leads al mes",
      description: "Rango orientativo de leads mensuales del sector (opcional).",
      type: "object",
      options: { collapsible: true, collapsed: true },
      fields: [
        defineField({
          name: "min",
          title: "Mínimo",
          description: "Extremo inferior del rango.",
          type: "number",
          validation: (rule) => rule.integer().min(0),
        }),
        defineField({
          name: "max",
          title: "Máximo",
          description: "Extremo superior del rango; no puede ser menor que el mínimo.",
          type: "number",
          validation: (rule) =>
            rule
              .integer()
              .min(0)
              .custom((value, context) => {
                const min = (context.parent as { min?: number } | undefined)?.min;
                return value === undefined || min === undefined || value >= min || "El máximo es menor que el mínimo.";
              }),
        }),
      ],
    }),
    requiredString("tooltip", "Resumen para el directorio", "Una línea que aparece en el globo de ayuda de /sectores."),
    defineField({
      name: "featured",
      title: "Destacado",
      description: `Lo muestra también en la rejilla de sectores destacados de /sectores (como máximo ${FEATURED_MAX}).`,
      type: "boolean",
      initialValue: false,
      validation: (rule) => rule.required().custom(featuredValidation),
    }),
    defineField({
      name: "order",
      title: "Orden",
      description: "Posición en el directorio /sectores (menor primero). Un sector nuevo va al final.",
      type: "number",
      initialValue: initialOrder,
      validation: (rule) => [orderRule(rule), rule.custom(orderValidation).warning()],
    }),
    defineField({
      name: "group",
      title: "Grupo del sector",
      description:
        "Familia a la que pertenece (p. ej. «Industria y maquinaria»): al final de cada página se enlazan otros sectores del mismo grupo. Los grupos se crean en «Sectores › Grupos de sectores». Opcional.",
      type: "reference",
      to: [{ type: "sectorGroup" }],
    }),
    defineField({
      name: "relatedSectors",
      title: "Sectores relacionados",
      description:
        "Opcional: los sectores que quieres enlazar al final de esta página, en este orden (hasta 4 se muestran). Si eliges menos, se completan con sectores del mismo grupo y, si faltan, con los vecinos por orden alfabético.",
      type: "array",
      of: [
        defineArrayMember({
          type: "reference",
          to: [{ type: "sectorPage" }],
          // The picker never offers the page itself (its published or draft id).
          options: {
            filter: ({ document }) => {
              const id = (document._id ?? "").replace(/^drafts\./, "");
              return { filter: "!(_id in [$id, $draftId])", params: { id, draftId: `drafts.${id}` } };
            },
          },
        }),
      ],
      validation: (rule) => [
        rule.unique().max(6),
        rule.custom((value, context) =>
          checkRelatedSectors(value as { _ref?: string }[] | undefined, context.document?._id),
        ),
      ],
    }),
    section("explanation", "Explicación", "Bloque de texto que explica el sector.", [
      requiredString("title", "Título", "Título del bloque."),
      defineField({
        name: "paragraphs",
        title: "Párrafos",
        description: "Texto del bloque.",
        type: "portableText",
        validation: (rule) => rule.required(),
      }),
    ]),
    section("projection", "Proyección de resultados", "Tabla de inversión, leads, clientes, ingresos y ROI.", [
      requiredString("heading", "Título", "Título de la tabla."),
      requiredText("intro", "Introducción", "Texto sobre la tabla."),
      defineField({
        name: "fixedInvestments",
        title: "Inversiones fijas (€)",
        description:
          "Opcional: tres inversiones mensuales fijas para las filas. Vacío = se calculan desde el coste por lead.",
        type: "array",
        of: [defineArrayMember({ type: "number", validation: (rule) => rule.required().min(1) })],
        validation: (rule) => rule.max(3).warning("La tabla está pensada para tres filas."),
      }),
    ]),
    section("services", "Servicios", "Las tres tarjetas de servicios.", [
      requiredString("heading", "Título", "Título de la sección de servicios."),
      objectList("items", "Tarjetas", "Cada tarjeta: título, descripción y tres ventajas.", "sectorService", 3),
    ]),
    section("closingCta", "Llamada final", "Bloque final con el botón «Calcular mis Leads Mensuales».", [
      requiredString("title", "Título", "Título del bloque final."),
      requiredText("description", "Descripción", "Texto sobre el botón."),
    ]),
    section("structuredData", "Datos estructurados", "Información para buscadores (JSON-LD); no se ve en la página.", [
      defineField({
        name: "schemaType",
        title: "Tipo",
        description: "Tipo schema.org del servicio.",
        type: "string",
        options: { list: SCHEMA_TYPES, layout: "radio" },
        validation: (rule) => rule.required(),
      }),
      requiredString("serviceType", "Tipo de servicio", "Qué servicio se ofrece a este sector."),
      requiredString("audienceType", "Público", "A quién va dirigido."),
      defineField({
        name: "offers",
        title: "Ofertas",
        description: "Ofertas concretas para los buscadores (opcional).",
        type: "array",
        of: [defineArrayMember({ type: "offer" })],
      }),
    ]),
  ].map((field) => ("group" in field && field.group ? field : { ...field, group: "page" })),
  orderings: [{ title: "Orden", name: "orderAsc", by: [{ field: "order", direction: "asc" }] }],
  preview: {
    select: { title: "sectorName", slug: "slug.current", featured: "featured", order: "order", group: "group.title" },
    prepare({ title, slug, featured, order, group }) {
      return {
        title: featured ? `${title} ★` : title,
        subtitle: `${order ?? "–"} · /sectores/${slug ?? "(sin dirección)"}${group ? ` · ${group}` : ""}`,
      };
    },
  },
});
