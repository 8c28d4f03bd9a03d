/**
 * The tags and the visit's origin, once per page load: the ids come from the server's HTML (`data-tracking`
 * on <body>, app/root.tsx); a choice stored on an earlier visit is applied (Consent Mode update, the tags it
 * allows: nothing loads without consent); the visit's origin is captured (app/tracking/visit-origin.ts:
 * carried to the next page in window.name, in its cookie only with analytics consent) and written into
 * every empty `origen` field of the page's forms, so a form sent before its code came still carries it.
 */
import { parseConsentCookie } from "~/consent/consent";
import { ORIGIN_FIELD } from "~/tracking/attribution";
import type * as TagsModule from "~/tracking/tags";
import { captureVisitOrigin } from "~/tracking/visit-origin";

type Tags = typeof TagsModule;

/** The tags' own file, written in by scripts/build-client.mjs (a file apart: the frame script loads alone). */
declare const __FRAME_TAGS_SRC__: string;

let tags: Promise<Tags> | null = null;

/**
 * The tags' code, a file of its own: a visitor who has made no choice yet needs none of it, so the frame script
 * at load stays small. Fetched once, configured with the page's ids, when a stored or a new choice is applied.
 */
export function withTags(use: (module: Tags) => void): void {
  tags ??= (import(/* @vite-ignore */ __FRAME_TAGS_SRC__) as Promise<Tags>).then((module) => {
    module.configureTracking(module.pageTrackingIds());
    return module;
  });
  tags.then(use, () => {
    // Asked for again at the next choice (a flaky connection).
    tags = null;
  });
}

export function startTracking() {
  const origin = JSON.stringify(captureVisitOrigin());
  for (const field of document.querySelectorAll<HTMLInputElement>(`input[name="${ORIGIN_FIELD}"]`))
    if (!field.value) field.value = origin;
  const stored = parseConsentCookie(document.cookie);
  if (stored) withTags((module) => module.applyConsent(stored, null));
}
