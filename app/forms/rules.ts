/**
 * The few zod building blocks the five form schemas are made of (shared by browser and server).
 * They use `zod/mini` (the same engine as `zod`, functional API): the browser bundles only the checks the
 * schemas use (~7 KB gzip instead of ~58 KB for the whole `zod` API), which keeps form pages light.
 */
import * as z from "zod/mini";

// No eval: zod's JIT probe (`new Function`) is a Content-Security-Policy violation in the browser.
z.config({ jitless: true });

/** The same shape as an HTML `type="email"` check that also wants a dot in the domain. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The Spanish messages of fields the spec leaves to the browser's native checks. */
const REQUIRED_MESSAGE = "Este campo es obligatorio";
const EMAIL_MESSAGE = "Formato de email inválido";

/** Values reach schemas already trimmed (readFields); trimming again keeps direct callers honest. */
export const requiredText = (message: string = REQUIRED_MESSAGE) => z.string().check(z.trim(), z.minLength(1, message));

export const optionalText = () => z.string().check(z.trim());

export const emailAddress = (requiredMessage: string = REQUIRED_MESSAGE, formatMessage: string = EMAIL_MESSAGE) =>
  z.string().check(
    z.trim(),
    z.minLength(1, requiredMessage),
    z.refine((value) => value === "" || EMAIL_PATTERN.test(value), formatMessage),
  );

/** The calculator form's phone rule: may start with +, then digits, spaces, hyphens and parentheses. */
const PHONE_PATTERN = /^\+?[\d\s\-()]+$/;

export const phoneNumber = (requiredMessage: string, formatMessage: string) =>
  requiredText(requiredMessage).check(
    z.refine((value) => value === "" || (PHONE_PATTERN.test(value) && /\d/.test(value)), formatMessage),
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
