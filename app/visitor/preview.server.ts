/**
 * Draft preview mode: a signed session cookie that a browser gets from Sanity's preview handshake
 * (app/preview-mode/enable.server.ts) and loses at /api/preview-mode/disable. A request carrying it
 * reads the `drafts` perspective (app/content/perspective.server.ts); every other request reads
 * `published`. See docs/preview.md. The visitor's one cookie that is signed, so read apart from the
 * others (context.server.ts) and asynchronously; this module is the one place that reads it.
 */
import { randomBytes } from "node:crypto";

import { createCookieSessionStorage } from "@remix-run/node";

import { isHttpsRequest } from "~/lib/request-url.server";

/** Not one of the page cache's neutral cookies: a request carrying it is never answered from the cache. */
export const PREVIEW_COOKIE_NAME = "site_preview";
const SESSION_KEY = "preview";
/** When the handshake issued the cookie (ms since the epoch), inside the signed value. */
const ISSUED_AT_KEY = "issuedAt";
/**
 * An editor's preview lasts a working day at most, then the Studio opens a new handshake. The browser's
 * Max-Age is only a request: the server checks the signed issue time too, so a leaked cookie stops
 * reading drafts after this long whatever its holder does.
 */
export const PREVIEW_MAX_AGE_S = 8 * 60 * 60;
const MAX_AGE_S = PREVIEW_MAX_AGE_S;
/** Clocks of several instances may differ a little; an issue time further in the future is refused. */
const CLOCK_SKEW_MS = 60_000;

// PREVIEW_SESSION_SECRET signs the cookie; without it each process generates one (a restart or another
// instance then ends preview, which is safe; set it when running more than one instance).
const GENERATED_SECRET = randomBytes(32).toString("hex");

function sessionSecret(): string {
  return process.env.PREVIEW_SESSION_SECRET?.trim() || GENERATED_SECRET;
}

function storage(request: Request) {
  // https (directly, behind a TLS proxy or by configuration; server/remix-handler.ts puts the trusted scheme
  // into request.url): the cookie must cross the Studio's iframe.
  const secure = isHttpsRequest(request);
  return createCookieSessionStorage({
    cookie: {
      name: PREVIEW_COOKIE_NAME,
      httpOnly: true,
      path: "/",
      maxAge: MAX_AGE_S,
      secrets: [sessionSecret()],
      // Inside the Studio (another site) the iframe only keeps a cookie that is SameSite=None; Secure,
      // partitioned per top-level site. Plain http (localhost) cannot be Secure: Lax works there.
      ...(secure ? { sameSite: "none" as const, secure: true, partitioned: true } : { sameSite: "lax" as const }),
    },
  });
}

/** True when the request carries a valid preview cookie. Never throws: a bad cookie is no preview. */
export async function isPreviewRequest(request: Request): Promise<boolean> {
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes(PREVIEW_COOKIE_NAME)) return false;
  try {
    const session = await storage(request).getSession(cookie);
    const issuedAt: unknown = session.get(ISSUED_AT_KEY);
    if (session.get(SESSION_KEY) !== true || typeof issuedAt !== "number") return false;
    const age = Date.now() - issuedAt;
    return age >= -CLOCK_SKEW_MS && age <= MAX_AGE_S * 1000;
  } catch {
    return false;
  }
}

/** The Set-Cookie header that starts preview for this browser. */
export async function enablePreviewCookie(request: Request): Promise<string> {
  const { getSession, commitSession } = storage(request);
  const session = await getSession();
  session.set(SESSION_KEY, true);
  session.set(ISSUED_AT_KEY, Date.now());
  return commitSession(session);
}

/** The Set-Cookie header that ends preview. */
export async function disablePreviewCookie(request: Request): Promise<string> {
  const { getSession, destroySession } = storage(request);
  return destroySession(await getSession());
}
