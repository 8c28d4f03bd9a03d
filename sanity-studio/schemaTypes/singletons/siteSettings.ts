/** Site-wide settings: brand, contact data, external addresses, menu, footer, consent and 404. */
import { CogIcon } from "@sanity/icons";
import { defineField, defineType } from "sanity";
import { objectList, optionalString, requiredString, requiredText, section } from "../fields";
import { legalIdentityField } from "../legal-identity";
import { httpUrlRule, requiredHttpUrlRule } from "../rules";

const requiredUrl = (name: string, title: string, description: string) =>
  defineField({ name, title, description, type: "url", validation: requiredHttpUrlRule });

export const siteSettings = defineType({
  name: "siteSettings",
  title: "Ajustes del sitio",
  type: "document",
  icon: CogIcon,
  groups: [
    { name: "general", title: "General", default: true },
    { name: "legal", title: "Identidad legal" },
  ],
  // Every field not in the legal identity's group belongs to the general one (the default tab).
  fields: [
    legalIdentityField,
    requiredString(
      "siteName",
      "Nombre de la marca",
      "Se muestra en la cabecera, el pie y los títulos de página (p. ej. «LeadsB2B»).",
    ),
    section(
      "organization",
      "Organización",
      "La empresa que presta el servicio, tal como la ven los buscadores (datos estructurados).",
      [
        requiredString("name", "Nombre", "Nombre legal o comercial de la empresa."),
        defineField({
          name: "url",
          title: "Web",
          description: "Dirección principal de la empresa.",
          type: "url",
          validation: requiredHttpUrlRule,
        }),
        defineField({
          name: "logoUrl",
          title: "URL del logo",
          description: "Dirección de una imagen del logo para los buscadores (opcional).",
          type: "url",
          validation: httpUrlRule,
        }),
      ],
    ),
    requiredString("phone", "Teléfono", "Teléfono que se muestra en la web, tal cual (p. ej. «+34 600 000 000»)."),
    defineField({
      name: "whatsappNumber",
      title: "Número de WhatsApp",
      description:
        "Solo dígitos, con prefijo de país y sin «+» (p. ej. 34600000000). Lo usa el botón flotante de WhatsApp.",
      type: "string",
      validation: (rule) =>
        rule
          .required()
          .regex(/^[1-9]\d{7,14}$/, { name: "dígitos" })
          .error("Escribe solo dígitos, con el prefijo del país y sin «+» ni espacios."),
    }),
    requiredText(
      "whatsappMessage",
      "Mensaje de WhatsApp",
      "Mensaje que aparece ya escrito al abrir el chat de WhatsApp.",
    ),
    requiredString(
      "whatsappLabel",
      "Etiqueta del botón de WhatsApp",
      "Nombre accesible del botón flotante (lo leen los lectores de pantalla).",
    ),
    defineField({
      name: "email",
      title: "Email de contacto",
      description: "Dirección de email que se muestra en la web.",
      type: "string",
      validation: (rule) => rule.required().email(),
    }),
    requiredUrl("appUrl", "URL de la App", "Dirección de la aplicación web que abre el botón «Accede a la App»."),
    requiredString(
      "appButtonLabel",
      "Texto del botón de la App",
      "Texto completo del botón de la cabecera («Accede a la App»).",
    ),
    requiredString("appButtonShortLabel", "Texto corto del botón de la App", "Versión corta para móviles («App»)."),
    requiredUrl(
      "bookingUrl",
      "URL de reserva de videollamada",
      "Página externa a la que llevan «Agendar Llamada» y los pasos siguientes.",
    ),
    requiredUrl(
      "startServiceUrl",
      "URL de «Empezar Ahora»",
      "Página externa de inicio de servicio de los planes mensuales.",
    ),
    section(
      "paymentLinks",
      "Enlaces de pago",
      "Páginas de pago que se abren tras enviar /iniciar-servicio, una por plan.",
      [
        requiredUrl("presenciaActiva", "Presencia Activa", "Enlace de pago del plan Presencia Activa."),
        requiredUrl("captacionPro", "Captación Pro", "Enlace de pago del plan Captación Pro."),
      ],
    ),
    defineField({
      name: "studioUrl",
      title: "URL del Studio",
      description: "Origen del Studio alojado, para permitir la vista previa dentro del Studio (opcional).",
      type: "url",
      validation: httpUrlRule,
    }),
    defineField({
      name: "tracking",
      title: "Medición de conversiones",
      description: "Identificadores de Google Ads y Meta. Vacío = no se carga ningún script de seguimiento.",
      type: "object",
      options: { collapsible: true, collapsed: true },
      fields: [
        defineField({
          name: "googleAdsId",
          title: "ID de Google Ads",
          description: "Formato AW-123456789.",
          type: "string",
          validation: (rule) => rule.regex(/^AW-\d+$/, { name: "AW-…" }).error("Formato: AW-123456789."),
        }),
        optionalString(
          "googleAdsLeadLabel",
          "Etiqueta de conversión (lead)",
          "Etiqueta de la conversión de los formularios (valor 100 €).",
        ),
        optionalString(
          "googleAdsContactLabel",
          "Etiqueta de conversión (contacto)",
          "Etiqueta de la conversión de contacto (valor 20 €).",
        ),
        defineField({
          name: "metaPixelId",
          title: "ID del píxel de Meta",
          description: "Solo dígitos.",
          type: "string",
          validation: (rule) => rule.regex(/^\d+$/, { name: "dígitos" }).error("El ID del píxel son solo dígitos."),
        }),
      ],
    }),
    objectList("navigation", "Menú", "Elementos del menú de la cabecera, en orden.", "navItem"),
    section("footer", "Pie de página", "Textos y enlaces del pie de todas las páginas.", [
      requiredText("tagline", "Lema", "Frase bajo la marca en el pie."),
      objectList("links", "Enlaces", "Enlaces del pie (Sectores, Calculadora ROI, Contacto…).", "cta"),
      requiredString("legalLinkLabel", "Texto del enlace legal", "Texto del enlace a /legal."),
      requiredString("copyright", "Copyright", "Línea de copyright (p. ej. «© 2024 LeadsB2B»)."),
    ]),
    defineField({
      name: "defaultSeo",
      title: "SEO por defecto",
      description: "Título y descripción que se usan cuando una página no tiene los suyos.",
      type: "seo",
      validation: (rule) => rule.required(),
    }),
    section("notFound", "Página no encontrada (404)", "Lo que ve quien entra en una dirección que no existe.", [
      requiredString("title", "Título", "Titular de la página 404 («Oops! Page not found»)."),
      requiredText("text", "Texto", "Explicación bajo el titular."),
      requiredString("linkLabel", "Texto del enlace", "Enlace de vuelta a la portada."),
    ]),
    section(
      "privacyNotice",
      "Aviso de privacidad de los formularios",
      "Primera capa de información de protección de datos junto a cada formulario.",
      [
        requiredString("heading", "Título", "Título del aviso."),
        requiredString(
          "controller",
          "Responsable",
          "Etiqueta de la línea del responsable (p. ej. «Responsable»); la web añade la razón social de Identidad legal y la marca.",
        ),
        requiredText("purpose", "Finalidad", "Para qué se usan los datos."),
        requiredText("legalBasis", "Legitimación", "Base legal del tratamiento."),
        requiredText("recipients", "Destinatarios", "A quién se comunican los datos."),
        requiredText("rights", "Derechos", "Derechos de la persona y cómo ejercerlos."),
        requiredString(
          "moreInfoLabel",
          "Texto del enlace a más información",
          "Enlace a la política de privacidad en /legal.",
        ),
      ],
    ),
    section("cookieBanner", "Aviso de cookies", "Textos del banner y del panel de configuración de cookies.", [
      requiredString("title", "Título", "Título del banner."),
      requiredText("text", "Texto", "Explicación del uso de cookies."),
      requiredString(
        "policyLinkLabel",
        "Enlace a la política de cookies",
        "Texto del enlace del banner a la política de cookies (/legal#cookies).",
      ),
      requiredString("acceptLabel", "Botón aceptar", "Texto del botón que acepta todas las cookies."),
      requiredString("rejectLabel", "Botón rechazar", "Texto del botón que rechaza las opcionales."),
      requiredString("configureLabel", "Botón configurar", "Texto del botón que abre el panel de configuración."),
      requiredString("saveLabel", "Botón guardar", "Texto del botón que guarda la selección."),
      requiredString("necessaryLabel", "Cookies técnicas", "Nombre de la categoría siempre activa."),
      requiredText("necessaryDescription", "Descripción de las técnicas", "Explicación de las cookies técnicas."),
      requiredString("analyticsLabel", "Cookies analíticas", "Nombre de la categoría analítica."),
      requiredText("analyticsDescription", "Descripción de las analíticas", "Explicación de las cookies analíticas."),
      requiredString("advertisingLabel", "Cookies publicitarias", "Nombre de la categoría publicitaria."),
      requiredText(
        "advertisingDescription",
        "Descripción de las publicitarias",
        "Explicación de las cookies publicitarias.",
      ),
      requiredString(
        "footerLinkLabel",
        "Enlace del pie",
        "Texto del enlace del pie que reabre el panel («Configuración de cookies»).",
      ),
    ]),
  ].map((field) => ("group" in field && field.group ? field : { ...field, group: "general" })),
  preview: { prepare: () => ({ title: "Ajustes del sitio" }) },
});
