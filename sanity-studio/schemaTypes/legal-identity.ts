/**
 * The company's legal identity, kept once in site settings and shown by the legal notice, the privacy
 * and cookie policies, the draft contract and the notice beside every form. Long texts point at these
 * fields (the `legalValue` inline object) instead of copying them. The site lists the same keys in
 * app/lib/legal-identity.ts (tests/legal-identity.test.ts checks that the needed ones agree).
 */
import { defineArrayMember, defineField } from "sanity";

/**
 * Every field, in the order the Studio shows them; `needed` ones are required before going live. A
 * string unless the entry gives another type.
 */
export const LEGAL_IDENTITY_FIELDS = [
  {
    name: "companyName",
    title: "Razón social",
    description: "Nombre legal de la sociedad o del titular (p. ej. «Ejemplo Marketing, S.L.»).",
    needed: true,
  },
  { name: "taxId", title: "NIF/CIF", description: "Número de identificación fiscal del titular.", needed: true },
  {
    name: "address",
    title: "Domicilio",
    description: "Domicilio social completo: calle, número, código postal, ciudad y provincia.",
    needed: true,
    type: "text",
    rows: 2,
  },
  {
    name: "registryData",
    title: "Datos registrales",
    description: "Registro Mercantil, tomo, folio, hoja e inscripción (o «No inscrita» si no aplica).",
    needed: true,
  },
  { name: "email", title: "Email", description: "Email de contacto del titular para asuntos legales.", needed: true },
  {
    name: "phone",
    title: "Teléfono",
    description: "Teléfono de contacto del titular para asuntos legales.",
    needed: true,
  },
  {
    name: "dataProtectionContact",
    title: "Contacto de protección de datos",
    description:
      "Email o dirección para ejercer los derechos de protección de datos (o del delegado de protección de datos, si lo hay).",
    needed: true,
  },
  {
    name: "jurisdiction",
    title: "Juzgados competentes",
    description: "Ciudad cuyos juzgados resuelven los conflictos (p. ej. «Lleida»).",
    needed: false,
  },
] as const;

/** The site settings field: one group of its own, each needed field warned about while empty. */
export const legalIdentityField = defineField({
  name: "legalIdentity",
  title: "Identidad legal",
  description:
    "Los datos de la empresa que exigen el aviso legal, la política de privacidad y el contrato. Lo que falte no se muestra en la web (y /healthz lo lista): rellénalo antes de publicar la web.",
  type: "object",
  group: "legal",
  options: { collapsible: false },
  fields: LEGAL_IDENTITY_FIELDS.map((field) =>
    defineField({
      name: field.name,
      title: field.title,
      description: field.description,
      ...("type" in field ? { type: field.type, rows: field.rows } : { type: "string" }),
      validation: (rule) =>
        field.needed ? rule.required().warning(`Falta «${field.title}»: necesario antes de publicar la web.`) : rule,
    }),
  ),
});

/** An inline reference to one identity field inside a long text ('Razón social: {razón social}'). */
export const legalValueMember = defineArrayMember({
  name: "legalValue",
  title: "Dato de la identidad legal",
  type: "object",
  fields: [
    defineField({
      name: "field",
      title: "Dato",
      description:
        "Qué dato de Ajustes del sitio › Identidad legal se escribe aquí. Si está vacío, el párrafo entero no se muestra.",
      type: "string",
      options: { list: LEGAL_IDENTITY_FIELDS.map((field) => ({ title: field.title, value: field.name })) },
      validation: (rule) => rule.required(),
    }),
  ],
  preview: {
    select: { field: "field" },
    prepare: ({ field }) => ({
      title: LEGAL_IDENTITY_FIELDS.find((candidate) => candidate.name === field)?.title ?? "Dato legal",
    }),
  },
});
