/**
 * Links that name a page of the site (CONTRACT of campaign pages, 'Links'; docs/content-model.md): a
 * `page` reference to a sector page, a campaign page or a single page, with an optional `anchor` kept
 * after the page's current path; the site prints that path (app/content/fragments.ts, LINK_HREF), so a
 * rename never breaks the link, and Sanity refuses to delete a page something links to (a strong
 * reference; «Dónde aparece» names who links to it). Other addresses stay typed in `href`.
 */
import { defineField } from "sanity";
import { checkHref } from "./rules";

/** Every document type a link may name: the pages with a path of their own (the single pages' paths: presentation/appearances.ts). */
export const LINK_TARGET_TYPES = [
  "sectorPage",
  "campaignPage",
  "landingPage",
  "plansPage",
  "calculatorPage",
  "sectorsDirectory",
  "googleAdsPage",
  "contactPage",
  "legalPage",
  "nextStepsPage",
  "draftContractPage",
  "serviceStartPage",
] as const;

/** `#seccion`, `?origen=feria` or both, after a page's path. */
const ANCHOR = /^(?:\?[^\s#]+)?(?:#[A-Za-z0-9_-]+)?$/;

/** The anchor's problem (Spanish), or true. */
export function checkAnchor(value: string | undefined): true | string {
  if (!value) return true;
  return ANCHOR.test(value)
    ? true
    : "Escribe un ancla que empiece por «#» (p. ej. #contacto) o parámetros que empiecen por «?» (p. ej. ?origen=feria).";
}

/** A link's target as an editor fills it: one of a page (with its anchor) or a typed address. */
interface LinkValue {
  page?: { _ref?: string } | null;
  href?: string;
}

/**
 * «Página de la web» and its «Ancla o parámetros»: the part of a link that names a page. A `cta` and a
 * rich text `link` add «Otra dirección» (linkTargetFields); a menu item and a next step keep their own
 * typed field beside it (schemaTypes/objects/index.ts, `navItem.target`, `nextStep.linkHref`).
 */
export function linkPageFields({ hidden }: { hidden?: (parent: Record<string, unknown> | undefined) => boolean } = {}) {
  return [
    defineField({
      name: "page",
      title: "Página de la web",
      description:
        "Elige la página (sector, campaña o página fija): el enlace sigue a la página aunque cambie su dirección, y la página no se puede borrar mientras algo enlace a ella.",
      type: "reference",
      to: LINK_TARGET_TYPES.map((type) => ({ type })),
      options: { disableNew: true },
      ...(hidden ? { hidden: ({ parent }) => hidden(parent as Record<string, unknown> | undefined) } : {}),
    }),
    defineField({
      name: "anchor",
      title: "Ancla o parámetros",
      description: "Opcional, tras la dirección de la página: «#contacto» o «?origen=feria».",
      type: "string",
      hidden: ({ parent }) => !(parent as LinkValue | undefined)?.page,
      validation: (rule) => rule.custom((value: string | undefined) => checkAnchor(value)),
    }),
  ];
}

/** The fields a link gets: «Página de la web», «Ancla o parámetros» and «Otra dirección». */
export function linkTargetFields({ allowContact = false }: { allowContact?: boolean } = {}) {
  return [
    ...linkPageFields(),
    defineField({
      name: "href",
      title: "Otra dirección",
      description: allowContact
        ? "Si el enlace no va a una página de la web: URL completa (https://…), mailto:, tel: o #ancla de esta página."
        : "Si el enlace no va a una página de la web: URL completa (https://…) o #ancla de esta página.",
      type: "string",
      hidden: ({ parent }) => Boolean((parent as LinkValue | undefined)?.page) && !(parent as LinkValue).href,
      validation: (rule) =>
        rule.custom((value: string | undefined, context) => {
          const parent = context.parent as LinkValue | undefined;
          if (!value && !parent?.page) return "Elige una página de la web o escribe una dirección.";
          if (value && parent?.page) return "Elige una página o escribe una dirección, no las dos.";
          return checkHref(value, { allowContact });
        }),
    }),
  ];
}
