/**
 * The form controls' look and accessibility, for the lead forms and the calculator alike: a visible label
 * (an asterisk marks required ones), the same look for every input and select (a select with its
 * chevron), the Spanish error under the control tied to it with aria-describedby / aria-invalid. The
 * calculator's controls (NumberField, SelectInput) are controlled and keep one line reserved for their
 * message, so messages coming and going while the visitor types never move the results below.
 *
 * A module apart from the lead forms' fields (fields.tsx): the calculator is live as soon as its page
 * loads, and with these alone it does not bring the form kit (fields, checks, toasts), which loads when a
 * lead form is reached for (docs/decisions/0010-forms-on-interaction.md).
 */
import { forwardRef, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from "react";

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

export function errorId(id: string): string {
  return `${id}-error`;
}

export function describedBy(id: string, error: string | null | undefined) {
  return error ? errorId(id) : undefined;
}

export function FieldFrame({
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
export function SelectControl({
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
