/**
 * The frame script: the behaviour of what every page's frame holds, in plain DOM, no framework
 * (docs/decisions/0023-a-frame-without-a-framework.md). Built on its own by scripts/build-frame.mjs into
 * public/build/frame-<hash>.js, which every page loads as a module (app/root.tsx), hydrated or not, so each
 * behaviour has one implementation: the header (header.ts), the FAQ accordions (accordion.ts), the info
 * tooltips (app/components/ui/tooltips.ts, a chunk of its own fetched when a visitor first reaches for an info
 * button: /sectores' directory), the cookie banner (consent.ts) and the tags after consent with
 * the visit's origin (tracking.ts), the floating WhatsApp button stepping aside from controls (floating-button.ts),
 * and the island loader (islands.ts: a form, the calculator or a dialog brings its own code, with React, when reached).
 * Every part is a set of listeners on the document reading the server's
 * HTML, started once. When all are started, <html> gets `data-frame-ready` (the header's menu button shows
 * then, and tests wait for it).
 */
import { TOOLTIP_ATTRIBUTE } from "~/components/ui/tooltip-markup";

import { startAccordions } from "./accordion";
import { startConsent } from "./consent";
import { startFloatingStepAside } from "./floating-button";
import { FRAME_READY_ATTRIBUTE } from "./frame-ready";
import { startHeader } from "./header";
import { startIslands } from "./islands";
import { startTracking } from "./tracking";

/** What a visitor does to an info button that the tooltips' code answers, kept until that code is in. */
const TOOLTIP_EVENTS = ["pointerover", "pointerout", "focusin", "focusout", "click"] as const;
/** Of those, the ones that reach for a tooltip (a pointer leaving or a focus moving on asks for nothing). */
const TOOLTIP_REACH = new Set<string>(["pointerover", "focusin", "click"]);

/**
 * The tooltips' code (a chunk of its own) is fetched at the first reach for an info button, not at load: a page
 * downloads only the frame script until a visitor points at, focuses or taps one. What the visitor did to the
 * buttons meanwhile is played again, in order, once the code is in, so that first hover, focus or tap (and a
 * pointer or focus leaving since) has the effect it would have had with the code already there.
 */
function startTooltipsOnReach() {
  const selector = `button[${TOOLTIP_ATTRIBUTE}]`;
  if (!document.querySelector(selector)) return;
  const seen: Event[] = [];
  let loading = false;
  const record = (event: Event) => {
    if (!(event.target instanceof Element) || !event.target.closest(selector)) return;
    if (!loading && !TOOLTIP_REACH.has(event.type)) return;
    seen.push(event);
    if (loading) return;
    loading = true;
    import("~/components/ui/tooltips").then(
      (tooltips) => {
        for (const type of TOOLTIP_EVENTS) document.removeEventListener(type, record, true);
        tooltips.startTooltips();
        // The same event again (its class and fields), from where it happened.
        for (const event of seen.splice(0)) {
          const Kind = event.constructor as typeof Event;
          event.target?.dispatchEvent(new Kind(event.type, event));
        }
      },
      // A failed download is tried again at the next reach.
      () => {
        loading = false;
        seen.length = 0;
      },
    );
  };
  for (const type of TOOLTIP_EVENTS) document.addEventListener(type, record, true);
}

function start() {
  const root = document.documentElement;
  if (root.hasAttribute(FRAME_READY_ATTRIBUTE)) return;
  startConsent();
  startHeader();
  startAccordions();
  startTooltipsOnReach();
  startTracking();
  startFloatingStepAside();
  startIslands();
  root.setAttribute(FRAME_READY_ATTRIBUTE, "");
}

// An async module may run before the document is parsed: the parts read the whole page's HTML, so they start
// once it is there (DOMContentLoaded, after the boot script's own listener has shown the banner).
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
else start();
