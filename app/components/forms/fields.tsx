/**
 * Form controls of the lead forms: a visible label (an asterisk marks required ones), the Spanish error
 * under the control tied to it with aria-describedby / aria-invalid, and the hidden honeypot.
 */
import { useId, type ReactNode } from "react";
import { HONEYPOT_FIELD, MAX_LENGTH } from "~/forms/shared";
import { OrigenField } from "./OrigenField";

export const inputClass =
  "mt-1.5 block w-full rounded-xl border bg-white px-3.5 py-2.5 text-base text-ink shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30";

function borderClass(error?: string) {
  return error ? "border-red-600" : "border-slate-300";
}

export function RequiredMark() {
  return (
    <span aria-hidden="true" className="text-red-600">
      {" *"}
    </span>
  );
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
  className,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
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
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(id: string, error?: string) {
  return error ? `${id}-error` : undefined;
}

export function TextField({
  type = "text",
  autoComplete,
  inputMode,
  placeholder,
  ...props
}: FieldProps & {
  type?: "text" | "email" | "tel" | "url";
  autoComplete?: string;
  inputMode?: "text" | "email" | "tel" | "url" | "numeric" | "decimal";
  placeholder?: string;
}) {
  const id = useId();
  return (
    <FieldFrame
      id={id}
      label={props.label}
      required={props.required || props.markedRequired}
      error={props.error}
      hint={props.hint}
      className={props.className}
    >
      <input
        id={id}
        name={props.name}
        type={type}
        required={props.required}
        defaultValue={props.defaultValue}
        autoComplete={autoComplete}
        inputMode={inputMode}
        placeholder={placeholder}
        maxLength={MAX_LENGTH.line}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(id, props.error)}
        className={`${inputClass} ${borderClass(props.error)}`}
      />
    </FieldFrame>
  );
}

export function TextAreaField({
  rows = 4,
  placeholder,
  ...props
}: FieldProps & { rows?: number; placeholder?: string }) {
  const id = useId();
  return (
    <FieldFrame
      id={id}
      label={props.label}
      required={props.required || props.markedRequired}
      error={props.error}
      hint={props.hint}
      className={props.className}
    >
      <textarea
        id={id}
        name={props.name}
        rows={rows}
        required={props.required}
        defaultValue={props.defaultValue}
        placeholder={placeholder}
        maxLength={MAX_LENGTH.text}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(id, props.error)}
        className={`${inputClass} ${borderClass(props.error)} resize-y`}
      />
    </FieldFrame>
  );
}

export function SelectField({
  options,
  placeholder,
  ...props
}: FieldProps & { options: readonly string[]; placeholder: string }) {
  const id = useId();
  return (
    <FieldFrame
      id={id}
      label={props.label}
      required={props.required || props.markedRequired}
      error={props.error}
      hint={props.hint}
      className={props.className}
    >
      <select
        id={id}
        name={props.name}
        required={props.required}
        defaultValue={props.defaultValue ?? ""}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(id, props.error)}
        className={`${inputClass} ${borderClass(props.error)}`}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
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
