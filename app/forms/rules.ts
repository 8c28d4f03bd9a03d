/**
 * The few Valibot building blocks the form schemas are made of (shared by browser and server). Valibot's
 * functions are separate modules, so the browser bundles only the ones the schemas use (about 1.5 KB
 * compressed, against 6.5 KB for zod 4's core: docs/lab/javascript-budget-log.md).
 */
import * as v from "valibot";

/** The same shape as an HTML `type="email"` check that also wants a dot in the domain. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The Spanish messages of fields the spec leaves to the browser's native checks. */
const REQUIRED_MESSAGE = "Este campo es obligatorio";
const EMAIL_MESSAGE = "Formato de email inválido";

/** Values reach schemas already trimmed (readFields); trimming again keeps direct callers honest. */
export const requiredText = (message: string = REQUIRED_MESSAGE) =>
  v.pipe(v.string(), v.trim(), v.minLength(1, message));

export const optionalText = () => v.pipe(v.string(), v.trim());

/** A rule's own check after the field's: it passes an empty value, which the field's rule has judged. */
export const unlessEmpty = (test: (value: string) => boolean, message: string) =>
  v.check((value: string) => value === "" || test(value), message);

export const emailAddress = (requiredMessage: string = REQUIRED_MESSAGE, formatMessage: string = EMAIL_MESSAGE) =>
  v.pipe(
    requiredText(requiredMessage),
    unlessEmpty((value) => EMAIL_PATTERN.test(value), formatMessage),
  );

/** The calculator form's phone rule: may start with +, then digits, spaces, hyphens and parentheses. */
const PHONE_PATTERN = /^\+?[\d\s\-()]+$/;

export const phoneNumber = (requiredMessage: string, formatMessage: string) =>
  v.pipe(
    requiredText(requiredMessage),
    unlessEmpty((value) => PHONE_PATTERN.test(value) && /\d/.test(value), formatMessage),
  );

/**
 * The rules of the contact group (shared.ts CONTACT_GROUP_FIELDS), every field required: the plan dialogs
 * and service start take them as they are, the landing form makes empresa optional.
 */
export const contactGroupRules = () => ({
  nombre: requiredText(),
  email: emailAddress(),
  telefono: requiredText(),
  empresa: requiredText(),
});

/** A number a page wrote into a hidden field: '35', '1500.5' (a comma decimal is accepted too). */
export function parseDecimal(value: string): number | null {
  const text = value.trim().replace(",", ".");
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : null;
}
