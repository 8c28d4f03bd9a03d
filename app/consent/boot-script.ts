/**
 * The one inline script of the consent layer, placed first in <head> so it runs before anything else
 * and before first paint. It never loads anything:
 * - defines `dataLayer`/`gtag` and sets the Consent Mode v2 default (every signal denied);
 * - when no valid `cookie_consent` exists, marks <html> with `cc-open`, which CSS uses to show the
 *   banner (rendered hidden in the same markup for every visitor, so cached pages never differ).
 *   The class is added once the document is parsed (DOMContentLoaded, which the async module scripts
 *   do not delay), not at once: a slow page can paint before the banner's markup has fully arrived, and
 *   a fixed-bottom banner shown half-parsed would grow upwards as the rest streams in (a layout shift).
 *   The cookie is read again then, so a choice made in the meantime keeps it closed.
 * - with analytics consent, copies the visit's origin from the `origen_visita` cookie into every empty
 *   hidden `origen` field at the same moment, so a form sent before the app script has hydrated still
 *   carries the campaign (see app/tracking/origin-cookie.ts). The page markup stays the same for all.
 * The text is constant, so the Content-Security-Policy can allow it by hash (see `CONSENT_BOOT_SCRIPT`).
 */
import { ORIGIN_FIELD } from "~/tracking/attribution";
import { ORIGIN_COOKIE } from "~/tracking/origin-cookie";

import { CONSENT_COOKIE, CONSENT_VALUE_PATTERN, CONSENT_VERSION, GTAG_CONSENT_DEFAULT } from "./consent";

/** Class on <html> while the banner (first layer or settings) is shown. */
export const BANNER_OPEN_CLASS = "cc-open";

export const CONSENT_BOOT_SCRIPT = [
  "(function(){",
  "var w=window;",
  "w.dataLayer=w.dataLayer||[];",
  "w.gtag=w.gtag||function(){w.dataLayer.push(arguments)};",
  `w.gtag('consent','default',${JSON.stringify(GTAG_CONSENT_DEFAULT)});`,
  "var d=document;",
  "function o(){",
  `if(!/(?:^|;\\s*)${CONSENT_COOKIE}=${CONSENT_VALUE_PATTERN}(?:;|$)/.test(d.cookie))`,
  `d.documentElement.classList.add('${BANNER_OPEN_CLASS}');`,
  `var m=/(?:^|;\\s*)${ORIGIN_COOKIE}=([^;]+)/.exec(d.cookie);`,
  `if(!m||!/(?:^|;\\s*)${CONSENT_COOKIE}=${CONSENT_VERSION}\\.a1\\./.test(d.cookie))return;`,
  "var v;try{v=decodeURIComponent(m[1]);}catch(e){return;}",
  `var f=d.querySelectorAll('input[name="${ORIGIN_FIELD}"]');`,
  "for(var i=0;i<f.length;i++)if(!f[i].value)f[i].value=v;",
  "}",
  "if(d.readyState==='loading')d.addEventListener('DOMContentLoaded',o);else o();",
  "})();",
].join("");
