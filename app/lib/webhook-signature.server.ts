/**
 * The check of a Sanity webhook's `sanity-webhook-signature` (`t=<ms>,v1=<base64url HMAC-SHA256 of
 * "t.body">`). `@sanity/webhook`'s own check compares with `!==` and accepts any age, so a captured
 * delivery could be replayed forever; here the comparison is constant-time and the timestamp must be
 * within `SIGNATURE_MAX_AGE_MS` of the server's clock, either way.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNATURE_MAX_AGE_MS = 5 * 60 * 1000;

const HEADER = /^t=(\d{1,16})[, ]+v1=([A-Za-z0-9_-]{1,200})$/;

export type SignatureCheck = "valid" | "invalid" | "expired";

export function checkWebhookSignature(
  body: string,
  header: string | null,
  secret: string,
  now: number = Date.now(),
): SignatureCheck {
  const match = HEADER.exec(header?.trim() ?? "");
  if (!match || !secret) return "invalid";
  const timestamp = Number(match[1]);
  const expected = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest();
  const sent = Buffer.from(match[2]!, "base64url");
  // Lengths are public (the HMAC's is fixed): only equal-length values reach the constant-time compare.
  const valid = sent.length === expected.length && timingSafeEqual(sent, expected);
  if (!valid) return "invalid";
  return Math.abs(now - timestamp) <= SIGNATURE_MAX_AGE_MS ? "valid" : "expired";
}
