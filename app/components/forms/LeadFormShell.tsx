/**
 * What the lead forms are built of around their fields: the form element posting through the lead
 * form's fetcher, closed by the honeypot, the submit button and the privacy notice; and the panel a form
 * gives way to once its lead is stored.
 */
import { type FormEvent, forwardRef, type ReactNode } from "react";

import { Honeypot, SubmitButton } from "./fields";
import { PrivacyNotice } from "./PrivacyNotice";
import type { LeadForm } from "./use-lead-form";

/** A two-column lead form: `children` are its fields (and hidden inputs), then what every form ends with. */
export function LeadFormShell({
  lead,
  submitLabel,
  sendingLabel,
  noValidate,
  onSubmit = lead.onSubmit,
  className,
  children,
  ...labelling
}: {
  lead: LeadForm;
  submitLabel: string;
  sendingLabel: string;
  /** Whether the form's own checks replace the browser's (left to the browser when unset). */
  noValidate?: boolean;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  className: string;
  children: ReactNode;
} & ({ "aria-label": string } | { "aria-labelledby": string })) {
  return (
    <lead.fetcher.Form
      key={lead.formKey}
      method="post"
      action={lead.action}
      noValidate={noValidate}
      onSubmit={onSubmit}
      onChange={lead.onChange}
      {...labelling}
      className={className}
    >
      {children}
      <Honeypot />
      <div className="sm:col-span-2">
        <SubmitButton submitting={lead.submitting} label={submitLabel} sendingLabel={sendingLabel} />
      </div>
      <PrivacyNotice className="sm:col-span-2" />
    </lead.fetcher.Form>
  );
}

/** The stored-lead panel: a check mark, then the form's own title, text and action (`children`). */
export const SuccessPanel = forwardRef<
  HTMLDivElement,
  { className: string; testId: string; status?: boolean; children: ReactNode }
>(function SuccessPanel({ className, testId, status, children }, ref) {
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={status ? "status" : undefined}
      className={`${className} text-center focus:outline-none`}
      data-testid={testId}
    >
      <div
        aria-hidden="true"
        className="mx-auto grid h-14 w-14 place-items-center rounded-full bg-emerald-100 text-emerald-700"
      >
        <svg viewBox="0 0 24 24" className="h-7 w-7" fill="none" stroke="currentColor" strokeWidth="2.5">
          <path d="M5 13l4 4L19 7" />
        </svg>
      </div>
      {children}
    </div>
  );
});
