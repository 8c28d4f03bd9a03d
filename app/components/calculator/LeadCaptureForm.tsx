/**
 * 'Completa tus datos': the calculator's contact form. It posts to the /calculadora action with the
 * visible fields and, hidden, the calculation it belongs to and the visitor's browserInfo. With
 * JavaScript the shared schema checks it first (per-field Spanish messages, the spec's toasts) and a
 * fetcher sends it without leaving the page; without JavaScript it is a plain POST form and the server
 * answers with the same messages.
 */
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import {
  CALCULATOR_PLAN,
  CALCULATOR_VISIBLE_FIELDS,
  calculatorLeadForm,
  collectBrowserInfo,
} from "~/forms/calculator-lead";
import { HONEYPOT_FIELD, readLeadValues, validateLead, type FieldErrors, type LeadActionData, type ToastMessage } from "~/forms/shared";
import { TextAreaField, TextField } from "./fields";

export const LEAD_FORM_ID = "completa-tus-datos";

type VisibleField = (typeof CALCULATOR_VISIBLE_FIELDS)[number];
type Values = Record<VisibleField, string>;

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

const FIELD_PROPS: Record<VisibleField, { label: string; type: string; autoComplete: string; required: boolean; placeholder?: string }> = {
  email: { label: "Email", type: "email", autoComplete: "email", required: true, placeholder: "tu@empresa.es" },
  sector: { label: "Sector", type: "text", autoComplete: "off", required: true },
  empresa: { label: "Empresa", type: "text", autoComplete: "organization", required: true },
  telefono: { label: "Teléfono", type: "tel", autoComplete: "tel", required: true, placeholder: "+34 600 000 000" },
  web: { label: "Web", type: "url", autoComplete: "url", required: false, placeholder: "https://" },
  mensaje: { label: "Mensaje", type: "text", autoComplete: "off", required: false },
};

function numberField(value: number | null): string {
  return value === null || !Number.isFinite(value) ? "" : String(value);
}

function initialValues(calculationSector: string, previous?: Record<string, string>): Values {
  const values = {} as Values;
  for (const field of CALCULATOR_VISIBLE_FIELDS) values[field] = previous?.[field] ?? "";
  if (!previous) values.sector = calculationSector;
  return values;
}

export function LeadCaptureForm({
  content,
  calculation,
  action,
  serverAnswer,
  onToast,
  onSent,
}: {
  content: LeadFormContent;
  calculation: LeadCalculation;
  /** Where the form posts: this page's address, so the page without JavaScript comes back with its results. */
  action: string;
  /** The action's answer to a post made without JavaScript. */
  serverAnswer?: LeadActionData | null;
  onToast: (toast: ToastMessage) => void;
  onSent: (answer: LeadActionData & { ok: true }) => void;
}) {
  const fetcher = useFetcher<LeadActionData>();
  const formRef = useRef<HTMLFormElement>(null);
  const browserInfoRef = useRef<HTMLInputElement>(null);
  const failedAnswer = serverAnswer && !serverAnswer.ok ? serverAnswer : null;
  const [values, setValues] = useState<Values>(() => initialValues(calculation.sector, failedAnswer?.values));
  const [errors, setErrors] = useState<FieldErrors>(() => failedAnswer?.fieldErrors ?? {});
  const sending = fetcher.state !== "idle";

  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || fetcher.state !== "idle") return;
    if (answer.ok) {
      onSent(answer);
      return;
    }
    setErrors(answer.fieldErrors ?? {});
    onToast(answer.toast);
    // onSent/onToast are stable callbacks of the page; the answer is handled once per response.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data, fetcher.state]);

  function edit(field: VisibleField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (browserInfoRef.current) browserInfoRef.current.value = collectBrowserInfo();
    const check = validateLead(calculatorLeadForm, readLeadValues(calculatorLeadForm, new FormData(form)));
    if (!check.success) {
      setErrors(check.fieldErrors);
      onToast(calculatorLeadForm.invalidToast(check.fieldErrors));
      const firstInvalid = CALCULATOR_VISIBLE_FIELDS.find((field) => check.fieldErrors[field]);
      if (firstInvalid) form.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    setErrors({});
    fetcher.submit(form, { method: "post", action });
  }

  const submitLabel = content.submitLabel ?? "";

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={action}
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={`${LEAD_FORM_ID}-titulo`}
      className="rounded-3xl border border-slate-200 bg-white p-5 shadow-xl shadow-slate-200/70 sm:p-8"
    >
      <div className="grid gap-x-5 gap-y-1 sm:grid-cols-2">
        {CALCULATOR_VISIBLE_FIELDS.map((field) => {
          const props = FIELD_PROPS[field];
          const shared = {
            id: `lead-${field}`,
            name: field,
            label: props.label,
            required: props.required,
            placeholder: props.placeholder,
            value: values[field],
            error: errors[field],
          };
          return field === "mensaje" ? (
            <TextAreaField
              key={field}
              {...shared}
              className="sm:col-span-2"
              rows={4}
              onChange={(event) => edit(field, event.target.value)}
            />
          ) : (
            <TextField
              key={field}
              {...shared}
              type={props.type}
              autoComplete={props.autoComplete}
              onChange={(event) => edit(field, event.target.value)}
            />
          );
        })}
      </div>

      <input type="hidden" name="sectorCalculadora" value={calculation.sector} />
      <input type="hidden" name="porcentajeConversion" value={numberField(calculation.conversionRate)} />
      <input type="hidden" name="beneficioPorCliente" value={numberField(calculation.averageProfit)} />
      <input type="hidden" name="presupuestoMensual" value={numberField(calculation.budget)} />
      <input type="hidden" name="planSeleccionado" value={CALCULATOR_PLAN} />
      <input ref={browserInfoRef} type="hidden" name="browserInfo" defaultValue="" />
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="lead-website">No rellenes este campo</label>
        <input id="lead-website" type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      <button type="submit" className="btn-primary mt-3 w-full sm:w-auto" disabled={sending}>
        {sending ? "Enviando análisis..." : submitLabel}
      </button>
    </fetcher.Form>
  );
}
