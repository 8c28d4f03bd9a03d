/**
 * What the editor reads in the icon pickers: a Spanish name for each icon the site draws (the values stay
 * the site's icon names). Typed as complete records, so a new icon without a Spanish name does not compile.
 */
import type { IconName } from "../../app/components/ui/icon-names";
import { ICON_NAMES } from "../../app/components/ui/icon-names";

export const ICON_TITLES = {
  check: "Marca de verificación",
  x: "Aspa",
  "arrow-right": "Flecha a la derecha",
  "chevron-down": "Flecha hacia abajo",
  external: "Enlace externo",
  phone: "Teléfono",
  mail: "Correo",
  chat: "Chat",
  calculator: "Calculadora",
  target: "Diana",
  document: "Documento",
  rocket: "Cohete",
  bell: "Campana",
  card: "Tarjeta",
  chart: "Gráfico",
  trend: "Tendencia al alza",
  undo: "Deshacer",
  globe: "Globo terráqueo",
  megaphone: "Megáfono",
  server: "Servidor",
  refresh: "Actualizar",
  shield: "Escudo",
  clock: "Reloj",
  search: "Lupa",
  layout: "Diseño de página",
  sparkles: "Destellos",
  users: "Personas",
  bolt: "Rayo",
  star: "Estrella",
  euro: "Euro",
} as const satisfies Record<IconName, string>;

/** The feature cards' icon choices, titled in Spanish. */
export const ICON_OPTIONS = ICON_NAMES.map((value) => ({ title: ICON_TITLES[value], value }));
