/**
 * The frame script: the behaviour of what every page's frame holds, in plain DOM, no framework
 * (docs/decisions/0023-a-frame-without-a-framework.md). Built on its own by scripts/build-frame.mjs into
 * public/build/frame-<hash>.js, which every page loads as a module (app/root.tsx), hydrated or not, so each
 * behaviour has one implementation: the header (header.ts), the FAQ accordions (accordion.ts), the info
 * tooltips (app/components/ui/tooltips.ts, a chunk of its own fetched only by a page that has info buttons:
 * /sectores' directory), the cookie banner (consent.ts) and the tags after consent with
 * the visit's origin (tracking.ts), and the floating WhatsApp button stepping aside from controls (floating-button.ts).
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
import { startTracking } from "./tracking";

function start() {
  const root = document.documentElement;
  if (root.hasAttribute(FRAME_READY_ATTRIBUTE)) return;
  startConsent();
  startHeader();
  startAccordions();
  if (document.querySelector(`button[${TOOLTIP_ATTRIBUTE}]`))
    void import("~/components/ui/tooltips").then((tooltips) => tooltips.startTooltips());
  startTracking();
  startFloatingStepAside();
  root.setAttribute(FRAME_READY_ATTRIBUTE, "");
}

// An async module may run before the document is parsed: the parts read the whole page's HTML, so they start
// once it is there (DOMContentLoaded, after the boot script's own listener has shown the banner).
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
else start();
