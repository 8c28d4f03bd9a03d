/**
 * The few zod building blocks the five form schemas are made of (shared by browser and server).
 * They use `zod/mini` (the same engine as `zod`, functional API): the browser bundles only the checks the
 * schemas use (~7 KB gzip instead of ~58 KB for the whole `zod` API), which keeps form pages light.
 */
import * as z from "zod/mini";

import { COMMON_MESSAGES, EMAIL_PATTERN } from "./shared";

// No eval: zod's JIT probe (`new Function`) is a Content-Security-Policy violation in the browser.
z.config({ jitless: true });

/** Values reach schemas already trimmed (readFields); trimming again keeps direct callers honest. */
export const requiredText = (message: string = COMMON_MESSAGES.required) =>
  z.string().check(z.trim(), z.minLength(1, message));

export const optionalText = () => z.string().check(z.trim());

export const emailAddress = (
  requiredMessage: string = COMMON_MESSAGES.required,
  formatMessage: string = COMMON_MESSAGES.email,
) =>
  z.string().check(
    z.trim(),
    z.minLength(1, requiredMessage),
    z.refine((value) => value === "" || EMAIL_PATTERN.test(value), formatMessage),
  );

/** A number a page wrote into a hidden field: '35', '1500.5' (a comma decimal is accepted too). */
export function parseDecimal(value: string): number | null {
  const text = value.trim().replace(",", ".");
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : null;
}
