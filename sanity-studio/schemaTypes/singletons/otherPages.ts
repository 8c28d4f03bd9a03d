/**
 * The remaining singleton pages: /calculadora, /sectores, /servicios/google-ads, /contacto, /legal,
 * /siguiente, /borrador and /iniciar-servicio.
 */
import {
  BookIcon,
  ControlsIcon,
  DocumentsIcon,
  EnvelopeIcon,
  RocketIcon,
  StackCompactIcon,
  TrendUpwardIcon,
  UlistIcon,
} from "@sanity/icons";
import { defineField, defineType } from "sanity";
import {
  objectList,
  optionalString,
  referenceList,
  requiredString,
  requiredText,
  section,
  seoField,
  stringList,
  templateString,
} from "../fields";

const richText = (name: string, title: string, description: string) =>
  defineField({ name, title, description, type: "portableText", validation: (rule) => rule.required() });

export const calculatorPage = defineType({
  name: "calculatorPage",
  title: "Calculadora",
  type: "document",
  icon: ControlsIcon,
  fields: [
    seoField(),
    section(
      "hero",
      "Cabecera",
      "Primer bloque de /calculadora.",
      [
        requiredString("badge", "Etiqueta", "Texto pequeño sobre el titular."),
        requiredString("title", "Titular", "Titular principal (H1)."),
        requiredText("subtitle", "Subtítulo", "Párrafo bajo el titular."),
      ],
      { collapsed: false },
    ),
    objectList("introCards", "Tarjetas de introducción", "Tarjetas sobre la calculadora.", "feature"),
    section(
      "sectorField",
      "Campo «Sector»",
      "Textos del campo donde el visitante elige su sector (aquí y en los bloques «Calculadora» de las páginas de campaña, salvo que el bloque ponga los suyos).",
      [
        requiredString(
          "selectPlaceholder",
          "Texto sin sector elegido",
          "Primera opción del desplegable, antes de elegir («Selecciona tu sector»).",
        ),
        requiredString(
          "searchPlaceholder",
          "Texto del buscador",
          "Texto gris dentro del campo cuando hay tantos sectores que se buscan escribiendo («Escribe tu sector para buscarlo»).",
        ),
      ],
    ),
    section("howWeWork", "Cómo trabajamos", "Los tres pasos bajo los resultados.", [
      requiredString("heading", "Título", "Título del bloque."),
      objectList("steps", "Pasos", "Cada paso: título y descripción.", "step", 3),
    ]),
    section("guarantee", "Garantía", "Nota de devolución por calidad.", [
      requiredString("title", "Título", "Título de la nota."),
      requiredText("text", "Texto", "Texto de la nota."),
    ]),
    section("leadForm", "Formulario de datos", "Formulario que aparece tras calcular.", [
      requiredString("heading", "Título", "Título del formulario («Completa tus datos»)."),
      requiredText("intro", "Introducción", "Texto bajo el título."),
      requiredString("submitLabel", "Botón de envío", "Texto del botón que envía el análisis."),
      requiredString("thankYouTitle", "Título de agradecimiento", "Título de la pantalla tras enviar."),
      requiredText("thankYouText", "Texto de agradecimiento", "Texto de la pantalla tras enviar."),
      requiredString(
        "resetLabel",
        "Botón para otra consulta",
        "Botón que vuelve a empezar («Realizar otra consulta»).",
      ),
    ]),
  ],
  preview: { prepare: () => ({ title: "Calculadora", subtitle: "/calculadora" }) },
});

export const sectorsDirectory = defineType({
  name: "sectorsDirectory",
  title: "Directorio de sectores",
  type: "document",
  icon: UlistIcon,
  fields: [
    seoField(),
    section(
      "hero",
      "Cabecera",
      "Primer bloque de /sectores.",
      [
        requiredString("badge", "Etiqueta", "Texto pequeño sobre el titular."),
        requiredString("title", "Titular", "Titular principal (H1)."),
        requiredText("subtitle", "Subtítulo", "Párrafo bajo el titular."),
      ],
      { collapsed: false },
    ),
    requiredString("featuredHeading", "Título de destacados", "Título de la rejilla de sectores destacados."),
    requiredString("allHeading", "Título de todos", "Título de la rejilla con todos los sectores."),
    requiredString(
      "tooltipLabel",
      "Texto del botón de información",
      "Inicio del nombre accesible del botón «i» de cada sector, seguido del nombre del sector («Más información sobre» → «Más información sobre Construcción»).",
    ),
    section(
      "listControls",
      "Buscador y páginas de la lista",
      "Textos del buscador, del recuento y de los enlaces de página que aparecen en «Todos los sectores» cuando hay más sectores de los que caben en una página. En los textos con {busqueda} y {n}, la web pone lo que buscó el visitante y cuántos sectores encontró.",
      [
        requiredString("searchLabel", "Título del buscador", "Rótulo sobre el campo de búsqueda («Buscar un sector»)."),
        requiredString(
          "searchPlaceholder",
          "Ejemplo dentro del buscador",
          "Texto gris dentro del campo vacío («Por ejemplo: construcción, software, clínicas…»).",
        ),
        requiredString("searchButton", "Botón de buscar", "Texto del botón que busca («Buscar»)."),
        requiredString(
          "searchName",
          "Nombre del buscador",
          "Cómo anuncian el buscador los lectores de pantalla («Sectores»).",
        ),
        templateString(
          "resultOne",
          "Recuento con un resultado",
          "Línea sobre la lista cuando la búsqueda encuentra un sector («1 sector para «{busqueda}»»).",
          ["{busqueda}"],
        ),
        templateString(
          "resultMany",
          "Recuento con varios resultados",
          "Línea sobre la lista cuando la búsqueda encuentra varios sectores («{n} sectores para «{busqueda}»»).",
          ["{n}", "{busqueda}"],
        ),
        templateString(
          "noResultTitle",
          "Sin resultados",
          "Frase cuando la búsqueda no encuentra nada («No hemos encontrado ningún sector que coincida con «{busqueda}».»).",
          ["{busqueda}"],
        ),
        requiredString(
          "noResultText",
          "Sin resultados: sugerencia",
          "Texto antes del enlace a la lista completa («Prueba con otra palabra o»).",
        ),
        requiredString(
          "noResultLink",
          "Sin resultados: enlace",
          "Texto del enlace que vuelve a la lista completa («consulta la lista completa»).",
        ),
        requiredString("previous", "Página anterior", "Enlace a la página anterior de la lista («Anterior»)."),
        requiredString("next", "Página siguiente", "Enlace a la página siguiente de la lista («Siguiente»)."),
        requiredString(
          "pageLabel",
          "Número de página",
          "Lo que anuncian los lectores de pantalla antes de cada número de página («Página» → «Página 2»).",
        ),
        requiredString(
          "pagesName",
          "Nombre de los enlaces de página",
          "Cómo anuncian los lectores de pantalla el grupo de enlaces de página («Páginas de la lista de sectores»).",
        ),
      ],
    ),
    section("finalCta", "Llamada final", "Bloque final de /sectores.", [
      requiredString("heading", "Título", "Título del bloque."),
      requiredText("text", "Texto", "Texto bajo el título."),
      requiredString("ctaLabel", "Botón", "Texto del botón que lleva a /contacto."),
    ]),
    section(
      "sectorPageLabels",
      "Textos comunes de las páginas de sector",
      "Palabras que comparten todas las páginas /sectores/…: tarjetas de cifras y columnas de la tabla de proyección.",
      [
        requiredString(
          "relatedHeading",
          "Título de sectores relacionados",
          "Título del bloque que enlaza otros sectores al final de cada página de sector («Otros sectores que te pueden interesar»).",
        ),
        requiredString(
          "conversionRate",
          "Tarjeta de conversión",
          "Rótulo de la tarjeta de tasa de conversión («Tasa de conversión»).",
        ),
        requiredString(
          "averageProfit",
          "Tarjeta de valor por cliente",
          "Rótulo de la tarjeta de valor medio («Valor medio por cliente»).",
        ),
        requiredString(
          "costPerLead",
          "Tarjeta de coste por lead",
          "Rótulo de la tarjeta de coste por lead («Coste por lead»).",
        ),
        optionalString(
          "leadsPerMonth",
          "Texto tras el rango de leads",
          "Lo que sigue al rango mínimo–máximo de leads en la cabecera de cada sector («leads al mes»). Opcional.",
        ),
        section(
          "projectionColumns",
          "Columnas de la proyección",
          "Encabezados de la tabla de proyección de resultados.",
          [
            requiredString("investment", "Inversión", "Columna de inversión («Inversión mensual»)."),
            requiredString("leads", "Leads", "Columna de leads."),
            requiredString("clients", "Clientes", "Columna de clientes."),
            requiredString("revenue", "Ingresos", "Columna de ingresos."),
            requiredString("roi", "ROI", "Columna de retorno de la inversión."),
          ],
        ),
      ],
    ),
  ],
  preview: { prepare: () => ({ title: "Directorio de sectores", subtitle: "/sectores" }) },
});

export const googleAdsPage = defineType({
  name: "googleAdsPage",
  title: "Servicio Google Ads",
  type: "document",
  icon: TrendUpwardIcon,
  fields: [
    seoField(),
    section(
      "hero",
      "Cabecera",
      "Primer bloque de /servicios/google-ads.",
      [
        requiredString("badge", "Etiqueta", "Texto pequeño sobre el titular."),
        requiredString("title", "Titular", "Titular principal (H1)."),
        requiredText("description", "Descripción", "Párrafo bajo el titular."),
        requiredString("primaryCtaLabel", "Botón principal", "Botón hacia /calculadora («Calcular mi ROI»)."),
        requiredString("secondaryCtaLabel", "Botón secundario", "Botón hacia /contacto («Auditoría Gratuita»)."),
      ],
      { collapsed: false },
    ),
    objectList("stats", "Cifras", "Las cuatro tarjetas de cifras.", "stat", 4),
    section("included", "Qué incluye", "Lista de lo incluido en el servicio.", [
      requiredString("heading", "Título", "Título de la lista."),
      stringList("items", "Elementos", "Lo que incluye el servicio (8).", 8),
    ]),
    section("process", "Proceso", "Los siete pasos del trabajo.", [
      requiredString("heading", "Título", "Título de la sección."),
      objectList("steps", "Pasos", "Cada paso: título y descripción.", "step", 7),
    ]),
    section("finalCta", "Llamada final", "Bloque final con botones a /calculadora y /contacto.", [
      requiredString("heading", "Título", "Título del bloque."),
      requiredText("text", "Texto", "Texto bajo el título."),
      requiredString("primaryLabel", "Botón principal", "Botón hacia /calculadora."),
      requiredString("secondaryLabel", "Botón secundario", "Botón hacia /contacto («Solicitar Auditoría Gratuita»)."),
    ]),
  ],
  preview: { prepare: () => ({ title: "Servicio Google Ads", subtitle: "/servicios/google-ads" }) },
});

export const contactPage = defineType({
  name: "contactPage",
  title: "Contacto",
  type: "document",
  icon: EnvelopeIcon,
  fields: [
    seoField(),
    section(
      "hero",
      "Cabecera",
      "Primer bloque de /contacto.",
      [
        requiredString("title", "Titular", "Titular principal (H1)."),
        requiredText("subtitle", "Subtítulo", "Párrafo bajo el titular."),
      ],
      { collapsed: false },
    ),
    section(
      "channels",
      "Canales de contacto",
      "Bloque con email, teléfono y WhatsApp (los datos salen de Ajustes del sitio).",
      [requiredString("heading", "Título", "Título del bloque."), requiredText("text", "Texto", "Texto del bloque.")],
    ),
  ],
  preview: { prepare: () => ({ title: "Contacto", subtitle: "/contacto" }) },
});

export const legalPage = defineType({
  name: "legalPage",
  title: "Aviso legal y privacidad",
  type: "document",
  icon: BookIcon,
  fields: [
    seoField(),
    requiredString("title", "Título", "Titular de /legal."),
    defineField({
      name: "updatedAt",
      title: "Última actualización",
      description: "Fecha que se muestra como «última actualización».",
      type: "date",
      validation: (rule) => rule.required(),
    }),
    richText("legalNotice", "Aviso legal", "Texto del aviso legal (LSSI)."),
    richText("privacyPolicy", "Política de privacidad", "Texto de la política de privacidad (RGPD)."),
    richText("cookiePolicy", "Política de cookies", "Texto de la política de cookies."),
  ],
  preview: { prepare: () => ({ title: "Aviso legal y privacidad", subtitle: "/legal" }) },
});

export const nextStepsPage = defineType({
  name: "nextStepsPage",
  title: "Siguientes pasos",
  type: "document",
  icon: RocketIcon,
  fields: [
    seoField(),
    section(
      "hero",
      "Cabecera",
      "Primer bloque de /siguiente.",
      [
        requiredString("title", "Titular", "Titular principal (H1)."),
        requiredText("subtitle", "Subtítulo", "Párrafo bajo el titular."),
      ],
      { collapsed: false },
    ),
    objectList(
      "steps",
      "Pasos",
      "Los cinco pasos del alta; el primero enlaza con el borrador del contrato (/borrador).",
      "nextStep",
      5,
    ),
    section("contact", "Contacto", "Bloque final con email, WhatsApp y reserva de videollamada.", [
      requiredString("heading", "Título", "Título del bloque."),
      requiredText("text", "Texto", "Texto del bloque (promesa de contacto en 24-48 h)."),
      requiredString("emailLabel", "Texto del enlace de email", "Enlace al email de Ajustes del sitio."),
      requiredString("whatsappLabel", "Texto del enlace de WhatsApp", "Enlace al WhatsApp de Ajustes del sitio."),
      requiredString("bookingLabel", "Texto del enlace de videollamada", "Enlace a la reserva de Ajustes del sitio."),
    ]),
  ],
  preview: { prepare: () => ({ title: "Siguientes pasos", subtitle: "/siguiente" }) },
});

export const draftContractPage = defineType({
  name: "draftContractPage",
  title: "Borrador de contrato",
  type: "document",
  icon: DocumentsIcon,
  fields: [
    seoField(),
    requiredString("title", "Título", "Titular de /borrador."),
    requiredText("intro", "Introducción", "Texto bajo el titular."),
    objectList("sections", "Cláusulas", "Las diez cláusulas del contrato, en orden.", "contractSection", 10),
  ],
  preview: { prepare: () => ({ title: "Borrador de contrato", subtitle: "/borrador" }) },
});

export const serviceStartPage = defineType({
  name: "serviceStartPage",
  title: "Iniciar servicio",
  type: "document",
  icon: StackCompactIcon,
  fields: [
    seoField("Título y descripción de /iniciar-servicio («Iniciar Servicio - Crea tu Página Web Profesional»)."),
    requiredString("heading", "Titular", "Titular del formulario («Iniciar tu Servicio Web»)."),
    requiredText("intro", "Introducción", "Texto bajo el titular."),
    section("cards", "Títulos de las tarjetas", "Títulos de las cinco tarjetas del formulario.", [
      requiredString("contact", "Contacto", "Tarjeta de datos de contacto."),
      requiredString("business", "Negocio", "Tarjeta de datos del negocio."),
      requiredString("design", "Diseño", "Tarjeta de diseño y estilo."),
      requiredString("logo", "Logo", "Tarjeta del logo."),
      requiredString("plan", "Plan", "Tarjeta de elección de plan."),
    ]),
    stringList("styleOptions", "Estilos", "Opciones de «Estilo preferido» (8).", 8),
    referenceList("plans", "Planes", "Planes que se pueden elegir (Presencia Activa y Captación Pro).", "plan", 2),
    section("logoOffer", "Oferta de logo", "Aviso que aparece al pedir que diseñemos el logo.", [
      requiredString("title", "Título", "Título de la oferta."),
      requiredText("text", "Texto", "Texto de la oferta (100 € gratis este mes)."),
    ]),
    requiredString("submitLabel", "Botón de envío", "Texto del botón («Continuar al Pago»)."),
    requiredString("sendingLabel", "Botón mientras envía", "Texto del botón mientras se envía («Procesando...»)."),
    requiredText("paymentNote", "Nota de pago", "Aviso de que se redirige a una pasarela de pago segura."),
    requiredString("calculatorLinkLabel", "Enlace a la calculadora", "Texto del enlace a /calculadora."),
    requiredString("successTitle", "Título de éxito", "Título que se ve tras enviar."),
    requiredText("successText", "Texto de éxito", "Texto que se ve tras enviar."),
    requiredString("paymentLinkLabel", "Enlace al pago", "Texto del enlace que abre el pago («Ir al pago»)."),
  ],
  preview: { prepare: () => ({ title: "Iniciar servicio", subtitle: "/iniciar-servicio" }) },
});
