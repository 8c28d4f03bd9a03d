/**
 * The `origen` of a lead, on the server: what the browser sent in the hidden `origen` field, completed
 * with what the request itself shows (the posting page's query via Referer and the action URL's query,
 * so campaign parameters still arrive with JavaScript off), or by the visit's `origen_visita` cookie
 * when the field came empty, and the consent state from the `cookie_consent` cookie, which the server
 * reads itself rather than trusting the form.
 */
import { consentSummary, parseConsentCookie } from "~/consent/consent";
import { sameSiteReferer } from "~/lib/request-url.server";

import {
  campaignParams,
  completeOrigin,
  hasCampaign,
  type Origin,
  ORIGIN_FIELD,
  parseOrigin,
  pathOf,
} from "./attribution";
import { parseOriginCookie } from "./origin-cookie";

export function originFromRequest(formData: FormData, request: Request): Origin {
  const actionUrl = new URL(request.url);
  const postingPage = sameSiteReferer(request);
  const cookieHeader = request.headers.get("cookie");
  const consent = parseConsentCookie(cookieHeader);
  const fromField = parseOrigin(formData.get(ORIGIN_FIELD));
  // An empty field (a post without JavaScript) falls back to the visit's origin cookie, kept only with
  // analytics consent; see app/tracking/origin-cookie.ts.
  const fromBrowser =
    fromField && (hasCampaign(fromField) || fromField.paginaEntrada)
      ? fromField
      : ((consent?.analytics ? parseOriginCookie(cookieHeader) : null) ?? fromField);
  const fromActionUrl: Origin = campaignParams(actionUrl);
  const fromPostingPage: Origin | null = postingPage
    ? { ...campaignParams(postingPage), paginaEntrada: pathOf(postingPage) }
    : null;
  return {
    ...completeOrigin(fromBrowser, [fromActionUrl, fromPostingPage]),
    consentimiento: consentSummary(consent),
  };
}
