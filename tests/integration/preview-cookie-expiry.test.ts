// The preview cookie expires on the server too: its signed value holds the time the handshake issued it,
// and a cookie older than the preview's lifetime (or one without that time) reads no drafts, whatever
// the browser that kept it does with Max-Age.
import { createCookieSessionStorage } from "@remix-run/node";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import {
  enablePreviewCookie,
  isPreviewRequest,
  PREVIEW_COOKIE_NAME,
  PREVIEW_MAX_AGE_S,
} from "~/visitor/preview.server";

const SITE = "http://localhost:3000";
const ISSUED = Date.parse("2026-11-28T08:00:00Z");
const withCookie = (cookie: string) => new Request(`${SITE}/`, { headers: { Cookie: cookie } });
const cookieOf = (setCookie: string) => setCookie.split(";")[0]!;

beforeEach(() => {
  process.env.PREVIEW_SESSION_SECRET = "preview-test-secret";
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(ISSUED);
});
afterEach(() => {
  vi.useRealTimers();
  delete process.env.PREVIEW_SESSION_SECRET;
});

describe("the preview cookie's lifetime on the server", () => {
  it("reads drafts while the cookie is younger than its lifetime, and no more after", async () => {
    const cookie = cookieOf(await enablePreviewCookie(new Request(`${SITE}/api/preview-mode/enable`)));
    expect(await isPreviewRequest(withCookie(cookie))).toBe(true);
    vi.setSystemTime(ISSUED + PREVIEW_MAX_AGE_S * 1000 - 1000);
    expect(await isPreviewRequest(withCookie(cookie))).toBe(true);
    vi.setSystemTime(ISSUED + PREVIEW_MAX_AGE_S * 1000 + 1000);
    expect(await isPreviewRequest(withCookie(cookie))).toBe(false);
    vi.setSystemTime(ISSUED + 30 * 24 * 3600 * 1000);
    expect(await isPreviewRequest(withCookie(cookie))).toBe(false);
  });

  it("refuses a cookie issued in the future (another instance's clock far ahead, or a forged time)", async () => {
    vi.setSystemTime(ISSUED + 3600 * 1000);
    const cookie = cookieOf(await enablePreviewCookie(new Request(`${SITE}/api/preview-mode/enable`)));
    vi.setSystemTime(ISSUED);
    expect(await isPreviewRequest(withCookie(cookie))).toBe(false);
  });

  it("refuses a correctly signed cookie without an issue time (one made before the time was kept)", async () => {
    const legacy = createCookieSessionStorage({
      cookie: { name: PREVIEW_COOKIE_NAME, secrets: ["preview-test-secret"], path: "/", httpOnly: true },
    });
    const session = await legacy.getSession();
    session.set("preview", true);
    const cookie = cookieOf(await legacy.commitSession(session));
    expect(await isPreviewRequest(withCookie(cookie))).toBe(false);
  });

  it("refuses a cookie whose issue time was rewritten (the signature no longer matches)", async () => {
    const cookie = cookieOf(await enablePreviewCookie(new Request(`${SITE}/api/preview-mode/enable`)));
    const [name, value] = cookie.split("=") as [string, string];
    const [payload, signature] = decodeURIComponent(value).split(/\.(?=[^.]+$)/) as [string, string];
    const data = JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as Record<string, unknown>;
    data.issuedAt = Date.now() + PREVIEW_MAX_AGE_S * 1000;
    const forged = `${Buffer.from(JSON.stringify(data)).toString("base64")}.${signature}`;
    expect(await isPreviewRequest(withCookie(`${name}=${encodeURIComponent(forged)}`))).toBe(false);
  });
});
