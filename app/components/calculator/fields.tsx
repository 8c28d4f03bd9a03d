/**
 * The calculator's controlled inputs: the lead forms' look (inputClass), a unit inside the field ('%',
 * '€'), the error tied through aria-describedby / aria-invalid, and one line always reserved for the
 * message, so that messages coming and going while the visitor types never move the results.
 */
import { forwardRef, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from "react";
import { inputClass, RequiredMark } from "~/components/forms/fields";

function controlClass(invalid: boolean, extra = ""): string {
  return `${inputClass} ${invalid ? "border-red-600" : "border-slate-300 hover:border-slate-400"} ${extra}`;
}

function errorId(id: string): string {
  return `${id}-error`;
}

function FieldFrame({
  id,
  label,
  required,
  error,
  className = "",
  children,
}: {
  id: string;
  label: ReactNode;
  required?: boolean;
  error?: string | null;
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
      <p id={errorId(id)} className="mt-1 min-h-5 text-sm font-medium text-red-700">
        {error ?? ""}
      </p>
    </div>
  );
}

type ControlProps = {
  id: string;
  label: ReactNode;
  error?: string | null;
  className?: string;
};

function a11yProps(id: string, error: string | null | undefined, required: boolean | undefined) {
  return {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId(id) : undefined,
    "aria-required": required || undefined,
  } as const;
}

export const NumberField = forwardRef<
  HTMLInputElement,
  ControlProps & { unit: string } & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className">
>(function NumberField({ id, label, error, unit, required, className, ...input }, ref) {
  return (
    <FieldFrame id={id} label={label} required={required} error={error} className={className}>
      <div className="relative">
        <input
          ref={ref}
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          {...a11yProps(id, error, required)}
          className={controlClass(Boolean(error), "pr-10 tabular-nums")}
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

export function SelectField({
  id,
  label,
  error,
  required,
  className,
  children,
  ...select
}: ControlProps & { children: ReactNode } & Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    "id" | "className" | "children"
  >) {
  return (
    <FieldFrame id={id} label={label} required={required} error={error} className={className}>
      <div className="relative">
        <select
          id={id}
          {...a11yProps(id, error, required)}
          className={controlClass(Boolean(error), "appearance-none pr-10")}
          {...select}
        >
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
    </FieldFrame>
  );
}
