/**
 * The cookie banner's form target when the app script did not take over (it normally handles the
 * choice in the browser): stores the choice in `cookie_consent` and sends the visitor back to the
 * page they were on. 'Configurar' without JavaScript leads to the cookie policy.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";

import { choiceFromDecision, consentCookie, COOKIE_POLICY_HREF } from "~/consent/consent";
import { clearExperimentCookie } from "~/experiments/cookie";
import { readFormBody } from "~/leads/request-body.server";
import { PRIVATE_NO_STORE } from "~/lib/http-cache";
import { safeRedirectTarget } from "~/lib/redirect-target";
import { isHttpsRequest, sameSiteReferer } from "~/lib/request-url.server";
import { originOfPage } from "~/tracking/attribution";
import { clearOriginCookie, originCookie } from "~/tracking/origin-cookie";
import { readVisitor, type VisitorContext } from "~/visitor/context.server";

const headers = { "Cache-Control": PRIVATE_NO_STORE };

/** What a refused body is told, by status. */
const BODY_ERRORS = {
  400: "No se ha podido leer el formulario",
  413: "El formulario es demasiado grande",
  415: "El formulario debe enviarse como formulario web",
} as const;

/** The page that posted, when it is on this site and a plain path (`//evil.example/` is not); `/` otherwise. */
function returnPath(request: Request): string {
  const referer = sameSiteReferer(request);
  return referer ? safeRedirectTarget(`${referer.pathname}${referer.search}`) : "/";
}

/**
 * The visit's origin cookie that goes with a choice made without JavaScript: with analytics consent,
 * the origin of the page that posted (its campaign parameters); without it, the cookie removed.
 */
function originCookieFor(
  request: Request,
  visitor: VisitorContext,
  analytics: boolean,
  secure: boolean,
): string | null {
  if (!analytics) return visitor.hasOriginCookie ? clearOriginCookie({ secure }) : null;
  const referer = sameSiteReferer(request);
  return referer ? originCookie(originOfPage(referer, null), { secure }) : null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Método no permitido" }, { status: 405, headers });
  const body = await readFormBody(request);
  if (!body.ok) return Response.json({ error: BODY_ERRORS[body.status] }, { status: body.status, headers });
  const form = body.formData;
  const decision = form.get("decision");
  if (decision === "configure") return redirect(COOKIE_POLICY_HREF, { status: 303, headers });
  const choice = choiceFromDecision(typeof decision === "string" ? decision : null, {
    analytics: form.get("analytics") === "1",
    advertising: form.get("advertising") === "1",
  });
  if (!choice) return Response.json({ error: "Elección de cookies no válida" }, { status: 400, headers });
  const secure = isHttpsRequest(request);
  const answer = new Headers(headers);
  answer.append("Set-Cookie", consentCookie(choice, { secure }));
  const visitor = readVisitor(request, context);
  const origin = originCookieFor(request, visitor, choice.analytics, secure);
  if (origin) answer.append("Set-Cookie", origin);
  // The A/B experiment cookie exists only with analytics consent (app/experiments/cookie.ts).
  if (!choice.analytics && visitor.hasExperimentCookie) {
    answer.append("Set-Cookie", clearExperimentCookie({ secure }));
  }
  return redirect(returnPath(request), { status: 303, headers: answer });
}

export function loader() {
  return redirect(COOKIE_POLICY_HREF, { status: 303, headers });
}
