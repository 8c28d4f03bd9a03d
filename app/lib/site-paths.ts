/** The static public pages of the spec's route table (sector pages come from content). */
export const STATIC_PAGE_PATHS = [
  "/",
  "/calculadora",
  "/mensual",
  "/sectores",
  "/contacto",
  "/legal",
  "/siguiente",
  "/borrador",
  "/iniciar-servicio",
  "/servicios/google-ads",
] as const;

export type StaticPagePath = (typeof STATIC_PAGE_PATHS)[number];
