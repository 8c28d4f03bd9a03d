/**
 * One /mensual plan form and its frame: the in-page section before hydration (or when the dialog's code
 * cannot be downloaded), the dialog afterwards; the success panel after sending, emptied on close.
 */
import { type ReactNode, useEffect, useRef, useState } from "react";

import { Toast } from "~/components/ui/Toast";
import {
  type FieldErrors,
  type FormValues,
  INTENT_FIELD,
  type LeadFormDefinition,
  type ToastMessage,
} from "~/forms/shared";
import { useHydrated } from "~/lib/use-hydrated";

import { Honeypot, SubmitButton } from "../fields";
import { PrivacyNotice } from "../PrivacyNotice";
import { useLeadForm } from "../use-lead-form";
import { useHashTrigger, useModalFrame } from "./use-dialog-trigger";

export interface PlanDialogContent {
  title?: string | null;
  description?: string | null;
  submitLabel?: string | null;
  successTitle?: string | null;
  successText?: string | null;
}

export function PlanDialog({
  id,
  content,
  definition,
  successToast,
  children,
}: {
  id: string;
  content?: PlanDialogContent | null;
  definition: LeadFormDefinition<unknown>;
  successToast: ToastMessage;
  children: (errors: FieldErrors, kept: FormValues | undefined) => ReactNode;
}) {
  const hydrated = useHydrated();
  const lead = useLeadForm(definition, { anchor: id, successToast });
  const modal = useModalFrame();
  // Null until the visitor opens or closes it: a post made before the page was interactive comes back as
  // the page's answer, and the dialog then opens on hydration to show it.
  const [openChoice, setOpen] = useState<boolean | null>(null);
  const open = openChoice ?? (hydrated && Boolean(lead.answer) && !lead.fetcher.data);
  const inPage = !hydrated || modal.failed;
  const opener = useHashTrigger(
    id,
    !inPage,
    () => {
      modal.request();
      setOpen(true);
    },
    modal.request,
  );
  const titleId = `${id}-titulo`;
  const successRef = useRef<HTMLDivElement>(null);

  function changeOpen(next: boolean) {
    setOpen(next);
    if (!next && lead.sent) lead.reset();
  }

  // The dialog that opens on hydration (above) needs its frame's code.
  useEffect(() => {
    if (hydrated && lead.answer && !lead.fetcher.data) modal.request();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated]);

  // No dialog frame (its download failed): the visitor asked for the form, so show it in the page.
  useEffect(() => {
    if (modal.failed && open) document.getElementById(id)?.scrollIntoView();
  }, [modal.failed, open, id]);

  useEffect(() => {
    if (lead.sent && lead.fetcher.data) successRef.current?.focus();
  }, [lead.sent, lead.fetcher.data]);

  const body = lead.sent ? (
    <div
      ref={successRef}
      tabIndex={-1}
      role="status"
      className="py-6 text-center focus:outline-none"
      data-testid={`${id}-success`}
    >
      <div
        aria-hidden="true"
        className="mx-auto grid h-14 w-14 place-items-center rounded-full bg-emerald-100 text-emerald-700"
      >
        <svg viewBox="0 0 24 24" className="h-7 w-7" fill="none" stroke="currentColor" strokeWidth="2.5">
          <path d="M5 13l4 4L19 7" />
        </svg>
      </div>
      <p className="mt-4 text-xl font-bold text-ink">{content?.successTitle}</p>
      <p className="mx-auto mt-2 max-w-md text-ink-soft">{content?.successText}</p>
      {inPage ? null : (
        <button type="button" className="btn-secondary mt-6" onClick={() => changeOpen(false)}>
          Cerrar
        </button>
      )}
    </div>
  ) : (
    <lead.fetcher.Form
      key={lead.formKey}
      method="post"
      action={lead.action}
      onSubmit={lead.onSubmit}
      onChange={lead.onChange}
      aria-labelledby={titleId}
      className="relative grid gap-4 sm:grid-cols-2"
    >
      <input type="hidden" name={INTENT_FIELD} value={definition.kind} />
      {children(lead.errors, lead.keptValues)}
      <Honeypot />
      <div className="sm:col-span-2">
        <SubmitButton
          submitting={lead.submitting}
          label={content?.submitLabel ?? "Enviar"}
          sendingLabel="Enviando..."
        />
      </div>
      <PrivacyNotice className="sm:col-span-2" />
    </lead.fetcher.Form>
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
      {open && modal.Modal ? null : toast}
      {modal.Modal ? (
        <modal.Modal
          open={open}
          onOpenChange={changeOpen}
          titleId={titleId}
          title={content?.title}
          description={content?.description}
          opener={opener}
          toast={toast}
        >
          {body}
        </modal.Modal>
      ) : null}
    </>
  );
}
