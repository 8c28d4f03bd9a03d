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
 * The dialog's frame (PlanDialogModal, Radix Dialog) is loaded on demand: its download starts when a
 * pointer or keyboard focus reaches a trigger, so the page's startup script stays small. Should that
 * download fail, the in-page section comes back and the link scrolls to it as without JavaScript.
 */
import { useCallback, useEffect, useRef, useState, type ComponentType, type ReactNode } from "react";
import { Toast } from "~/components/ui/Toast";
import { cplForm, monthlyPlanForm } from "~/forms/plan-dialogs";
import {
  INTENT_FIELD,
  type FieldErrors,
  type FormValues,
  type LeadFormDefinition,
  type ToastMessage,
} from "~/forms/shared";
import { useHydrated } from "~/lib/use-hydrated";
import { Honeypot, SelectField, SubmitButton, TextAreaField, TextField } from "./fields";
import type { PlanDialogModalProps } from "./PlanDialogModal";
import { PrivacyNotice } from "./PrivacyNotice";
import { useLeadForm } from "./use-lead-form";

export interface PlanDialogContent {
  title?: string | null;
  description?: string | null;
  submitLabel?: string | null;
  successTitle?: string | null;
  successText?: string | null;
}

interface PlanDialogBaseProps {
  id: string;
  content?: PlanDialogContent | null;
  sectorOptions?: readonly string[] | null;
}

const SECTOR_PLACEHOLDER = "Selecciona tu sector";
const BUDGET_PLACEHOLDER = "Selecciona un rango";

function successToastOf(content: PlanDialogContent | null | undefined, fallback: ToastMessage): ToastMessage {
  return content?.successTitle && content.successText
    ? { title: content.successTitle, description: content.successText, variant: "success" }
    : fallback;
}

let modalModule: Promise<{ default: ComponentType<PlanDialogModalProps> }> | undefined;

/** The dialog frame's module, fetched once (a failed fetch may be tried again). */
function loadModal() {
  modalModule ??= import("./PlanDialogModal").catch((error: unknown) => {
    modalModule = undefined;
    throw error;
  });
  return modalModule;
}

function useModalFrame() {
  const [Modal, setModal] = useState<ComponentType<PlanDialogModalProps> | null>(null);
  const [failed, setFailed] = useState(false);
  const request = useCallback(() => {
    loadModal().then(
      (module) => setModal(() => module.default),
      () => setFailed(true),
    );
  }, []);
  return { Modal, failed, request };
}

/** The link an event happened on, when it points at `#id` on this page. */
function triggerLink(event: Event, id: string): HTMLAnchorElement | null {
  const link = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
  if (!link) return null;
  const target = new URL(link.href, window.location.href);
  return target.hash === `#${id}` && target.pathname === window.location.pathname ? link : null;
}

/**
 * Opens when a link to `#id` is clicked anywhere on the page, or when the page is loaded at `#id`;
 * `prepare` runs as soon as a pointer or the keyboard focus reaches such a link (a click follows).
 */
function useHashTrigger(id: string, enabled: boolean, open: () => void, prepare: () => void) {
  const opener = useRef<HTMLElement | null>(null);
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  });
  useEffect(() => {
    if (!enabled) return;
    function onClick(event: MouseEvent) {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const link = triggerLink(event, id);
      if (!link) return;
      event.preventDefault();
      opener.current = link;
      openRef.current();
    }
    function onIntent(event: Event) {
      if (triggerLink(event, id)) prepare();
    }
    const intents = ["pointerover", "pointerdown", "focusin"] as const;
    document.addEventListener("click", onClick);
    for (const type of intents) document.addEventListener(type, onIntent, { passive: true });
    if (window.location.hash === `#${id}`) openRef.current();
    return () => {
      document.removeEventListener("click", onClick);
      for (const type of intents) document.removeEventListener(type, onIntent);
    };
  }, [id, enabled, prepare]);
  return opener;
}

function PlanDialog({
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

function ContactFields({
  errors,
  kept,
  sectorOptions,
}: {
  errors: FieldErrors;
  kept?: FormValues;
  sectorOptions: readonly string[];
}) {
  return (
    <>
      <TextField
        name="nombre"
        label="Nombre"
        required
        autoComplete="name"
        error={errors.nombre}
        defaultValue={kept?.nombre}
      />
      <TextField
        name="email"
        label="Email"
        type="email"
        required
        autoComplete="email"
        error={errors.email}
        defaultValue={kept?.email}
      />
      <TextField
        name="telefono"
        label="Teléfono"
        type="tel"
        required
        autoComplete="tel"
        error={errors.telefono}
        defaultValue={kept?.telefono}
      />
      <TextField
        name="empresa"
        label="Empresa"
        required
        autoComplete="organization"
        error={errors.empresa}
        defaultValue={kept?.empresa}
      />
      <SelectField
        name="sector"
        label="Sector"
        required
        options={sectorOptions}
        placeholder={SECTOR_PLACEHOLDER}
        className="sm:col-span-2"
        error={errors.sector}
        defaultValue={kept?.sector}
      />
    </>
  );
}

export function MonthlyPlanDialog({
  id,
  content,
  sectorOptions,
  planName,
}: PlanDialogBaseProps & { planName?: string | null }) {
  return (
    <PlanDialog
      id={id}
      content={content}
      definition={monthlyPlanForm}
      successToast={successToastOf(content, monthlyPlanForm.successToast)}
    >
      {(errors, kept) => (
        <>
          {planName ? <input type="hidden" name="planSeleccionado" value={planName} /> : null}
          <ContactFields errors={errors} kept={kept} sectorOptions={sectorOptions ?? []} />
          <TextAreaField
            name="descripcionNegocio"
            label="Describe tu negocio"
            rows={3}
            className="sm:col-span-2"
            error={errors.descripcionNegocio}
            defaultValue={kept?.descripcionNegocio}
          />
          <TextAreaField
            name="objetivos"
            label="¿Qué objetivos tienes?"
            rows={3}
            className="sm:col-span-2"
            error={errors.objetivos}
            defaultValue={kept?.objetivos}
          />
        </>
      )}
    </PlanDialog>
  );
}

export function CplDialog({
  id,
  content,
  sectorOptions,
  budgetOptions,
}: PlanDialogBaseProps & { budgetOptions?: readonly string[] | null; planName?: string | null }) {
  return (
    <PlanDialog
      id={id}
      content={content}
      definition={cplForm}
      successToast={successToastOf(content, cplForm.successToast)}
    >
      {(errors, kept) => (
        <>
          <ContactFields errors={errors} kept={kept} sectorOptions={sectorOptions ?? []} />
          <TextAreaField
            name="descripcionNegocio"
            label="Describe tu negocio"
            required
            rows={3}
            className="sm:col-span-2"
            error={errors.descripcionNegocio}
            defaultValue={kept?.descripcionNegocio}
          />
          <SelectField
            name="presupuestoMensual"
            label="Inversión mensual en publicidad"
            required
            options={budgetOptions ?? []}
            placeholder={BUDGET_PLACEHOLDER}
            className="sm:col-span-2"
            error={errors.presupuestoMensual}
            defaultValue={kept?.presupuestoMensual}
          />
          <TextField
            name="porcentajeConversion"
            label="Porcentaje de conversión (%)"
            inputMode="decimal"
            error={errors.porcentajeConversion}
            defaultValue={kept?.porcentajeConversion}
          />
          <TextField
            name="beneficioPorCliente"
            label="Beneficio por cliente (€)"
            inputMode="decimal"
            error={errors.beneficioPorCliente}
            defaultValue={kept?.beneficioPorCliente}
          />
          <TextAreaField
            name="descripcionClientePotencial"
            label="Describe a tu cliente potencial"
            required
            rows={3}
            className="sm:col-span-2"
            error={errors.descripcionClientePotencial}
            defaultValue={kept?.descripcionClientePotencial}
          />
        </>
      )}
    </PlanDialog>
  );
}
