/**
 * The one place a form component reports a stored lead (conversion tracking plugs in here). It also
 * announces it on `window` as the DOM event `lead:stored` with `{ form, id }` for anything else listening.
 */
import type { LeadFormKind } from "~/forms/shared";

export interface LeadStoredDetail {
  form: LeadFormKind;
  id: string;
}

export const LEAD_STORED_EVENT = "lead:stored";

export function onLeadStored(detail: LeadStoredDetail): void {
  window.dispatchEvent(new CustomEvent<LeadStoredDetail>(LEAD_STORED_EVENT, { detail }));
}
