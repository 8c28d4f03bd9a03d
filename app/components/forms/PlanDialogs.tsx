/**
 * The two forms of /mensual: the monthly-plan dialog and the CPL analysis dialog.
 *
 * Contract with /mensual: the page renders the triggers itself as plain links to an in-page anchor
 * (`<a href="#solicitar-analisis">`, `<a href="#solicitar-informacion">`) and renders each dialog once:
 *   <CplDialog id="solicitar-analisis" content={page.cplDialog} sectorOptions={…} budgetOptions={…} />
 *   <MonthlyPlanDialog id="solicitar-informacion" content={page.monthlyDialog} sectorOptions={…} />
 * and exports `action = handleLeadAction(args, [monthlyPlanForm, cplForm])` (the hidden `intent` field
 * tells them apart) plus `clientAction = leadClientAction`.
 *
 * Without JavaScript each is an in-page section with that id holding the same form (the links scroll
 * to it; the post comes back to it). Once hydrated the section gives way to a dialog that opens when a
 * link to `#id` is clicked (or the page loads with that hash): focus is trapped inside, Escape closes
 * it, and focus returns to the link that opened it. Closing after success empties the form.
 *
 * The forms' code (fields, checks, dialog frame: PlanDialogModal.tsx) is not part of the page's startup
 * script: hydration keeps the server's HTML of the sections (they have nothing to do until a form is
 * wanted), and the code is fetched when a pointer or keyboard focus reaches a trigger, when the page is
 * loaded at a form's `#id`, or at once when the page is the answer to a post made before it was
 * interactive (the dialog then opens to show it). Should that download fail, the section comes back as
 * the server sent it, a plain form that posts as without JavaScript, and the link scrolls to it.
 */
import { useActionData } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";

import { KeptElement, liveComponent, loadIsland, useKeptHtml, useServerHtml } from "~/components/islands/island";
import { useHydrated } from "~/lib/use-hydrated";

import type { CplDialogProps, PlanDialogBaseProps } from "./plan-dialogs/PlanForms";
import { useHashTrigger } from "./plan-dialogs/use-dialog-trigger";
import type { LivePlanDialogProps, PlanFormKind } from "./PlanDialogModal";

const PLAN_FORMS_MODULE = "plan-forms";
const LivePlanDialog = liveComponent<LivePlanDialogProps>(PLAN_FORMS_MODULE, () =>
  import("./PlanDialogModal").then((module) => module.default),
);

/** Whether the forms' code is here, and the way to ask for it (one download for both forms). */
function usePlanForms() {
  const [state, setState] = useState<"idle" | "loaded" | "failed">("idle");
  const request = useCallback(() => {
    loadIsland(PLAN_FORMS_MODULE).then(
      () => setState("loaded"),
      () => setState("failed"),
    );
  }, []);
  return { state, request };
}

function PlanDialogSlot(props: LivePlanDialogProps) {
  const { id } = props;
  const keptId = `${id}-formulario`;
  const serverHtml = useServerHtml();
  const kept = useKeptHtml(keptId);
  const hydrated = useHydrated();
  const answered = useActionData() != null;
  const forms = usePlanForms();
  const [wanted, setWanted] = useState(false);
  const opener = useHashTrigger(
    id,
    hydrated && forms.state === "idle",
    () => {
      setWanted(true);
      forms.request();
    },
    forms.request,
  );

  // The answer to a post made before the page was interactive opens its dialog: the code comes at once.
  useEffect(() => {
    if (hydrated && answered) forms.request();
  }, [hydrated, answered, forms]);

  // No forms' code (its download failed): the visitor asked for the form, so it is shown in the page.
  useEffect(() => {
    if (forms.state !== "failed" || !wanted) return;
    if (kept !== null) {
      document.getElementById(id)?.scrollIntoView();
      return;
    }
    // Reached by a client-side navigation, so there is no server HTML to show: the page is loaded again
    // at the form, and the server sends it.
    window.history.replaceState(window.history.state, "", `#${id}`);
    window.location.reload();
  }, [forms.state, wanted, kept, id]);

  // The server's render (and a draft preview, which hydrates live components): the form as a section.
  if (serverHtml && kept === null) {
    return (
      <KeptElement id={keptId} html={null} module={PLAN_FORMS_MODULE}>
        <LivePlanDialog {...props} />
      </KeptElement>
    );
  }
  if (forms.state === "loaded") return <LivePlanDialog {...props} start={{ open: wanted, opener: opener.current }} />;
  if (kept !== null && (!hydrated || forms.state === "failed"))
    return <KeptElement id={keptId} html={kept} module={PLAN_FORMS_MODULE} />;
  return null;
}

function planDialog(kind: PlanFormKind) {
  return function PlanDialog(props: CplDialogProps) {
    return <PlanDialogSlot kind={kind} {...props} />;
  };
}

export const MonthlyPlanDialog: (props: PlanDialogBaseProps) => JSX.Element = planDialog("monthly");
export const CplDialog: (props: CplDialogProps) => JSX.Element = planDialog("cpl");
