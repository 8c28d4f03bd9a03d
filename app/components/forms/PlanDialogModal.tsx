/**
 * The on-interaction chunk of /mensual's forms: both forms, their checks and the dialog frame (Radix Dialog).
 * The page's startup script does not carry it; ./PlanDialogs.tsx fetches it when a visitor reaches for a
 * form. The server renders the same component into the page (the in-page sections), through
 * ./plan-dialogs/live.server.ts.
 */
import type { PlanDialogStart } from "./plan-dialogs/PlanDialog";
import { CplDialog, type CplDialogProps, MonthlyPlanDialog } from "./plan-dialogs/PlanForms";

export type PlanFormKind = "monthly" | "cpl";

export type LivePlanDialogProps = CplDialogProps & PlanDialogStart & { kind: PlanFormKind };

export default function PlanDialogModal({ kind, ...props }: LivePlanDialogProps) {
  return kind === "cpl" ? <CplDialog {...props} /> : <MonthlyPlanDialog {...props} />;
}
