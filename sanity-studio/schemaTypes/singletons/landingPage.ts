/** The landing page at /: every section in the order the visitor sees it. */
import { HomeIcon } from "@sanity/icons";
import { defineArrayMember, defineField, defineType } from "sanity";
import {
  imageField,
  objectList,
  referenceList,
  requiredString,
  requiredText,
  section,
  seoField,
  stringList,
} from "../fields";

export const landingPage = defineType({
  name: "landingPage",
  title: "Portada",
  type: "document",
  icon: HomeIcon,
  fields: [
    seoField(),
    section(
      "hero",
      "Cabecera",
      "Primer bloque de la portada (sección «inicio»).",
      [
        requiredString("badge", "Etiqueta", "Texto pequeño sobre el titular."),
        requiredString("title", "Titular", "Titular principal (H1), p. ej. «Captación de Leads B2B con Precio Fijo»."),
        requiredText("subtitle", "Subtítulo", "Párrafo bajo el titular."),
        requiredString(
          "trustClaim",
          "Frase de confianza",
          "Prueba social bajo los botones («Más de 30 empresas ya confían en nosotros»).",
        ),
        requiredString("primaryCtaLabel", "Botón principal", "Texto del botón que lleva a /calculadora."),
        requiredString("plansText", "Texto antes del enlace a planes", "Frase que precede al enlace a /mensual."),
        requiredString("plansLinkLabel", "Enlace a planes", "Texto del enlace a /mensual («planes mensuales»)."),
        stringList("highlights", "Puntos destacados", "Viñetas breves del hero."),
        defineField({
          name: "clientLogos",
          title: "Logos de clientes",
          description:
            "Logotipos junto a la frase de confianza (3 a 5). Mejor en un solo color sobre fondo transparente (PNG o SVG); se muestran en blanco.",
          type: "array",
          of: [
            defineArrayMember({
              type: "image",
              options: { hotspot: true },
              fields: [
                defineField({
                  name: "alt",
                  title: "Nombre de la empresa",
                  description: "Se lee en lugar del logo (lectores de pantalla).",
                  type: "string",
                  validation: (rule) => rule.required(),
                }),
              ],
            }),
          ],
          validation: (rule) => rule.min(3).max(5),
        }),
        imageField(
          "screenshot",
          "Captura de la app",
          "Pantalla del móvil junto al titular (solo en escritorio). Vertical, 640 × 1280 px o más.",
        ),
      ],
      { collapsed: false },
    ),
    section("process", "Proceso", "Los cuatro pasos (sección «proceso»).", [
      requiredString("heading", "Título", "Título de la sección."),
      requiredText("intro", "Introducción", "Texto bajo el título."),
      objectList(
        "steps",
        "Pasos",
        "Calcula tu precio, define tu lead ideal, recibe la oferta, empieza a recibir leads.",
        "step",
        4,
      ),
      requiredString("ctaLabel", "Botón", "Texto del botón que lleva a /calculadora."),
    ]),
    section("appShowcase", "App móvil", "Bloque que presenta la aplicación donde llegan los leads.", [
      requiredString("heading", "Título", "Título del bloque."),
      requiredText("intro", "Introducción", "Texto bajo el título."),
      objectList("features", "Características", "Tarjetas con lo que hace la app.", "feature"),
      imageField("screenshot", "Captura de la app", "Pantalla del móvil del bloque. Vertical, 640 × 1280 px o más."),
      requiredString("ctaLabel", "Botón", "Texto del botón que lleva a /calculadora."),
    ]),
    section("comparison", "Comparativa", "Publicidad tradicional frente a nuestro modelo.", [
      requiredString("heading", "Título", "Título del bloque."),
      requiredText("intro", "Introducción", "Texto bajo el título."),
      section("traditional", "Publicidad tradicional", "Columna de la izquierda.", [
        requiredString("title", "Título", "Título de la columna."),
        stringList("points", "Puntos", "Inconvenientes de la publicidad tradicional."),
      ]),
      section("ours", "Nuestro modelo", "Columna de la derecha.", [
        requiredString("title", "Título", "Título de la columna."),
        stringList("points", "Puntos", "Ventajas de nuestro modelo."),
      ]),
      requiredString("ctaLabel", "Botón", "Texto del botón que lleva a /calculadora."),
    ]),
    section("faq", "Preguntas frecuentes", "Acordeón de la sección «faq».", [
      requiredString("heading", "Título", "Título de la sección."),
      requiredText("intro", "Introducción", "Texto bajo el título."),
      referenceList(
        "items",
        "Preguntas",
        "Preguntas en el orden en que se muestran (la portada tiene 8).",
        "faqItem",
        8,
      ),
    ]),
    section("finalCta", "Llamada final", "Bloque antes del formulario de contacto.", [
      requiredString("heading", "Título", "Título del bloque."),
      requiredText("text", "Texto", "Texto bajo el título."),
      requiredString("ctaLabel", "Botón", "Texto del botón que lleva a /calculadora."),
    ]),
    section("contactSection", "Formulario de contacto", "Textos del formulario de la portada (y de /contacto).", [
      requiredString("heading", "Título", "Título sobre el formulario."),
      requiredText("intro", "Introducción", "Texto bajo el título."),
      requiredString("successTitle", "Título de éxito", "Título del panel tras enviar («¡Mensaje Enviado!»)."),
      requiredText("successText", "Texto de éxito", "Texto del panel tras enviar."),
      requiredString("resetLabel", "Botón para otro mensaje", "Botón que vacía el formulario («Enviar otro mensaje»)."),
    ]),
  ],
  preview: { prepare: () => ({ title: "Portada", subtitle: "/" }) },
});
