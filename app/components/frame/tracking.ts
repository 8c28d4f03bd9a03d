/**
 * The tags and the visit's origin, once per page load: the ids come from the server's HTML (`data-tracking`
 * on <body>, app/root.tsx); a choice stored on an earlier visit is applied (Consent Mode update, the tags it
 * allows: nothing loads without consent); the visit's origin is captured (app/tracking/visit-origin.ts:
 * carried to the next page in window.name, in its cookie only with analytics consent) and written into
 * every empty `origen` field of the page's forms, so a form sent before its code came still carries it.
 */
import { parseConsentCookie } from "~/consent/consent";
import { ORIGIN_FIELD } from "~/tracking/attribution";
import { applyConsent, configureTracking, pageTrackingIds } from "~/tracking/tags";
import { captureVisitOrigin } from "~/tracking/visit-origin";

export function startTracking() {
  configureTracking(pageTrackingIds());
  const origin = JSON.stringify(captureVisitOrigin());
  for (const field of document.querySelectorAll<HTMLInputElement>(`input[name="${ORIGIN_FIELD}"]`))
    if (!field.value) field.value = origin;
  const stored = parseConsentCookie(document.cookie);
  if (stored) applyConsent(stored, null);
}
