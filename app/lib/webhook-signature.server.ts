/**
 * The check of a Sanity webhook's `sanity-webhook-signature` (`t=<ms>,v1=<base64url HMAC-SHA256 of
 * "t.body">`). `@sanity/webhook`'s own check compares with `!==` and accepts any age, so a captured
 * delivery could be replayed forever; here the comparison is constant-time and the timestamp must be
 * within `SIGNATURE_MAX_AGE_MS` of the server's clock, either way. Within that window a signature is
 * accepted once (`AcceptedSignatures`): the same signed delivery sent again is a replay.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

import { LRUCache } from "lru-cache";

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

/**
 * The signature of a header as bytes, written one way (base64url without its unused trailing bits): two
 * spellings of one signature give one key. Null when the header is not a signature.
 */
export function signatureKey(header: string | null): string | null {
  const match = HEADER.exec(header?.trim() ?? "");
  return match ? Buffer.from(match[2]!, "base64url").toString("base64url") : null;
}

/**
 * How long an accepted signature is remembered: a timestamp is accepted up to `SIGNATURE_MAX_AGE_MS` on
 * either side of the clock, so 2 × that covers every moment the same signature could be accepted again.
 */
export const SIGNATURE_REPLAY_WINDOW_MS = 2 * SIGNATURE_MAX_AGE_MS;

/**
 * Signatures remembered at most. Sanity sends one delivery per document change; 10,000 in 10 minutes
 * (16 a second, all day) is far beyond any editing team. Past it the oldest is forgotten, and could then
 * be replayed once more while its timestamp is still fresh: one more cache drop, nothing else.
 */
export const MAX_REMEMBERED_SIGNATURES = 10_000;

/** Where instances share what they accepted (DATABASE_URL): one use per key per window. Never throws. */
export interface SharedSignatureLedger {
  consume(key: string): Promise<{ allowed: boolean }>;
}

/**
 * The signatures this process accepted in the replay window, bounded (lru-cache), and, when a shared
 * ledger is given (the database of every instance), the ones any instance accepted.
 */
export class AcceptedSignatures {
  private readonly recent: LRUCache<string, true>;

  constructor(
    private readonly shared: () => SharedSignatureLedger | null = () => null,
    max = MAX_REMEMBERED_SIGNATURES,
  ) {
    this.recent = new LRUCache({ max, ttl: SIGNATURE_REPLAY_WINDOW_MS });
  }

  /** True the first time a (valid) signature is seen; false for a replay. Only valid ones are given here. */
  async firstUse(key: string): Promise<boolean> {
    if (this.recent.has(key)) return false;
    this.recent.set(key, true);
    const ledger = this.shared();
    return ledger ? (await ledger.consume(key)).allowed : true;
  }
}
