/**
 * Small builders for the fields every page repeats, so each schema file reads like the content
 * model: name, Spanish title, and what the field changes on the site. Fields are required unless
 * built with an `optional*` helper.
 */
import { defineArrayMember, defineField } from "sanity";
import { listOf, referenceListOf } from "./rules";

type Extra = { group?: string | string[]; fieldset?: string; hidden?: boolean; readOnly?: boolean };

/** A one-line text: headings, labels, button texts. */
export const requiredString = (name: string, title: string, description: string, extra: Extra = {}) =>
  defineField({ name, title, description, type: "string", validation: (rule) => rule.required(), ...extra });

export const optionalString = (name: string, title: string, description: string, extra: Extra = {}) =>
  defineField({ name, title, description, type: "string", ...extra });

/**
 * A one-line text with placeholders the site fills in (`{n}`, `{busqueda}`…): required, and each of
 * `placeholders` must be in it, so a text cannot lose the number or the search it was written around.
 */
export const templateString = (name: string, title: string, description: string, placeholders: string[]) =>
  defineField({
    name,
    title,
    description,
    type: "string",
    validation: (rule) =>
      rule.required().custom((value: string | undefined) => {
        const missing = placeholders.filter((placeholder) => value && !value.includes(placeholder));
        return missing.length === 0 || `Falta ${missing.join(" y ")}: la web lo cambia por su valor.`;
      }),
  });

/** A paragraph of plain text. */
export const requiredText = (name: string, title: string, description: string, extra: Extra = {}) =>
  defineField({ name, title, description, type: "text", rows: 3, validation: (rule) => rule.required(), ...extra });

/** A list of one-line texts (bullets, options). `expected` is the count the layout was designed for. */
export const stringList = (name: string, title: string, description: string, expected?: number, extra: Extra = {}) =>
  defineField({
    name,
    title,
    description,
    type: "array",
    of: [defineArrayMember({ type: "string" })],
    validation: listOf(expected),
    ...extra,
  });

/** The page's search-engine block. */
export const seoField = (description = "Título y descripción de esta página en Google y al compartirla.") =>
  defineField({
    name: "seo",
    title: "SEO",
    description,
    type: "seo",
    validation: (rule) => rule.required(),
  });

/** A block of the page grouped as one object field (hero, process, final call to action…). */
export const section = (
  name: string,
  title: string,
  description: string,
  fields: ReturnType<typeof defineField>[],
  extra: Extra & { collapsed?: boolean } = {},
) => {
  const { collapsed = true, ...rest } = extra;
  return defineField({
    name,
    title,
    description,
    type: "object",
    options: { collapsible: true, collapsed },
    fields,
    validation: (rule) => rule.required(),
    ...rest,
  });
};

/** A list of objects of one named type (`step`, `feature`, `cta`…). */
export const objectList = (
  name: string,
  title: string,
  description: string,
  type: string,
  expected?: number,
  extra: Extra = {},
) =>
  defineField({
    name,
    title,
    description,
    type: "array",
    of: [defineArrayMember({ type })],
    validation: listOf(expected),
    ...extra,
  });

/** A list of references to documents of `type`, each at most once. */
export const referenceList = (
  name: string,
  title: string,
  description: string,
  type: string,
  expected?: number,
  extra: Extra = {},
) =>
  defineField({
    name,
    title,
    description,
    type: "array",
    of: [defineArrayMember({ type: "reference", to: [{ type }] })],
    validation: referenceListOf(expected),
    ...extra,
  });

/**
 * A picture from the media library, with hotspot/crop for the editor and an alternative text the site
 * reads aloud (required: every image field here carries meaning). docs/images.md explains sizes.
 */
export const imageField = (
  name: string,
  title: string,
  description: string,
  {
    required = true,
    altDescription = "Qué muestra la imagen, para quien no la ve (lectores de pantalla, Google).",
    ...extra
  }: Extra & { required?: boolean; altDescription?: string } = {},
) =>
  defineField({
    name,
    title,
    description,
    type: "image",
    options: { hotspot: true },
    fields: [
      defineField({
        name: "alt",
        title: "Texto alternativo",
        description: altDescription,
        type: "string",
        validation: (rule) => rule.required(),
      }),
    ],
    validation: (rule) => (required ? rule.required() : rule),
    ...extra,
  });
