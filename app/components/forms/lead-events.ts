/**
 * The one place a form component reports a stored lead (conversion tracking plugs in here). It also
 * announces it on `window` as the DOM event `lead:stored` with `{ form, id }` for anything else listening.
 *
 * The conversion code is a chunk of its own, fetched once a lead is stored: a visitor who only looks at a
 * form, or starts filling it in, does not download it (the budget counts what a form's first touch loads).
 */
import type { LeadFormKind } from "~/forms/shared";

export interface LeadStoredDetail {
  form: LeadFormKind;
  id: string;
}

export const LEAD_STORED_EVENT = "lead:stored";

export function onLeadStored(detail: LeadStoredDetail): void {
  import("~/tracking/conversions").then(
    ({ conversionKindOf, reportConversion }) => reportConversion(conversionKindOf(detail.form), detail.id),
    // A failed download (the connection dropped after the send) loses the tag, never the lead.
    () => undefined,
  );
  window.dispatchEvent(new CustomEvent<LeadStoredDetail>(LEAD_STORED_EVENT, { detail }));
}
