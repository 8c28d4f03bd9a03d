/**
 * The one kit of form controls, for the lead forms and the calculator alike: a visible label (an
 * asterisk marks required ones), the same look for every input and select (a select with its chevron),
 * the Spanish error under the control tied to it with aria-describedby / aria-invalid, and the hidden
 * honeypot. The lead forms' fields are uncontrolled (`name`, `defaultValue`); the calculator's
 * (NumberField, SelectInput) are controlled and keep one line reserved for their message, so messages
 * coming and going while the visitor types never move the results below.
 */
import { forwardRef, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useId } from "react";

import { CONTACT_GROUP_FIELDS, HONEYPOT_FIELD, type LeadFormDefinition, MAX_LENGTH } from "~/forms/shared";

import { OrigenField } from "./OrigenField";
import type { FieldBinding } from "./use-lead-form";

export const inputClass =
  "mt-1.5 block w-full rounded-xl border bg-white px-3.5 py-2.5 text-base text-ink shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30";

/** The input look with the border for its state. */
export function controlClass(error: string | null | undefined, extra = ""): string {
  return `${inputClass} ${error ? "border-red-600" : "border-slate-300 hover:border-slate-400"} ${extra}`.trim();
}

export function RequiredMark() {
  return (
    <span aria-hidden="true" className="text-red-600">
      {" *"}
    </span>
  );
}

function errorId(id: string): string {
  return `${id}-error`;
}

function describedBy(id: string, error: string | null | undefined) {
  return error ? errorId(id) : undefined;
}

interface FieldProps {
  name: string;
  label: string;
  required?: boolean;
  /** Shows the asterisk without the browser's own check (the spec's estiloPreferido, tieneLogoPropio). */
  markedRequired?: boolean;
  error?: string;
  defaultValue?: string;
  hint?: ReactNode;
  className?: string;
}

function FieldFrame({
  id,
  label,
  required,
  error,
  hint,
  reserveErrorLine = false,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  required?: boolean;
  error?: string | null;
  hint?: ReactNode;
  /** Keeps the message's line even without a message (fields that validate while the visitor types). */
  reserveErrorLine?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      {children}
      {hint ? <p className="mt-1 text-sm text-ink-muted">{hint}</p> : null}
      {reserveErrorLine ? (
        <p id={errorId(id)} className="mt-1 min-h-5 text-sm font-medium text-red-700">
          {error ?? ""}
        </p>
      ) : error ? (
        <p id={errorId(id)} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A native select in the input look, its own arrow replaced by the site's chevron. */
function SelectControl({
  error,
  children,
  ...select
}: { error: string | null | undefined; children: ReactNode } & Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  "className" | "children"
>) {
  return (
    <div className="relative">
      <select {...select} className={controlClass(error, "appearance-none pr-10")}>
        {children}
      </select>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="pointer-events-none absolute right-3 top-[calc(50%+0.1875rem)] h-5 w-5 -translate-y-1/2 text-ink-muted"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M6 9l6 6 6-6" />
      </svg>
    </div>
  );
}

/** The attributes every lead form control takes from its field: id, name, check, kept value, error link. */
interface ControlBinding {
  id: string;
  name: string;
  required?: boolean;
  defaultValue?: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

/** A lead form field: its frame (label, hint, error) around the control `children` renders. */
function LeadField({ field, children }: { field: FieldProps; children: (control: ControlBinding) => ReactNode }) {
  const id = useId();
  const { label, required, markedRequired, error, hint, className } = field;
  return (
    <FieldFrame
      id={id}
      label={label}
      required={required || markedRequired}
      error={error}
      hint={hint}
      className={className}
    >
      {children({
        id,
        name: field.name,
        required,
        defaultValue: field.defaultValue,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy(id, error),
      })}
    </FieldFrame>
  );
}

export function TextField({
  type = "text",
  autoComplete,
  inputMode,
  placeholder,
  ...field
}: FieldProps & {
  type?: "text" | "email" | "tel" | "url";
  autoComplete?: string;
  inputMode?: "text" | "email" | "tel" | "url" | "numeric" | "decimal";
  placeholder?: string;
}) {
  const entry = { type, autoComplete, inputMode, placeholder, maxLength: MAX_LENGTH.line };
  return (
    <LeadField field={field}>
      {(control) => <input {...control} {...entry} className={controlClass(field.error)} />}
    </LeadField>
  );
}

export function TextAreaField({
  rows = 4,
  placeholder,
  ...field
}: FieldProps & { rows?: number; placeholder?: string }) {
  return (
    <LeadField field={field}>
      {(control) => (
        <textarea
          {...control}
          rows={rows}
          placeholder={placeholder}
          maxLength={MAX_LENGTH.text}
          className={controlClass(field.error, "resize-y")}
        />
      )}
    </LeadField>
  );
}

/** A lead form's choice from a list, with a placeholder option that counts as no answer. */
export function SelectField({
  options,
  placeholder,
  ...field
}: FieldProps & { options: readonly string[]; placeholder: string }) {
  return (
    <LeadField field={field}>
      {(control) => (
        <SelectControl {...control} defaultValue={field.defaultValue ?? ""} error={field.error}>
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </SelectControl>
      )}
    </LeadField>
  );
}

/** How the contact group's fields look; their names and order are the schema's (CONTACT_GROUP_FIELDS). */
const CONTACT_INPUTS = {
  nombre: { label: "Nombre", autoComplete: "name" },
  email: { label: "Email", type: "email", autoComplete: "email" },
  telefono: { label: "Teléfono", type: "tel", autoComplete: "tel" },
  empresa: { label: "Empresa", autoComplete: "organization" },
} as const satisfies Record<ContactFieldName, { label: string; type?: string; autoComplete: string }>;

type ContactFieldName = keyof typeof CONTACT_GROUP_FIELDS;

/**
 * The contact group a lead form opens with, as the form's schema has it: the group's fields the form
 * lists (the calculator's has no nombre), each required where the schema refuses it empty. `labels`
 * renames a field where the form says more ('Nombre completo').
 */
export function ContactFields({
  form,
  field,
  labels,
}: {
  form: LeadFormDefinition<unknown>;
  field: (name: string) => FieldBinding;
  labels?: Partial<Record<ContactFieldName, string>>;
}) {
  const shown = (Object.keys(CONTACT_GROUP_FIELDS) as ContactFieldName[]).filter((name) =>
    Object.hasOwn(form.fields, name),
  );
  return (
    <>
      {shown.map((name) => {
        const { label, ...input } = CONTACT_INPUTS[name];
        return <TextField key={name} {...field(name)} label={labels?.[name] ?? label} {...input} />;
      })}
    </>
  );
}

type ControlledProps = {
  id: string;
  label: ReactNode;
  error?: string | null;
  className?: string;
};

function controlledA11y(id: string, error: string | null | undefined, required: boolean | undefined) {
  return {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(id, error),
    "aria-required": required || undefined,
  } as const;
}

/** A controlled number input with its unit inside the field ('%', '€'). */
export const NumberField = forwardRef<
  HTMLInputElement,
  ControlledProps & { unit: string } & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className">
>(function NumberField({ id, label, error, unit, required, className, ...input }, ref) {
  return (
    <FieldFrame id={id} label={label} required={required} error={error} reserveErrorLine className={className}>
      <div className="relative">
        <input
          ref={ref}
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          {...controlledA11y(id, error, required)}
          className={controlClass(error, "pr-10 tabular-nums")}
          {...input}
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute bottom-0 right-4 top-1.5 flex items-center font-semibold text-ink-muted"
        >
          {unit}
        </span>
      </div>
    </FieldFrame>
  );
});

/** A controlled select whose options the caller renders. */
export function SelectInput({
  id,
  label,
  error,
  required,
  className,
  children,
  ...select
}: ControlledProps & { children: ReactNode } & Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    "id" | "className" | "children"
  >) {
  return (
    <FieldFrame id={id} label={label} required={required} error={error} reserveErrorLine className={className}>
      <SelectControl id={id} {...controlledA11y(id, error, required)} error={error} {...select}>
        {children}
      </SelectControl>
    </FieldFrame>
  );
}

/**
 * Invisible to people and to assistive technology; bots that fill every field fill this one. Every lead
 * form renders it, so the hidden attribution field (`origen`) comes along with it.
 */
export function Honeypot() {
  return (
    <>
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
        <label>
          No rellenes este campo
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <OrigenField />
    </>
  );
}

export function SubmitButton({
  submitting,
  label,
  sendingLabel,
  className = "",
  ariaDisabled,
}: {
  submitting: boolean;
  label: string;
  sendingLabel: string;
  className?: string;
  ariaDisabled?: boolean;
}) {
  return (
    <button
      type="submit"
      disabled={submitting}
      aria-disabled={ariaDisabled || undefined}
      className={`btn-primary w-full sm:w-auto ${ariaDisabled ? "cursor-not-allowed opacity-60" : ""} ${className}`}
    >
      {submitting ? sendingLabel : label}
    </button>
  );
}
