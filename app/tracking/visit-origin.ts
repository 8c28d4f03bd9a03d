/**
 * The browser side of attribution: captures the visit's origin on its first page so a form sent pages
 * later still says which campaign brought the visitor. It lives in memory (enough for client-side
 * navigation) and, only with analytics consent, in session storage so it also survives full page
 * loads; without that consent nothing is stored on the device. Nothing here leaves the browser except
 * inside a form's `origen` field.
 */
import { parseConsentCookie } from "~/consent/consent";
import { mergeOrigin, originOfPage, parseOrigin, type Origin } from "./attribution";

const STORAGE_KEY = "origen";
let memory: Origin | null = null;
let capturedThisDocument = false;

function storageAllowed(): boolean {
  return parseConsentCookie(document.cookie)?.analytics === true;
}

function readStored(): Origin | null {
  if (memory) return memory;
  try {
    return parseOrigin(window.sessionStorage.getItem(STORAGE_KEY));
  } catch {
    return null;
  }
}

function store(origin: Origin) {
  memory = origin;
  try {
    if (storageAllowed()) window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(origin));
    else window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage blocked: the in-memory copy still serves this page and client-side navigations.
  }
}

/** Call once per document load (not on client-side navigations: the referrer would be stale). */
export function captureVisitOrigin(): Origin {
  capturedThisDocument = true;
  const origin = mergeOrigin(readStored(), originOfPage(window.location.href, document.referrer));
  store(origin);
  return origin;
}

/** After a cookie choice: keeps the origin in session storage, or removes it, as the choice allows. */
export function rememberVisitOrigin() {
  const origin = readStored();
  if (origin) store(origin);
}

/** The visit's origin, captured from this document first if that has not happened yet. */
export function visitOrigin(): Origin {
  if (!capturedThisDocument) return captureVisitOrigin();
  return readStored() ?? captureVisitOrigin();
}
