/**
 * The one place a form component reports a stored lead (conversion tracking plugs in here). It also
 * announces it on `window` as the DOM event `lead:stored` with `{ form, id }` for anything else listening.
 */
import type { LeadFormKind } from "~/forms/shared";
import { conversionKindOf, reportConversion } from "~/tracking/conversions";

export interface LeadStoredDetail {
  form: LeadFormKind;
  id: string;
}

export const LEAD_STORED_EVENT = "lead:stored";

export function onLeadStored(detail: LeadStoredDetail): void {
  reportConversion(conversionKindOf(detail.form), detail.id);
  window.dispatchEvent(new CustomEvent<LeadStoredDetail>(LEAD_STORED_EVENT, { detail }));
}
