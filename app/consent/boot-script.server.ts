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
 * - copies the visit's origin into every empty hidden `origen` field at the same moment, so a form sent
 *   before the page's own script runs still carries the campaign of the visit's first page: from the tab's
 *   name (app/tracking/origin-window-name.ts: no consent needed, nothing stored on the device), else, with
 *   analytics consent, from the `origen_visita` cookie (app/tracking/origin-cookie.ts). The server parses
 *   the field as it parses any post. The page markup stays the same for all.
 * - answers the banner's 'Aceptar' and 'Rechazar' while the frame script (app/components/frame/) has not
 *   taken over yet (a module, it runs once the document is parsed; on a slow phone the first tap can come
 *   before): the choice is stored in `cookie_consent` exactly as the frame script stores it, the banner closes, the visit's origin is kept in
 *   `origen_visita` with analytics consent (removed without it) and the Consent Mode update is queued in
 *   `dataLayer` for the tags the frame script loads later. No reload, and a link tapped right after cannot cancel
 *   it (the cookie is written at once). Once the frame script runs its own handler prevents the post first
 *   and this one steps aside. 'Configurar' (and any choice without JavaScript) still posts to /api/consent.
 * The text is constant, so the Content-Security-Policy can allow it by hash (see `CONSENT_BOOT_SCRIPT`).
 * Server only: the browser runs it from the page, so its text never goes into the app's bundle
 * (app/entry.server.tsx hands it to <ConsentBootScript/>).
 */
import { ORIGIN_FIELD, ORIGIN_PARAMS } from "~/tracking/attribution";
import { ORIGIN_COOKIE } from "~/tracking/origin-cookie";
import { WINDOW_NAME_MAX_LENGTH, WINDOW_NAME_PREFIX } from "~/tracking/origin-window-name";

import { BANNER_OPEN_CLASS, COOKIE_BANNER_ID } from "./banner";
import {
  ACCEPT_ALL,
  CONSENT_COOKIE,
  CONSENT_VALUE_PATTERN,
  CONSENT_VERSION,
  type ConsentChoice,
  consentCookie,
  GTAG_CONSENT_DEFAULT,
  gtagConsentUpdate,
  REJECT_ALL,
} from "./consent";

/** What each first-layer button stores and queues, as the app's own code writes it (`Secure` added on https). */
function answer(choice: ConsentChoice) {
  return {
    cookie: consentCookie(choice, { secure: false }),
    update: gtagConsentUpdate(choice),
    analytics: choice.analytics,
  };
}
const ANSWERS = { accept: answer(ACCEPT_ALL), reject: answer(REJECT_ALL) };

export const CONSENT_BOOT_SCRIPT = [
  "(function(){",
  "var w=window;",
  "w.dataLayer=w.dataLayer||[];",
  "w.gtag=w.gtag||function(){w.dataLayer.push(arguments)};",
  `w.gtag('consent','default',${JSON.stringify(GTAG_CONSENT_DEFAULT)});`,
  "var d=document;",
  // `document.cookie` is read once: each read is a round trip to the browser process.
  "function o(){",
  "var k=d.cookie;",
  `if(!/(?:^|;\\s*)${CONSENT_COOKIE}=${CONSENT_VALUE_PATTERN}(?:;|$)/.test(k))`,
  `d.documentElement.classList.add('${BANNER_OPEN_CLASS}');`,
  `var v,n=w.name,m=/(?:^|;\\s*)${ORIGIN_COOKIE}=([^;]+)/.exec(k);`,
  `if(n&&n.indexOf('${WINDOW_NAME_PREFIX}')===0&&n.length<=${WINDOW_NAME_MAX_LENGTH})v=n.slice(${WINDOW_NAME_PREFIX.length});`,
  `else if(!m||!/(?:^|;\\s*)${CONSENT_COOKIE}=${CONSENT_VERSION}\\.a1\\./.test(k))return;`,
  "else try{v=decodeURIComponent(m[1]);}catch(e){return;}",
  `var f=d.querySelectorAll('input[name="${ORIGIN_FIELD}"]');`,
  "for(var i=0;i<f.length;i++)if(!f[i].value)f[i].value=v;",
  "}",
  "if(d.readyState==='loading')d.addEventListener('DOMContentLoaded',o);else o();",
  // The banner's choice before the frame script runs (bubble phase on window: the frame script's handler on
  // the document has already prevented the post by then).
  `var A=${JSON.stringify(ANSWERS)};`,
  "function t(s){return s.trim().slice(0,500);}",
  "w.addEventListener('submit',function(e){",
  "var a=e.submitter&&A[e.submitter.value],b=e.target;",
  `if(e.defaultPrevented||!a||!b||!b.closest||!b.closest('#${COOKIE_BANNER_ID}'))return;`,
  "e.preventDefault();",
  "var l=w.location,s=l.protocol==='https:'?'; Secure':'';",
  "d.cookie=a.cookie+s;",
  // The visit's origin as originOfPage (app/tracking/attribution.ts) builds it, kept only with analytics consent.
  "if(a.analytics){",
  "var u=new URL(l.href),g={},r;",
  `${JSON.stringify(ORIGIN_PARAMS)}.forEach(function(n){var x=t(u.searchParams.get(n)||'');if(x)g[n]=x;});`,
  "g.paginaEntrada=(u.pathname+u.search).slice(0,500);",
  "try{r=new URL(d.referrer);}catch(x){}",
  "if(r&&/^https?:$/.test(r.protocol)&&r.origin!==u.origin&&t(r.origin+r.pathname))g.urlReferencia=t(r.origin+r.pathname);",
  "var c=encodeURIComponent(JSON.stringify(g));",
  `if(c.length<=3000)d.cookie='${ORIGIN_COOKIE}='+c+'; Path=/; SameSite=Lax'+s;`,
  `}else if(d.cookie.indexOf('${ORIGIN_COOKIE}=')>=0)d.cookie='${ORIGIN_COOKIE}=; Path=/; SameSite=Lax; Max-Age=0'+s;`,
  "w.gtag('consent','update',a.update);",
  `d.documentElement.classList.remove('${BANNER_OPEN_CLASS}');`,
  "o();",
  // Focus leaves the closed banner for the page's main content, as the frame script does.
  "var n=d.getElementById('contenido');",
  "if(n){if(!n.hasAttribute('tabindex'))n.setAttribute('tabindex','-1');n.focus({preventScroll:true});}",
  "});",
  "})();",
].join("");
