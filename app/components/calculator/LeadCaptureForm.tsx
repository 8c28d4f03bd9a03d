/**
 * 'Completa tus datos': the calculator's contact form, on the shared lead-form machinery (useLeadForm:
 * schema check before sending, per-field Spanish errors that clear when edited, the spec's toasts, a
 * fetcher posting to /calculadora's action, a plain POST without JavaScript). Hidden fields carry the
 * calculation it belongs to and the visitor's browserInfo, collected just before sending; without
 * JavaScript the server fills in what the request tells (user agent, language).
 */
import { type FormEvent, useRef } from "react";

import { Honeypot, SubmitButton, TextAreaField, TextField } from "~/components/forms/fields";
import { PrivacyNotice } from "~/components/forms/PrivacyNotice";
import type { useLeadForm } from "~/components/forms/use-lead-form";
import { CALCULATOR_PLAN, collectBrowserInfo } from "~/forms/calculator-lead";

export const LEAD_FORM_ID = "completa-tus-datos";
export const LEAD_SENDING_LABEL = "Enviando análisis...";

/** The calculation a lead is about, as the hidden fields send it (plain numbers, '' when missing). */
export interface LeadCalculation {
  sector: string;
  conversionRate: number | null;
  averageProfit: number | null;
  budget: number | null;
}

export interface LeadFormContent {
  heading?: string | null;
  intro?: string | null;
  submitLabel?: string | null;
}

function numberField(value: number | null): string {
  return value === null || !Number.isFinite(value) ? "" : String(value);
}

export function LeadCaptureForm({
  lead,
  content,
  calculation,
}: {
  lead: ReturnType<typeof useLeadForm>;
  content: LeadFormContent;
  calculation: LeadCalculation;
}) {
  const browserInfoRef = useRef<HTMLInputElement>(null);
  const { errors, keptValues: kept } = lead;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (browserInfoRef.current) browserInfoRef.current.value = collectBrowserInfo();
    lead.onSubmit(event);
  }

  return (
    <lead.fetcher.Form
      key={lead.formKey}
      method="post"
      action={lead.action}
      noValidate
      onSubmit={onSubmit}
      onChange={lead.onChange}
      aria-labelledby={`${LEAD_FORM_ID}-titulo`}
      className="relative grid gap-5 rounded-3xl border border-slate-200 bg-white p-5 shadow-xl shadow-slate-200/70 sm:grid-cols-2 sm:p-8"
    >
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
      <TextField
        name="sector"
        label="Sector"
        required
        error={errors.sector}
        defaultValue={kept?.sector ?? calculation.sector}
      />
      <TextField
        name="web"
        label="Web"
        type="url"
        autoComplete="url"
        placeholder="https://"
        className="sm:col-span-2"
        error={errors.web}
        defaultValue={kept?.web}
      />
      <TextAreaField
        name="mensaje"
        label="Mensaje"
        rows={4}
        className="sm:col-span-2"
        error={errors.mensaje}
        defaultValue={kept?.mensaje}
      />

      <input type="hidden" name="sectorCalculadora" value={calculation.sector} />
      <input type="hidden" name="porcentajeConversion" value={numberField(calculation.conversionRate)} />
      <input type="hidden" name="beneficioPorCliente" value={numberField(calculation.averageProfit)} />
      <input type="hidden" name="presupuestoMensual" value={numberField(calculation.budget)} />
      <input type="hidden" name="planSeleccionado" value={CALCULATOR_PLAN} />
      <input ref={browserInfoRef} type="hidden" name="browserInfo" defaultValue="" />
      <Honeypot />

      <div className="sm:col-span-2">
        <SubmitButton
          submitting={lead.submitting}
          label={content.submitLabel ?? ""}
          sendingLabel={LEAD_SENDING_LABEL}
        />
      </div>
      <PrivacyNotice className="sm:col-span-2" />
    </lead.fetcher.Form>
  );
}
