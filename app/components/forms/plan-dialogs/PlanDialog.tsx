/**
 * One /mensual plan form and its frame: the in-page section in the server's HTML, the dialog in the
 * browser; the success panel after sending, emptied on close. It is a page island (../forms-on-interaction.tsx):
 * the browser gets this code when a visitor reaches for the form or a link to it, and mounts it told by `start`
 * how it was asked for.
 */
import { type ReactNode, useEffect, useRef, useState } from "react";

import { applyState } from "~/components/islands/form-state";
import type { IslandStart } from "~/components/islands/mount";
import type { Maybe } from "~/components/sections/content-shapes";
import { Toast } from "~/components/ui/Toast";
import type { PlansPageQueryResult } from "~/content/sanity.types";
import { INTENT_FIELD, type LeadFormDefinition } from "~/forms/shared";
import { useHydrated } from "~/lib/use-hydrated";

import { LeadFormShell, SuccessPanel } from "../LeadFormShell";
import { type LeadForm, useLeadForm } from "../use-lead-form";
import { ModalFrame } from "./ModalFrame";
import { useHashTrigger } from "./use-dialog-trigger";

/** A dialog's texts (plansPage.monthlyDialog and plansPage.cplDialog have the same fields). */
export type PlanDialogContent = NonNullable<PlansPageQueryResult>["monthlyDialog"];

/**
 * How the dialog was asked for before its code arrived (app/components/islands/mount.tsx): opened by a link (the
 * opener gets focus back), and what the visitor had typed into the page's own form meanwhile (`carried`: the
 * dialog's form takes it over).
 */
export type PlanDialogStart = IslandStart;

export function PlanDialog({
  id,
  content,
  definition,
  start,
  children,
}: {
  id: string;
  content?: Maybe<PlanDialogContent>;
  definition: LeadFormDefinition<unknown>;
  /** The form's fields, bound to its state. */
  children: (field: LeadForm["field"]) => ReactNode;
} & PlanDialogStart) {
  // Mounted in the browser only after hydration (its code arrives on interaction): a dialog from the start.
  const hydrated = useHydrated() || start !== undefined;
  const lead = useLeadForm(definition, { anchor: id, successContent: content });
  // Null until the visitor opens or closes it: a post made before the page was interactive comes back as
  // the page's answer, and the dialog then opens to show it.
  const [openChoice, setOpen] = useState<boolean | null>(start?.open ? true : null);
  const open = openChoice ?? (hydrated && Boolean(lead.answer) && !lead.fetcher.data);
  const inPage = !hydrated;
  const opener = useHashTrigger(id, !inPage, () => setOpen(true), undefined, start?.opener);
  const titleId = `${id}-titulo`;
  const successRef = useRef<HTMLDivElement>(null);

  function changeOpen(next: boolean) {
    setOpen(next);
    if (!next && lead.sent) lead.reset();
  }

  useEffect(() => {
    if (lead.sent && lead.fetcher.data) successRef.current?.focus();
  }, [lead.sent, lead.fetcher.data]);

  // Once, as it first opens: the values, focus and caret of the page's form the visitor had started on.
  const carried = useRef(start?.carried ?? null);
  function takeOver(content: HTMLElement): boolean {
    const state = carried.current;
    carried.current = null;
    const form = state ? content.querySelector("form") : null;
    if (!state || !form?.parentElement) return false;
    applyState(form.parentElement, state);
    return state.focus !== null;
  }

  const body = lead.sent ? (
    <SuccessPanel ref={successRef} className="py-6" testId={`${id}-success`} status>
      <p className="mt-4 text-xl font-bold text-ink">{content?.successTitle}</p>
      <p className="mx-auto mt-2 max-w-md text-ink-soft">{content?.successText}</p>
      {inPage ? null : (
        <button type="button" className="btn-secondary mt-6" onClick={() => changeOpen(false)}>
          Cerrar
        </button>
      )}
    </SuccessPanel>
  ) : (
    <LeadFormShell
      lead={lead}
      submitLabel={content?.submitLabel ?? "Enviar"}
      sendingLabel="Enviando..."
      aria-labelledby={titleId}
      className="relative grid gap-4 sm:grid-cols-2"
    >
      <input type="hidden" name={INTENT_FIELD} value={definition.kind} />
      {children(lead.field)}
    </LeadFormShell>
  );

  if (inPage) {
    return (
      <section id={id} aria-labelledby={titleId} className="scroll-mt-24 bg-slate-50 py-16">
        <Toast toast={lead.toast} onDismiss={lead.dismissToast} />
        <div className="container-page max-w-3xl">
          <div className="rounded-3xl border border-slate-200 bg-white p-5 shadow-xl shadow-slate-200/70 sm:p-8">
            <h2 id={titleId} className="text-2xl font-bold tracking-tight text-ink">
              {content?.title}
            </h2>
            {content?.description ? <p className="mt-2 text-ink-soft">{content.description}</p> : null}
            <div className="mt-6">{body}</div>
          </div>
        </div>
      </section>
    );
  }

  const toast = <Toast toast={lead.toast} onDismiss={lead.dismissToast} />;
  return (
    <>
      {open ? null : toast}
      <ModalFrame
        open={open}
        onOpenChange={changeOpen}
        titleId={titleId}
        title={content?.title}
        description={content?.description}
        opener={opener}
        toast={toast}
        onOpened={takeOver}
      >
        {body}
      </ModalFrame>
    </>
  );
}
