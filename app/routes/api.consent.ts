/**
 * The cookie banner's form target when the app script did not take over (it normally handles the
 * choice in the browser): stores the choice in `cookie_consent` and sends the visitor back to the
 * page they were on. 'Configurar' without JavaScript leads to the cookie policy.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { choiceFromDecision, consentCookie } from "~/consent/consent";
import { PRIVATE_NO_STORE } from "~/lib/http-cache";

const headers = { "Cache-Control": PRIVATE_NO_STORE };

function isHttps(request: Request): boolean {
  const forwarded = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  return forwarded ? forwarded === "https" : new URL(request.url).protocol === "https:";
}

/** The page that posted, when it is on this site; the home page otherwise. */
function returnPath(request: Request): string {
  const host = new URL(request.url).host;
  try {
    const referer = new URL(request.headers.get("referer") ?? "");
    if (referer.host === host) return `${referer.pathname}${referer.search}`;
  } catch {
    // No or malformed Referer: fall through.
  }
  return "/";
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Method not allowed" }, { status: 405, headers });
  const form = await request.formData();
  const decision = form.get("decision");
  if (decision === "configure") return redirect("/legal#cookies", { status: 303, headers });
  const choice = choiceFromDecision(typeof decision === "string" ? decision : null, {
    analytics: form.get("analytics") === "1",
    advertising: form.get("advertising") === "1",
  });
  if (!choice) return Response.json({ error: "Elección de cookies no válida" }, { status: 400, headers });
  return redirect(returnPath(request), {
    status: 303,
    headers: { ...headers, "Set-Cookie": consentCookie(choice, { secure: isHttps(request) }) },
  });
}

export function loader() {
  return redirect("/legal#cookies", { status: 303, headers });
}
