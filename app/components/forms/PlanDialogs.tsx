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
 *
 * A visitor who tapped a link before the page was interactive (a slow phone) is already typing in the in-page
 * section when the page hydrates: that section stays until the forms' code is in, and the dialog then opens with
 * every value, the focus and the caret carried over (../islands/form-state.ts), so nothing typed is lost.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";

import { type FormState, hasVisitorInput, readState } from "~/components/islands/form-state";
import {
  KeptElement,
  keptElement,
  liveComponent,
  loadIsland,
  useKeptHtml,
  useServerHtml,
} from "~/components/islands/island";
import { useIslandEnv } from "~/components/islands/island-env";
import { useHydrated } from "~/lib/use-hydrated";

import type { CplDialogProps, PlanDialogBaseProps } from "./plan-dialogs/PlanForms";
import { useHashTrigger } from "./plan-dialogs/use-dialog-trigger";
import type { LivePlanDialogProps, PlanFormKind } from "./PlanDialogModal";

const PLAN_FORMS_MODULE = "plan-forms";
const LivePlanDialog = liveComponent<LivePlanDialogProps>(PLAN_FORMS_MODULE, () =>
  import("./PlanDialogModal").then((module) => module.default),
);

/**
 * Whether the forms' code is here, and the way to ask for it (one download for both forms). `onArrival` runs
 * when the code is in, just before the slot renders the live dialog (in the same update).
 */
function usePlanForms(onArrival: () => void) {
  const [state, setState] = useState<"idle" | "loaded" | "failed">("idle");
  const arrival = useRef(onArrival);
  useEffect(() => {
    arrival.current = onArrival;
  });
  const request = useCallback(() => {
    loadIsland(PLAN_FORMS_MODULE).then(
      () => {
        arrival.current();
        setState("loaded");
      },
      () => setState("failed"),
    );
  }, []);
  return { state, request };
}

/** A layout effect in the browser; nothing on the server, which has no layout (and would warn). */
const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

function PlanDialogSlot(props: LivePlanDialogProps) {
  const { id } = props;
  const keptId = `${id}-formulario`;
  const serverHtml = useServerHtml();
  const kept = useKeptHtml(keptId);
  const hydrated = useHydrated();
  const answered = useIslandEnv().actionData != null;
  // A visitor who tapped a link to the form before the page was interactive (a slow phone) fills it in the
  // page, as without JavaScript. Whether they started is read once the page is hydrated, before anything is
  // removed (null until then: the page's form stays). A started form stays until the dialog's code is in; the
  // dialog then opens and takes over what was typed, read from the page's form while it is still there.
  const [started, setStarted] = useState<boolean | null>(null);
  const [carried, setCarried] = useState<FormState | null>(null);
  const forms = usePlanForms(() => {
    const element = started ? keptElement(keptId) : null;
    if (element) setCarried(readState(element));
  });
  const [wanted, setWanted] = useState(false);
  const requestForms = forms.request;
  // Before the first paint of the hydrated page: a measure of the DOM that decides what that paint shows.
  useBrowserLayoutEffect(() => {
    if (!hydrated || started !== null) return;
    const element = kept === null ? null : keptElement(keptId);
    const isStarted = element !== null && hasVisitorInput(element);
    setStarted(isStarted);
    if (!isStarted) return;
    setWanted(true);
    requestForms();
  }, [hydrated, started, kept, keptId, requestForms]);
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
  if (forms.state === "loaded")
    return <LivePlanDialog {...props} start={{ open: wanted, opener: opener.current, carried }} />;
  if (kept !== null && (!hydrated || started !== false || forms.state === "failed"))
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
