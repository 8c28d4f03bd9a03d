/**
 * PLACEHOLDER (pages engineer) until the forms engineer lands the real plan dialogs here.
 *
 * Contract used by /mensual: the page renders the triggers itself as plain links to an in-page anchor
 * (`<a href="#solicitar-analisis">`, `<a href="#solicitar-informacion">`) and renders each dialog once,
 * near the end of the page:
 *   <CplDialog id="solicitar-analisis" content={page.cplDialog} sectorOptions={…} budgetOptions={…} planName="Coste por Lead (CPL)" />
 *   <MonthlyPlanDialog id="solicitar-informacion" content={page.monthlyDialog} sectorOptions={…} />
 * The component owns the element with that `id` (the same form in the page, for visitors without
 * JavaScript) and, once hydrated, opens a Radix dialog when a link to `#id` is clicked (or the page is
 * loaded with that hash), returning focus to the clicked link on close.
 */
export interface PlanDialogProps {
  id: string;
  [prop: string]: unknown;
}

export function MonthlyPlanDialog(_props: PlanDialogProps) {
  return null;
}

export function CplDialog(_props: PlanDialogProps) {
  return null;
}
