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
 * The text is constant, so the Content-Security-Policy can allow it by hash (see `CONSENT_BOOT_SCRIPT`).
 */
import { CONSENT_COOKIE, CONSENT_VALUE_PATTERN, GTAG_CONSENT_DEFAULT } from "./consent";

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
  "}",
  "if(d.readyState==='loading')d.addEventListener('DOMContentLoaded',o);else o();",
  "})();",
].join("");
