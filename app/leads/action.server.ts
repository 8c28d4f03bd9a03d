/**
 * The one way a route action takes a lead: a client already over its rate limit is refused before its
 * body is read; then read the body (≤ 1 MiB) → honeypot → rate limit → validate
 * with the form's schema → store durably → answer. A route action is a line:
 *
 *   export const action = (args: ActionFunctionArgs) => handleLeadAction(args, contactForm);
 *   export const action = (args: ActionFunctionArgs) => handleLeadAction(args, [monthlyPlanForm, cplForm]);
 *
 * With several forms the posted `intent` field names the form (its kind); a page whose forms are told
 * apart otherwise passes a function that picks the form from the posted data. Answers (JSON, LeadActionData):
 * 200 { ok: true, form, id } once stored; 400 { ok: false, form, fieldErrors, toast, values };
 * 429 / 413 with a Spanish toast (a 413 multipart post also with its values); 500 with the form's
 * failure toast when storing failed. A filled honeypot gets the normal 200 answer and nothing is kept.
 * A page under an A/B experiment passes the visitor's variant (app/experiments/campaign.server.ts): the
 * stored lead counts for it (its form puts `experimento` / `variante` in the payload, app/forms/campaign.ts),
 * and converts the visitor the first time their experiment cookie's id sends one.
 */
import { randomUUID } from "node:crypto";

import { type ActionFunctionArgs, json } from "@remix-run/node";

import {
  GENERIC_FAILURE_TOAST,
  HONEYPOT_FIELD,
  INTENT_FIELD,
  type LeadActionData,
  type LeadFormDefinition,
  RATE_LIMITED_TOAST,
  readLeadValues,
  TOO_LARGE_TOAST,
} from "~/forms/shared";
import { validateLead } from "~/forms/validate";
import { clientKey } from "~/lib/client-key.server";
import { PRIVATE_NO_STORE } from "~/lib/http-cache";
import { log } from "~/lib/log.server";
import { countLeadReceived, countLeadRefused } from "~/metrics/metrics.server";
import { readVisitor, type VisitorContext } from "~/visitor/context.server";

import { readOrigen } from "./attribution.server";
import { experimentCounter, formRateLimiter, storeLead } from "./backend.server";
import { readFormBody } from "./request-body.server";

type AnyLeadForm = LeadFormDefinition<unknown>;

function answer(data: LeadActionData, status = 200, headers: Record<string, string> = {}) {
  return json(data, { status, headers: { "Cache-Control": PRIVATE_NO_STORE, ...headers } });
}

/** One form, several told apart by `intent`, or a function that picks one from the posted data. */
export type LeadForms = AnyLeadForm | readonly AnyLeadForm[] | ((formData: FormData) => AnyLeadForm | undefined);

function pickForm(forms: LeadForms, formData: FormData): AnyLeadForm | undefined {
  if (typeof forms === "function") return forms(formData);
  if (!Array.isArray(forms)) return forms as AnyLeadForm;
  const intent = formData.get(INTENT_FIELD);
  return forms.find((form) => form.kind === intent);
}

function singleForm(forms: LeadForms): AnyLeadForm | undefined {
  return typeof forms === "function" || Array.isArray(forms) ? undefined : (forms as AnyLeadForm);
}

function firstLanguage(request: Request): string | undefined {
  return request.headers.get("accept-language")?.split(",")[0]?.split(";")[0]?.trim().slice(0, 35) || undefined;
}

export interface LeadActionOptions {
  /** The experiment variant the visitor was shown, when they take part in one: a stored lead counts for it. */
  experiment?: { experimento: string; variante: string } | null;
  /** The visitor, when the route's entry already read it (app/visitor/context.server.ts); else read here, once. */
  visitor?: VisitorContext;
}

export async function handleLeadAction(
  { request, context }: Pick<ActionFunctionArgs, "request" | "context">,
  forms: LeadForms,
  { experiment = null, visitor: given }: LeadActionOptions = {},
) {
  if (request.method.toUpperCase() !== "POST") {
    return answer({ ok: false, form: null, toast: GENERIC_FAILURE_TOAST }, 405, { Allow: "POST" });
  }

  // What the site knows about the visitor (cookies, address): read once for the whole lead.
  const visitor = given ?? readVisitor(request, context);
  // A client already over its limit is answered before its body is read: a flood costs no parsing.
  const limitKey = clientKey(visitor.clientIp);
  const early = await formRateLimiter().check(limitKey);
  if (!early.allowed) {
    const kind = singleForm(forms)?.kind ?? null;
    log("warn", "lead refused by rate limit", { form: kind });
    countLeadRefused(kind, "rate_limited");
    await request.body?.cancel().catch(() => undefined);
    return answer({ ok: false, form: kind, toast: RATE_LIMITED_TOAST }, 429, {
      "Retry-After": String(early.retryAfterSeconds),
    });
  }

  const body = await readFormBody(request);
  if (!body.ok) {
    const toast = body.status === 413 ? TOO_LARGE_TOAST : GENERIC_FAILURE_TOAST;
    // A multipart post over the limit (a heavy logo without JavaScript) still gives its fields back.
    const read = body.formData;
    const form = read ? pickForm(forms, read) : undefined;
    // The one form of a single-form route even when the body could not be read.
    countLeadRefused((form ?? singleForm(forms))?.kind ?? null, body.status === 413 ? "too_large" : "invalid");
    if (!read || !form) return answer({ ok: false, form: null, toast }, body.status);
    return answer({ ok: false, form: form.kind, toast, values: readLeadValues(form, read) }, body.status);
  }
  const { formData } = body;

  const form = pickForm(forms, formData);
  if (!form) {
    countLeadRefused(null, "invalid");
    return answer({ ok: false, form: null, toast: GENERIC_FAILURE_TOAST }, 400);
  }

  const honeypot = formData.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    log("info", "lead dropped by honeypot", { form: form.kind });
    countLeadRefused(form.kind, "spam");
    return answer({ ok: true, form: form.kind, id: randomUUID() });
  }

  const limit = await formRateLimiter().consume(limitKey);
  if (!limit.allowed) {
    log("warn", "lead refused by rate limit", { form: form.kind });
    countLeadRefused(form.kind, "rate_limited");
    return answer({ ok: false, form: form.kind, toast: RATE_LIMITED_TOAST }, 429, {
      "Retry-After": String(limit.retryAfterSeconds),
    });
  }

  const values = readLeadValues(form, formData);
  const result = validateLead(form, values);
  if (!result.success) {
    countLeadRefused(form.kind, "invalid");
    return answer(
      {
        ok: false,
        form: form.kind,
        fieldErrors: result.fieldErrors,
        toast: form.invalidToast(result.fieldErrors),
        values,
      },
      400,
    );
  }

  const payload = form.buildPayload(result.data, {
    now: new Date(),
    origen: readOrigen(request, formData, visitor),
    client: {
      userAgent: request.headers.get("user-agent")?.slice(0, 500) || undefined,
      language: firstLanguage(request),
    },
  });
  try {
    const record = await storeLead(form.kind, payload);
    countLeadReceived(form.kind);
    if (experiment) {
      // The experiment cookie's random id: a browser converts once per experiment, however many leads it sends.
      experimentCounter().countLead(experiment.experimento, experiment.variante, visitor.browserId);
    }
    const receipt = form.receipt?.(result.data);
    return answer({ ok: true, form: form.kind, id: record.id, ...(receipt ? { receipt } : {}) });
  } catch (error) {
    log("error", "lead could not be stored", { form: form.kind, error: String(error) });
    return answer({ ok: false, form: form.kind, toast: form.failureToast, values }, 500);
  }
}
