/**
 * The `origen` of a lead, on the server: what the browser sent in the hidden `origen` field, completed
 * with what the request itself shows (the posting page's query via Referer and the action URL's query,
 * so campaign parameters still arrive with JavaScript off) and the consent state from the
 * `cookie_consent` cookie, which the server reads itself rather than trusting the form.
 */
import { consentSummary, parseConsentCookie } from "~/consent/consent";
import { sameSiteReferer } from "~/lib/request-url.server";
import { campaignParams, completeOrigin, ORIGIN_FIELD, parseOrigin, pathOf, type Origin } from "./attribution";

export function originFromRequest(formData: FormData, request: Request): Origin {
  const actionUrl = new URL(request.url);
  const postingPage = sameSiteReferer(request);
  const fromBrowser = parseOrigin(formData.get(ORIGIN_FIELD));
  const fromActionUrl: Origin = campaignParams(actionUrl);
  const fromPostingPage: Origin | null = postingPage
    ? { ...campaignParams(postingPage), paginaEntrada: pathOf(postingPage) }
    : null;
  return {
    ...completeOrigin(fromBrowser, [fromActionUrl, fromPostingPage]),
    consentimiento: consentSummary(parseConsentCookie(request.headers.get("cookie"))),
  };
}
