// The forms' live component for the server's render of /mensual. A `.server` module, so it is empty in the
// browser, where ../PlanDialogs.tsx fetches the same component on demand.
export { default as LivePlanDialog } from "../PlanDialogModal";
