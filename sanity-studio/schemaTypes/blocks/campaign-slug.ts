/**
 * The rules of a campaign page's slug, pure so the tests exercise them directly. What the site serves is
 * decided by the site's own path rules (`campaignSlugProblem`, app/lib/site-paths.ts): a slug the Studio
 * accepts is exactly one the site will serve at `/{slug}`, and a path one of the site's routes owns is
 * refused here as it is never served as a campaign page there.
 */
import { CAMPAIGN_SLUG_MAX_LENGTH, campaignSlugProblem } from "../../../app/lib/site-paths";

/** Why a slug is unusable (Spanish, for the editor), or true. */
export function checkCampaignSlug(slug: string | undefined): true | string {
  switch (campaignSlugProblem(slug)) {
    case null:
      return true;
    case "empty":
      return "El slug es obligatorio: es la dirección de la página (p. ej. «reformas-madrid» → /reformas-madrid).";
    case "too-long":
      return `Como máximo ${CAMPAIGN_SLUG_MAX_LENGTH} caracteres.`;
    case "format":
      return "Usa solo minúsculas sin acentos, números y guiones entre palabras; «/» separa partes (p. ej. «reformas-madrid» o «ads/reformas-madrid»).";
    case "reserved":
      return `«/${slug}» ya es (o empieza por) una ruta de la web; elige otra dirección.`;
  }
}
