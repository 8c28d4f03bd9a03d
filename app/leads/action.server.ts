/**
 * The one way a route action takes a lead: every post counts one unit of its client's rate limit before
 * its body is read (a client past its limit is refused there, so a flood costs no parsing); then read
 * the body (≤ 1 MiB) → pick the form → honeypot → validate with the form's schema → store durably →
 * answer. A post refused later (too large, unreadable, no form, honeypot, invalid) has still spent its
 * unit: refusals are not a way round the limit. A route action is a line:
 *
 *   export const action = (args: ActionFunctionArgs) => handleLeadAction(args, contactForm);
 *   export const action = (args: ActionFunctionArgs) => handleLeadAction(args, [monthlyPlanForm, cplForm]);
 *
 * With several forms the posted `intent` field names the form (its kind); a page whose forms are told
 * apart otherwise passes a function that picks the form from the posted data. Answers (JSON, LeadActionData):
 * 200 { ok: true, form, id } once stored; 400 { ok: false, form, fieldErrors, toast, values };
 * 429 / 413 with a Spanish toast (a 413 multipart post also with its values); 503 with `Retry-After`, the
 * form's failure toast and its values when the store could not keep it (a full disk, a database that
 * refuses). A filled honeypot gets the normal 200 answer and nothing is kept.
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
import { countLeadReceived, countLeadRefused, countLeadStoreFailure } from "~/metrics/metrics.server";
import { readVisitor, type VisitorContext } from "~/visitor/context.server";

import { readOrigen } from "./attribution.server";
import { experimentCounter, formRateLimiter, storeLead } from "./backend.server";
import { readFormBody } from "./request-body.server";
import { leadIdForRequestKey } from "./spool.server";
import { storeFailureReason } from "./store.server";

type AnyLeadForm = LeadFormDefinition<unknown>;

/** What a 503 (the store could not keep the lead) asks a client to wait before trying again: two minutes. */
export const STORE_FAILURE_RETRY_AFTER_SECONDS = 120;

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

/**
 * The lead's id when a trusted proxy named this post (`requestKey` in the load context: its `X-Request-Id`,
 * server/client-address.ts): a post the proxy resends to another instance after a failed hand-over carries
 * the same key, so it gets the same id and is stored once.
 */
function leadIdFromProxy(context: unknown): string | undefined {
  const key = (context as { requestKey?: unknown } | null | undefined)?.requestKey;
  return typeof key === "string" && key ? leadIdForRequestKey(key) : undefined;
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
  // Every post that reaches here spends one unit, whatever becomes of it (an oversized, unreadable, formless
  // or honeypot post too), counted before its body is read: a client past its limit costs no parsing.
  // Cross-site posts are refused before this (server/cross-origin-guard.ts, no body read) and spend none,
  // so a hostile page cannot use its visitors' browsers to lock them out of the forms.
  const limit = await formRateLimiter().consume(clientKey(visitor.clientIp));
  if (!limit.allowed) {
    const kind = singleForm(forms)?.kind ?? null;
    log("warn", "lead refused by rate limit", { form: kind });
    countLeadRefused(kind, "rate_limited");
    await request.body?.cancel().catch(() => undefined);
    return answer({ ok: false, form: kind, toast: RATE_LIMITED_TOAST }, 429, {
      "Retry-After": String(limit.retryAfterSeconds),
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
    // The same answer a stored lead gets, its receipt included (the plan the success panel names).
    const checked = validateLead(form, readLeadValues(form, formData));
    const receipt = checked.success ? form.receipt?.(checked.data) : undefined;
    return answer({ ok: true, form: form.kind, id: randomUUID(), ...(receipt ? { receipt } : {}) });
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
    const record = await storeLead(form.kind, payload, { id: leadIdFromProxy(context) });
    // A post the proxy resent after its first copy was stored gets the same answer and is counted once.
    if (!record.repeated) {
      countLeadReceived(form.kind);
      // The experiment cookie's random id: a browser converts once per experiment, however many leads it
      // sends, and only if the server assigned it this variant (a minted id counts the lead, converts nobody).
      if (experiment) experimentCounter().countLead(experiment.experimento, experiment.variante, visitor.browserId);
    }
    const receipt = form.receipt?.(result.data);
    return answer({ ok: true, form: form.kind, id: record.id, ...(receipt ? { receipt } : {}) });
  } catch (error) {
    // The visitor did nothing wrong and loses nothing: their values and the spec's failure message come
    // back, and 503 + Retry-After says "try again soon" (an operator is alerted by the metric).
    const reason = storeFailureReason(error);
    log("error", "lead could not be stored", { form: form.kind, reason, error: String(error) });
    countLeadStoreFailure(form.kind, reason);
    return answer({ ok: false, form: form.kind, toast: form.failureToast, values }, 503, {
      "Retry-After": String(STORE_FAILURE_RETRY_AFTER_SECONDS),
    });
  }
}
