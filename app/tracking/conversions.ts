/**
 * Conversion events for the agency's campaigns (docs/product-rules.md, Conversion tracking): on every successful form
 * submission a Google Ads conversion and a Meta 'Lead' event, worth 100 EUR, or 20 EUR for the contact
 * conversion (landing/contact form, its own Google Ads label). Fired only with advertising consent,
 * once per lead id (re-renders, StrictMode and back/forward restores fire nothing more), with the
 * lead's id as Google's transaction_id and Meta's eventID so the agency can de-duplicate.
 *
 * Forms report a stored lead through onLeadStored (app/components/forms/lead-events.ts), which calls
 * `reportConversion(conversionKindOf(form), id)` with the action's `{ ok: true, id }`.
 */
import { parseConsentCookie } from "~/consent/consent";

import { loadAllowedTags, type TrackingIds, trackingIds } from "./tags";

export type ConversionKind = "lead" | "contact";

/** The landing/contact form is the contact conversion; every other lead form is a lead conversion. */
export function conversionKindOf(form: string): ConversionKind {
  return form === "contacto" ? "contact" : "lead";
}

export const CONVERSION_VALUE_EUR: Record<ConversionKind, number> = { lead: 100, contact: 20 };
export const CONVERSION_CURRENCY = "EUR";

export interface ConversionCalls {
  gtag?: unknown[];
  fbq?: unknown[];
  warnings: string[];
}

/** The tag calls one conversion makes with the configured ids (pure). */
export function conversionCalls(kind: ConversionKind, leadId: string, ids: TrackingIds): ConversionCalls {
  const value = CONVERSION_VALUE_EUR[kind];
  const label = kind === "contact" ? ids.googleAdsContactLabel : ids.googleAdsLeadLabel;
  const labelField = kind === "contact" ? "googleAdsContactLabel" : "googleAdsLeadLabel";
  const calls: ConversionCalls = { warnings: [] };
  if (!ids.googleAdsId) {
    calls.warnings.push(`[tracking] Google Ads tag absent (no googleAdsId): ${kind} conversion ${leadId} not sent.`);
  } else if (!label) {
    calls.warnings.push(
      `[tracking] No ${labelField} in site settings: Google Ads ${kind} conversion ${leadId} not sent.`,
    );
  } else {
    calls.gtag = [
      "event",
      "conversion",
      { send_to: `${ids.googleAdsId}/${label}`, value, currency: CONVERSION_CURRENCY, transaction_id: leadId },
    ];
  }
  if (!ids.metaPixelId) {
    calls.warnings.push(`[tracking] Meta pixel absent (no metaPixelId): Lead event ${leadId} not sent.`);
  } else {
    calls.fbq = ["track", "Lead", { value, currency: CONVERSION_CURRENCY }, { eventID: leadId }];
  }
  return calls;
}

const FIRED_KEY = "conversiones";
const fired = new Set<string>();

function alreadyFired(leadId: string): boolean {
  if (fired.has(leadId)) return true;
  try {
    return (JSON.parse(window.sessionStorage.getItem(FIRED_KEY) ?? "[]") as unknown[]).includes(leadId);
  } catch {
    return false;
  }
}

function markFired(leadId: string) {
  fired.add(leadId);
  try {
    window.sessionStorage.setItem(FIRED_KEY, JSON.stringify([...fired].slice(-50)));
  } catch {
    // Storage blocked: the in-memory set still prevents repeats on this page.
  }
}

/**
 * Reports one successful submission. Returns true when events were sent; false without advertising
 * consent (nothing is sent, nothing remembered), for a lead already reported, or outside a browser.
 */
export function reportConversion(kind: ConversionKind, leadId: string): boolean {
  if (typeof window === "undefined" || !leadId) return false;
  const consent = parseConsentCookie(document.cookie);
  if (!consent?.advertising) return false;
  if (alreadyFired(leadId)) return false;
  markFired(leadId);
  loadAllowedTags(consent);
  const calls = conversionCalls(kind, leadId, trackingIds());
  for (const warning of calls.warnings) console.warn(warning);
  if (calls.gtag) window.gtag?.(...calls.gtag);
  if (calls.fbq) window.fbq?.(...calls.fbq);
  return Boolean(calls.gtag || calls.fbq);
}
