/**
 * Validation rules that protect the live site: link formats, slug format and reserved routes,
 * SEO lengths, number ranges and the layout's expected list sizes. Pure where possible so the tests
 * can exercise them directly.
 */
import type { ArrayRule, NumberRule, SlugRule, StringRule, ValidationContext } from "sanity";

/** Lowercase letters and digits in words joined by single hyphens: `software-b2b`. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Names a sector slug may not take: the site's own static routes and technical paths. A sector
 * page lives at /sectores/{slug}, so these would at best confuse editors and at worst collide with
 * links the site builds from the same names.
 */
export const RESERVED_SLUGS: readonly string[] = [
  "calculadora",
  "mensual",
  "sectores",
  "contacto",
  "legal",
  "siguiente",
  "borrador",
  "iniciar-servicio",
  "servicios",
  "google-ads",
  "api",
  "healthz",
  "sitemap",
  "robots",
  "studio",
  "admin",
  "build",
  "assets",
  "index",
  "nuevo",
];

export const SEO_TITLE_MAX = 60;
export const SEO_DESCRIPTION_MAX = 160;

/** Turns a sector name into a slug candidate: "Logística y Transporte" → "logistica-y-transporte". */
export function slugify(input: string): string {
  return input
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 96)
    .replace(/-+$/g, "");
}

/** Why a slug is unusable (Spanish, shown to the editor), or `true` when it is fine. */
export function checkSlug(current: string | undefined): true | string {
  if (!current) return "El slug es obligatorio: es la dirección de la página (/sectores/slug).";
  if (!SLUG_PATTERN.test(current)) {
    return "Usa solo minúsculas sin acentos, números y guiones entre palabras (p. ej. «software-b2b»).";
  }
  if (RESERVED_SLUGS.includes(current)) {
    return `«${current}» es una ruta reservada de la web; elige otro slug.`;
  }
  return true;
}

export const slugRule = (rule: SlugRule) =>
  rule.required().custom((value: { current?: string } | undefined) => (value ? checkSlug(value.current) : true));

const ABSOLUTE_URL = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
const INTERNAL_PATH = /^\/(?:[a-z0-9\-._~%!$&'()*+,;=:@/?#]*)$/i;

/** Where a button or link may point: an internal path (`/calculadora`) or an absolute http(s) URL. */
export function checkHref(value: string | undefined, { allowContact = false } = {}): true | string {
  if (value === undefined || value === "") return true;
  if (/\s/.test(value)) return "El enlace no puede contener espacios.";
  if (INTERNAL_PATH.test(value) && !value.startsWith("//")) return true;
  // An anchor of the same page (#contacto).
  if (/^#[A-Za-z0-9_-]+$/.test(value)) return true;
  if (ABSOLUTE_URL.test(value)) return true;
  if (allowContact && /^(mailto:[^\s@]+@[^\s@]+|tel:\+?[0-9 ()-]+)$/.test(value)) return true;
  return allowContact
    ? "Usa una ruta interna que empiece por «/» (p. ej. /calculadora), una URL completa (https://…), mailto: o tel:."
    : "Usa una ruta interna que empiece por «/» (p. ej. /calculadora) o una URL completa (https://…).";
}

export const hrefRule = (rule: StringRule) => rule.required().custom((value: string | undefined) => checkHref(value));

export const optionalHrefRule = (rule: StringRule) => rule.custom((value: string | undefined) => checkHref(value));

export const httpUrlRule = (rule: import("sanity").UrlRule) => rule.uri({ scheme: ["http", "https"] });

export const requiredHttpUrlRule = (rule: import("sanity").UrlRule) =>
  rule.required().uri({ scheme: ["http", "https"] });

export const seoTitleRule = (rule: StringRule) => [
  rule.required(),
  rule.max(SEO_TITLE_MAX).warning(`Google corta los títulos de más de ${SEO_TITLE_MAX} caracteres; acórtalo.`),
];

export const seoDescriptionRule = (rule: StringRule) => [
  rule.required(),
  rule
    .max(SEO_DESCRIPTION_MAX)
    .warning(`Google corta las descripciones de más de ${SEO_DESCRIPTION_MAX} caracteres; acórtala.`),
];

/** A percentage such as a conversion rate. */
export const percentRule = (rule: NumberRule) => rule.min(0).max(100).error("Debe ser un porcentaje entre 0 y 100.");

/** An amount of money in euros. */
export const moneyRule = (rule: NumberRule) => rule.min(0).error("Un importe no puede ser negativo.");

export const requiredPercentRule = (rule: NumberRule) => percentRule(rule.required());
export const requiredMoneyRule = (rule: NumberRule) => moneyRule(rule.required());

export const orderRule = (rule: NumberRule) =>
  rule.required().integer().min(0).error("El orden es un número entero de 0 en adelante.");

/**
 * A list the page layout was designed around: at least one item is required (error), and a
 * different count than the design's is flagged (warning) so the editor checks how it looks.
 */
export const listOf = (expected?: number) => (rule: ArrayRule<unknown[]>) => {
  const rules = [rule.required().min(1)];
  if (expected !== undefined) {
    rules.push(
      rule
        .length(expected)
        .warning(`La página está diseñada para ${expected} elementos; revisa cómo se ve con otro número.`),
    );
  }
  return rules;
};

/** A list of references that must not contain the same document twice. */
export const referenceListOf = (expected?: number) => (rule: ArrayRule<unknown[]>) => [
  ...listOf(expected)(rule),
  rule.unique().error("El mismo documento aparece dos veces."),
];

/**
 * Checks that no other published or draft document of `type` has the same `field` value.
 * Used for keys the site looks documents up by (plan keys).
 */
export async function isUniqueAcrossType(
  value: unknown,
  context: ValidationContext,
  type: string,
  field: string,
): Promise<boolean> {
  if (value === undefined || value === null || value === "") return true;
  const id = context.document?._id ?? "";
  const publishedId = id.replace(/^drafts\./, "").replace(/^versions\.[^.]+\./, "");
  const client = context.getClient({ apiVersion: "2025-02-19" }).withConfig({ perspective: "raw" });
  const taken = await client.fetch<boolean>(
    `defined(*[_type == $type && ${field} == $value && !sanity::versionOf($publishedId)][0]._id)`,
    { type, value, publishedId },
  );
  return !taken;
}

/**
 * The calculator's name of a sector page (its `calculatorName`, or else its `sectorName`) must not be
 * another page's or a calculator-only record's, or the dropdown would show the same choice twice.
 */
export async function isCalculatorNameFree(value: unknown, context: ValidationContext): Promise<boolean> {
  const document = context.document as { _id?: string; sectorName?: unknown } | undefined;
  const name = typeof value === "string" && value.trim() ? value.trim() : document?.sectorName;
  if (typeof name !== "string" || !name.trim()) return true;
  const publishedId = (document?._id ?? "").replace(/^drafts\./, "").replace(/^versions\.[^.]+\./, "");
  const client = context.getClient({ apiVersion: "2025-02-19" }).withConfig({ perspective: "raw" });
  const taken = await client.fetch<boolean>(
    `defined(*[!sanity::versionOf($publishedId) && (
      (_type == "sectorPage" && lower(coalesce(calculatorName, sectorName)) == lower($name)) ||
      (_type == "calculatorSector" && lower(name) == lower($name))
    )][0]._id)`,
    { name, publishedId },
  );
  return !taken;
}
