/**
 * The lead forms' fields: uncontrolled (`name`, `defaultValue`), bound to their form's checks by
 * useLeadForm, in the look of controls.tsx; the contact group, the hidden honeypot and the submit button.
 */
import { type ReactNode, useId } from "react";

import { CONTACT_GROUP_FIELDS, HONEYPOT_FIELD, type LeadFormDefinition, MAX_LENGTH } from "~/forms/shared";

import { controlClass, describedBy, FieldFrame, SelectControl } from "./controls";
import { OrigenField } from "./OrigenField";
import type { FieldBinding } from "./use-lead-form";

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
