/**
 * The browser side of attribution: captures the visit's origin on its first page and keeps it in
 * session storage (in memory when storage is blocked), so a form sent pages later still says which
 * campaign brought the visitor. Nothing here leaves the browser except inside a form's `origen` field.
 */
import { mergeOrigin, originOfPage, parseOrigin, type Origin } from "./attribution";

const STORAGE_KEY = "origen";
let memory: Origin | null = null;
let capturedThisDocument = false;

function readStored(): Origin | null {
  try {
    return parseOrigin(window.sessionStorage.getItem(STORAGE_KEY)) ?? memory;
  } catch {
    return memory;
  }
}

function store(origin: Origin) {
  memory = origin;
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(origin));
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

/** The visit's origin, captured from this document first if that has not happened yet. */
export function visitOrigin(): Origin {
  if (!capturedThisDocument) return captureVisitOrigin();
  return readStored() ?? captureVisitOrigin();
}
