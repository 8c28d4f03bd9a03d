/**
 * Labelled form controls for the calculator and its lead form: a visible label, an optional hint, the
 * error announced through aria-describedby / aria-invalid, and room reserved for the message so that
 * an error appearing never pushes the layout around more than one line.
 */
import { forwardRef, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";

const CONTROL =
  "block w-full rounded-xl border bg-white px-4 py-3 text-base text-ink shadow-sm transition-colors placeholder:text-slate-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-0 disabled:bg-slate-50";

function controlClass(invalid: boolean, extra = ""): string {
  return `${CONTROL} ${invalid ? "border-red-600" : "border-slate-300 hover:border-slate-400"} ${extra}`;
}

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  error?: string | null;
  children: ReactNode;
  className?: string;
}

export function fieldIds(id: string) {
  return { hint: `${id}-ayuda`, error: `${id}-error` };
}

function describedBy(id: string, hint: ReactNode, error?: string | null): string | undefined {
  const ids = fieldIds(id);
  return [hint ? ids.hint : null, error ? ids.error : null].filter(Boolean).join(" ") || undefined;
}

function FieldFrame({ id, label, required, hint, error, children, className = "" }: FieldFrameProps) {
  const ids = fieldIds(id);
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
        ) : null}
      </label>
      {hint ? (
        <p id={ids.hint} className="mt-1 text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      <div className="mt-1.5">{children}</div>
      <p id={ids.error} className="mt-1.5 min-h-5 text-sm font-medium text-red-700" aria-live="polite">
        {error ?? ""}
      </p>
    </div>
  );
}

type TextFieldProps = {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  /** A unit shown inside the field's right edge ('%', '€'). */
  unit?: string;
  className?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className">;

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { id, label, hint, error, unit, required, className, ...input },
  ref,
) {
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error} className={className}>
      <div className="relative">
        <input
          ref={ref}
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          aria-required={required || undefined}
          className={controlClass(Boolean(error), unit ? "pr-10" : "")}
          {...input}
        />
        {unit ? (
          <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-4 flex items-center font-semibold text-ink-muted">
            {unit}
          </span>
        ) : null}
      </div>
    </FieldFrame>
  );
});

type SelectFieldProps = {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  className?: string;
  children: ReactNode;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "className" | "children">;

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { id, label, hint, error, required, className, children, ...select },
  ref,
) {
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error} className={className}>
      <div className="relative">
        <select
          ref={ref}
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          aria-required={required || undefined}
          className={controlClass(Boolean(error), "appearance-none pr-10")}
          {...select}
        >
          {children}
        </select>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="pointer-events-none absolute right-3 top-1/2 h-5 w-5 -translate-y-1/2 text-ink-muted"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M6 9l6 6 6-6" />
        </svg>
      </div>
    </FieldFrame>
  );
});

type TextAreaFieldProps = {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  className?: string;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "className">;

export function TextAreaField({ id, label, hint, error, required, className, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error} className={className}>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        aria-required={required || undefined}
        className={controlClass(Boolean(error), "min-h-28 resize-y")}
        {...textarea}
      />
    </FieldFrame>
  );
}
