/**
 * The browser side of attribution: captures the visit's origin on its first page so a form sent pages
 * later still says which campaign brought the visitor. It lives in memory, in the tab's `window.name`
 * (origin-window-name.ts: survives the full page loads between pages, is no storage, needs no consent) and,
 * only with analytics consent, in the first-party `origen_visita` cookie (origin-cookie.ts) so it also
 * reaches the server and the boot script; without that consent nothing is stored on the device. Nothing here leaves the browser except inside
 * a form's `origen` field or that cookie, sent only to this site.
 */
import { parseConsentCookie } from "~/consent/consent";
import { readCookies } from "~/lib/cookies";

import { mergeOrigin, type Origin, originOfPage } from "./attribution";
import { clearOriginCookie, ORIGIN_COOKIE, originCookie, parseOriginCookie } from "./origin-cookie";
import { originFromWindowName, windowNameFor } from "./origin-window-name";

let memory: Origin | null = null;
let capturedThisDocument = false;

const secure = () => window.location.protocol === "https:";

function storageAllowed(): boolean {
  return parseConsentCookie(document.cookie)?.analytics === true;
}

function readStored(): Origin | null {
  return memory ?? originFromWindowName(window.name) ?? (storageAllowed() ? parseOriginCookie(document.cookie) : null);
}

function store(origin: Origin) {
  memory = origin;
  const name = windowNameFor(origin, window.name);
  if (name !== null) window.name = name;
  if (storageAllowed()) {
    const cookie = originCookie(origin, { secure: secure() });
    if (cookie) document.cookie = cookie;
  } else if (readCookies(document.cookie, ORIGIN_COOKIE).length > 0) {
    document.cookie = clearOriginCookie({ secure: secure() });
  }
}

/** Call once per document load (the frame script does: app/components/frame/). */
export function captureVisitOrigin(): Origin {
  capturedThisDocument = true;
  const origin = mergeOrigin(readStored(), originOfPage(window.location.href, document.referrer));
  store(origin);
  return origin;
}

/** After a cookie choice: keeps the origin in its cookie, or removes it, as the choice allows. */
export function rememberVisitOrigin() {
  const origin = readStored();
  if (origin) store(origin);
}

/** The visit's origin, captured from this document first if that has not happened yet. */
export function visitOrigin(): Origin {
  if (!capturedThisDocument) return captureVisitOrigin();
  return readStored() ?? captureVisitOrigin();
}
