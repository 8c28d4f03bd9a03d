/**
 * 'Completa tus datos': the calculator's contact form, on the shared lead-form machinery (useLeadForm:
 * schema check before sending, per-field Spanish errors that clear when edited, the spec's toasts, a
 * fetcher posting to /calculadora's action, a plain POST without JavaScript). Hidden fields carry the
 * calculation it belongs to and the visitor's browserInfo, collected just before sending; without
 * JavaScript the server fills in what the request tells (user agent, language).
 */
import { type FormEvent, useRef } from "react";

import { ContactFields, TextAreaField, TextField } from "~/components/forms/fields";
import { LeadFormShell } from "~/components/forms/LeadFormShell";
import type { LeadForm } from "~/components/forms/use-lead-form";
import type { Maybe } from "~/components/sections/content-shapes";
import type { CalculatorPageQueryResult } from "~/content/sanity.types";
import { CALCULATOR_PLAN, calculatorLeadForm, collectBrowserInfo } from "~/forms/calculator-lead";

import { LEAD_FORM_ID } from "./ThankYou";

export const LEAD_SENDING_LABEL = "Enviando análisis...";

/** The calculation a lead is about, as the hidden fields send it (plain numbers, '' when missing). */
export interface LeadCalculation {
  sector: string;
  conversionRate: number | null;
  averageProfit: number | null;
  budget: number | null;
}

/** The form's texts in calculatorPage.leadForm (the thank-you texts beside them are ThankYou's). */
export type LeadFormContent = Pick<
  NonNullable<CalculatorPageQueryResult>["leadForm"],
  "heading" | "intro" | "submitLabel"
>;

function numberField(value: number | null): string {
  return value === null || !Number.isFinite(value) ? "" : String(value);
}

export function LeadCaptureForm({
  lead,
  content,
  calculation,
}: {
  lead: LeadForm;
  content: Maybe<LeadFormContent>;
  calculation: LeadCalculation;
}) {
  const browserInfoRef = useRef<HTMLInputElement>(null);
  const { field } = lead;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (browserInfoRef.current) browserInfoRef.current.value = collectBrowserInfo();
    lead.onSubmit(event);
  }

  return (
    <LeadFormShell
      lead={lead}
      submitLabel={content?.submitLabel ?? ""}
      sendingLabel={LEAD_SENDING_LABEL}
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={`${LEAD_FORM_ID}-titulo`}
      className="relative grid gap-5 rounded-3xl border border-slate-200 bg-white p-5 shadow-xl shadow-slate-200/70 sm:grid-cols-2 sm:p-8"
    >
      <ContactFields form={calculatorLeadForm} field={field} />
      <TextField {...field("sector")} defaultValue={lead.keptValues?.sector ?? calculation.sector} label="Sector" />
      <TextField
        {...field("web")}
        label="Web"
        type="url"
        autoComplete="url"
        placeholder="https://"
        className="sm:col-span-2"
      />
      <TextAreaField {...field("mensaje")} label="Mensaje" rows={4} className="sm:col-span-2" />

      <input type="hidden" name="sectorCalculadora" value={calculation.sector} />
      <input type="hidden" name="porcentajeConversion" value={numberField(calculation.conversionRate)} />
      <input type="hidden" name="beneficioPorCliente" value={numberField(calculation.averageProfit)} />
      <input type="hidden" name="presupuestoMensual" value={numberField(calculation.budget)} />
      <input type="hidden" name="planSeleccionado" value={CALCULATOR_PLAN} />
      <input ref={browserInfoRef} type="hidden" name="browserInfo" defaultValue="" />
    </LeadFormShell>
  );
}
