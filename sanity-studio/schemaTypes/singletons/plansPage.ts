/** The monthly plans page at /mensual, with its two dialog forms. */
import { PackageIcon } from "@sanity/icons";
import { defineField, defineType } from "sanity";
import { objectList, referenceList, requiredString, requiredText, section, seoField, stringList } from "../fields";
import { requiredMoneyRule } from "../rules";

const dialog = (name: string, title: string, description: string, successHint: string) =>
  section(name, title, description, [
    requiredString("title", "Título", "Título del cuadro de diálogo."),
    requiredText("description", "Descripción", "Texto bajo el título."),
    requiredString("submitLabel", "Botón de envío", "Texto del botón que envía el formulario."),
    requiredString("successTitle", "Título de éxito", "Título que se ve tras enviar."),
    requiredText("successText", "Texto de éxito", successHint),
  ]);

export const plansPage = defineType({
  name: "plansPage",
  title: "Planes mensuales",
  type: "document",
  icon: PackageIcon,
  fields: [
    seoField(),
    section(
      "hero",
      "Cabecera",
      "Primer bloque de /mensual.",
      [
        requiredString("badge", "Etiqueta", "Texto pequeño sobre el titular."),
        requiredString("title", "Titular", "Titular principal (H1)."),
        requiredText("subtitle", "Subtítulo", "Párrafo bajo el titular."),
        defineField({
          name: "fromPrice",
          title: "Precio «desde» (€)",
          description: "Cifra del «desde … €/mes» de la cabecera.",
          type: "number",
          validation: requiredMoneyRule,
        }),
        requiredString("fromPriceLabel", "Texto del precio «desde»", "Texto que acompaña a la cifra (p. ej. «Desde»)."),
      ],
      { collapsed: false },
    ),
    requiredString("plansHeading", "Título de los planes", "Título sobre las tarjetas de planes."),
    requiredText("plansIntro", "Introducción de los planes", "Texto bajo ese título."),
    referenceList("plans", "Planes", "Tarjetas de planes, en el orden en que se muestran (4).", "plan", 4),
    section("featureGrid", "Rejilla de ventajas", "Tarjetas con lo que incluye el servicio.", [
      requiredString("heading", "Título", "Título de la rejilla."),
      requiredText("intro", "Introducción", "Texto bajo el título."),
      objectList("items", "Ventajas", "Cada tarjeta: título y descripción.", "feature"),
    ]),
    section("process", "Proceso", "Los cuatro pasos con su plazo (24h, 48h, 24h, Continua).", [
      requiredString("heading", "Título", "Título de la sección."),
      objectList("steps", "Pasos", "Cada paso con título, descripción y duración.", "step", 4),
    ]),
    section("faq", "Preguntas frecuentes", "Acordeón de preguntas de /mensual.", [
      requiredString("heading", "Título", "Título de la sección."),
      referenceList("items", "Preguntas", "Preguntas en el orden en que se muestran (9).", "faqItem", 9),
    ]),
    section("finalCta", "Llamada final", "Bloque final; su botón abre el formulario del plan mensual.", [
      requiredString("heading", "Título", "Título del bloque."),
      requiredText("text", "Texto", "Texto bajo el título."),
      requiredString("ctaLabel", "Botón", "Texto del botón."),
    ]),
    section("logoOffer", "Oferta de logo", "Aviso de la oferta del diseño de logo.", [
      requiredText("text", "Texto", "Texto de la oferta (logo de 100 € gratis este mes)."),
    ]),
    dialog(
      "monthlyDialog",
      "Formulario del plan mensual",
      "Cuadro de diálogo que abren los planes y la llamada final.",
      "Texto tras enviar; promete contacto en menos de 2 horas.",
    ),
    dialog(
      "cplDialog",
      "Formulario del plan CPL",
      "Cuadro de diálogo de «Solicitar Análisis».",
      "Texto tras enviar; promete contacto en 24-48 h.",
    ),
    stringList("sectorOptions", "Opciones de sector", "Opciones del desplegable «Sector» de los dos formularios.", 12),
    stringList(
      "budgetOptions",
      "Opciones de presupuesto",
      "Opciones del desplegable de presupuesto del formulario CPL.",
      5,
    ),
  ],
  preview: { prepare: () => ({ title: "Planes mensuales", subtitle: "/mensual" }) },
});
