/**
 * One of /mensual's forms (the monthly plan, the CPL analysis), with its checks and its dialog frame (the
 * browser's `<dialog>`): the page island `plan-dialog` (./forms-on-interaction.tsx, its entry app/islands/plan-dialog.tsx).
 * The server renders it as the in-page section; the browser gets its code when a visitor reaches for the form
 * or a link to it.
 */
import type { PlanDialogStart } from "./plan-dialogs/PlanDialog";
import { CplDialog, type CplDialogProps, MonthlyPlanDialog } from "./plan-dialogs/PlanForms";

export type PlanFormKind = "monthly" | "cpl";

export type LivePlanDialogProps = CplDialogProps & PlanDialogStart & { kind: PlanFormKind };

export default function PlanDialogModal({ kind, ...props }: LivePlanDialogProps) {
  return kind === "cpl" ? <CplDialog {...props} /> : <MonthlyPlanDialog {...props} />;
}
