// The Sanity webhook's signature: constant-time, over the raw body, and only within 5 minutes of now.
import { createHmac } from "node:crypto";

import { encodeSignatureHeader } from "@sanity/webhook";
import { describe, expect, it } from "vitest";

import { checkWebhookSignature, SIGNATURE_MAX_AGE_MS } from "~/lib/webhook-signature.server";

const SECRET = "s3cret";
const BODY = JSON.stringify({ _id: "landingPage", _type: "landingPage" });
const NOW = Date.parse("2026-11-28T08:00:00Z");
const sign = (timestamp: number, body = BODY, secret = SECRET) =>
  `t=${timestamp},v1=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("base64url")}`;

describe("checkWebhookSignature", () => {
  it("accepts what Sanity's own toolkit signs, now", async () => {
    expect(checkWebhookSignature(BODY, await encodeSignatureHeader(BODY, NOW, SECRET), SECRET, NOW)).toBe("valid");
    expect(checkWebhookSignature(BODY, sign(NOW - 60_000), SECRET, NOW)).toBe("valid");
  });

  it("refuses a correctly signed delivery older than 5 minutes (a replay) or from the future", () => {
    expect(checkWebhookSignature(BODY, sign(NOW - SIGNATURE_MAX_AGE_MS), SECRET, NOW)).toBe("valid");
    expect(checkWebhookSignature(BODY, sign(NOW - SIGNATURE_MAX_AGE_MS - 1), SECRET, NOW)).toBe("expired");
    expect(checkWebhookSignature(BODY, sign(NOW - 10 * 60_000), SECRET, NOW)).toBe("expired");
    expect(checkWebhookSignature(BODY, sign(NOW + 10 * 60_000), SECRET, NOW)).toBe("expired");
  });

  it.each([
    ["another secret", sign(NOW, BODY, "other")],
    ["another body", sign(NOW, `${BODY} `)],
    ["a shortened signature", sign(NOW).slice(0, -2)],
    ["a lengthened signature", `${sign(NOW)}AA`],
    ["another timestamp", sign(NOW).replace(`t=${NOW}`, `t=${NOW + 1}`)],
    ["no v1", `t=${NOW}`],
    ["junk", "hola"],
    ["empty", ""],
    ["huge", `t=${NOW},v1=${"A".repeat(100_000)}`],
  ])("refuses %s", (_name, header) => {
    expect(checkWebhookSignature(BODY, header, SECRET, NOW)).toBe("invalid");
  });

  it("refuses a missing header", () => {
    expect(checkWebhookSignature(BODY, null, SECRET, NOW)).toBe("invalid");
  });
});
