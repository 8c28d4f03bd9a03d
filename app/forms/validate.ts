/**
 * The one validation call of every lead form, in the browser and on the server: a form's schema over the
 * read values, turned into one Spanish message per failing field. Apart from shared.ts, which every page
 * with a form action imports, so that only pages that validate download Valibot.
 */
import * as v from "valibot";

import type { FieldErrors, FormValues, LeadFormDefinition } from "./shared";

export type ValidationResult<Output> = { success: true; data: Output } | { success: false; fieldErrors: FieldErrors };

/** Validates read values against a form's schema: the first Spanish message of each failing field. */
export function validateLead<Output>(
  definition: LeadFormDefinition<Output>,
  values: FormValues,
): ValidationResult<Output> {
  const result = v.safeParse(definition.schema, values);
  if (result.success) return { success: true, data: result.output };
  const fieldErrors: FieldErrors = {};
  for (const issue of result.issues) {
    const field = String(issue.path?.[0]?.key ?? "");
    if (field && !fieldErrors[field]) fieldErrors[field] = issue.message;
  }
  return { success: false, fieldErrors };
}

const requiredByForm = new WeakMap<LeadFormDefinition<unknown>, ReadonlySet<string>>();

/** The fields a form's schema refuses when empty: the ones its page marks required (asterisk, `required`). */
export function requiredFieldsOf(definition: LeadFormDefinition<unknown>): ReadonlySet<string> {
  let required = requiredByForm.get(definition);
  if (!required) {
    const empty = Object.fromEntries(Object.keys(definition.fields).map((name) => [name, ""]));
    const result = validateLead(definition, empty);
    required = new Set(result.success ? [] : Object.keys(result.fieldErrors));
    requiredByForm.set(definition, required);
  }
  return required;
}
