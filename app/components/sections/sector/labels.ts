/**
 * The sector pages' button labels and destinations. The spec fixes these words ('Calcular mis Leads',
 * 'Quiero Más Clientes', 'Calcular mis Leads Mensuales'), so they live here once instead of in 32
 * content documents.
 */
export const SECTOR_ACTIONS = {
  calculator: "Calcular mis Leads",
  contact: "Quiero Más Clientes",
  closing: "Calcular mis Leads Mensuales",
} as const;

export const CALCULATOR_PATH = "/calculadora";
export const CONTACT_PATH = "/contacto";

/** The calculator with the page's sector preselected (`/calculadora?sector=Construcción`). */
export function calculatorHref(sectorName: string | null | undefined): string {
  const name = sectorName?.trim();
  return name ? `${CALCULATOR_PATH}?${new URLSearchParams({ sector: name })}` : CALCULATOR_PATH;
}
