/**
 * The rules of a `redirect` document's addresses, pure so the tests exercise them directly. The one
 * spelling of a site path is the site's own (`normalizeSitePath`, app/domain/redirects.ts), so what the
 * Studio accepts as a source is exactly what the site matches requests against; docs/content-model.md
 * describes both.
 */
import { normalizeSitePath } from "../../app/domain/redirects";

export { normalizeSitePath };

/** Why a source path is unusable (Spanish, for the editor), or true. */
export function checkRedirectSource(source: string | undefined): true | string {
  if (!source?.trim()) return "Escribe la dirección antigua, p. ej. «/sectores/nombre-antiguo».";
  const normalized = normalizeSitePath(source);
  if (!normalized) return "La dirección antigua es una ruta de esta web: empieza por «/» (p. ej. «/oferta-2024»).";
  if (normalized === "/") return "La portada no se puede redirigir.";
  if (normalized !== source) return `Escríbela así: «${normalized}» (minúsculas, sin «?», «#» ni «/» final).`;
  return true;
}

/** Why a destination is unusable (Spanish, for the editor), or true. */
export function checkRedirectDestination(destination: string | undefined, source: string | undefined): true | string {
  const text = destination?.trim();
  if (!text) return "Escribe el destino: una ruta de esta web («/sectores/nuevo») o una dirección https://.";
  if (text !== destination) return "Quita los espacios del principio y del final.";
  if (/^[a-z][a-z0-9+.-]*:/i.test(text)) {
    if (!/^https:\/\//i.test(text)) return "Las direcciones externas deben empezar por «https://».";
    try {
      new URL(text);
    } catch {
      return "Esa dirección https:// no es válida.";
    }
    return true;
  }
  if (!normalizeSitePath(text)) {
    return "El destino es una ruta de esta web que empieza por «/» o una dirección https://.";
  }
  if (source && normalizeSitePath(text) === normalizeSitePath(source)) {
    return "El destino no puede ser la misma dirección antigua.";
  }
  return true;
}
