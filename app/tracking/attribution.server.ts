/**
 * The `origen` of a lead, on the server: what the browser sent in the hidden `origen` field, completed
 * with what the request itself shows (the posting page's query via Referer and the action URL's query,
 * so campaign parameters still arrive with JavaScript off), or by the visit's `origen_visita` cookie
 * when the field came empty, and the consent state from the `cookie_consent` cookie, which the server
 * reads itself rather than trusting the form. Both cookies arrive read, as plain values (the visitor
 * context, app/visitor/context.server.ts).
 */
import { type ConsentChoice, consentSummary } from "~/consent/consent";
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

/** What the request's cookies say that attribution needs: the consent choice and the visit's origin cookie. */
export interface VisitorCookies {
  consent: ConsentChoice | null;
  origin: Origin | null;
}

export function originFromRequest(formData: FormData, request: Request, visitor: VisitorCookies): Origin {
  const actionUrl = new URL(request.url);
  const postingPage = sameSiteReferer(request);
  const { consent } = visitor;
  const fromField = parseOrigin(formData.get(ORIGIN_FIELD));
  // An empty field (a post without JavaScript) falls back to the visit's origin cookie, kept only with
  // analytics consent; see app/tracking/origin-cookie.ts.
  const fromBrowser =
    fromField && (hasCampaign(fromField) || fromField.paginaEntrada)
      ? fromField
      : ((consent?.analytics ? visitor.origin : null) ?? fromField);
  const fromActionUrl: Origin = campaignParams(actionUrl);
  const fromPostingPage: Origin | null = postingPage
    ? { ...campaignParams(postingPage), paginaEntrada: pathOf(postingPage) }
    : null;
  return {
    ...completeOrigin(fromBrowser, [fromActionUrl, fromPostingPage]),
    consentimiento: consentSummary(consent),
  };
}
