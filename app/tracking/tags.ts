/**
 * The Google tag and the Meta pixel, loaded only after consent (Consent Mode v2 "basic"): the boot
 * script has already set every Google signal to denied; a choice sends `consent update` and, with
 * advertising consent, loads gtag.js (Google Ads) and fbevents.js (Meta). Ids come from site settings;
 * a missing id loads nothing and says so once in the console. Withdrawing consent after a tag was
 * loaded revokes it, expires its first-party cookies and reloads the page so no tag code stays alive.
 * The frame script and a form's code (its conversions) each hold a copy of this module: the ids are read
 * from the page (`data-tracking` on <body>) and a tag counts as loaded when its script is in the page, so
 * both copies agree and no tag loads twice.
 */
import { type ConsentChoice, gtagConsentUpdate } from "~/consent/consent";

export interface TrackingIds {
  googleAdsId?: string | null;
  googleAdsLeadLabel?: string | null;
  googleAdsContactLabel?: string | null;
  metaPixelId?: string | null;
}

type Command = (...args: unknown[]) => void;
type Fbq = Command & { callMethod?: Command; queue: unknown[][]; push: Fbq; loaded: boolean; version: string };

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Command;
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

export const googleTagSrc = (id: string) => `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
export const META_PIXEL_SRC = "https://connect.facebook.net/en_US/fbevents.js";

/** First-party cookies the tags may set (see the cookie policy), expired on withdrawal. */
export const ADVERTISING_COOKIES = ["_gcl_au", "_gcl_aw", "_gcl_gb", "_gcl_dc", "_fbp", "_fbc"];

/** On <body>: the ids as JSON (app/root.tsx). */
export const TRACKING_ATTRIBUTE = "data-tracking";

let ids: TrackingIds | null = null;
const warned = new Set<string>();

function trimmed(value: string | null | undefined): string | undefined {
  return value?.trim() || undefined;
}

function warnOnce(message: string) {
  if (warned.has(message)) return;
  warned.add(message);
  console.warn(message);
}

/** Sets the ids from site settings (root); warns once about each missing one. */
export function configureTracking(next: TrackingIds | null | undefined) {
  ids = {
    googleAdsId: trimmed(next?.googleAdsId),
    googleAdsLeadLabel: trimmed(next?.googleAdsLeadLabel),
    googleAdsContactLabel: trimmed(next?.googleAdsContactLabel),
    metaPixelId: trimmed(next?.metaPixelId),
  };
  if (!ids.googleAdsId)
    warnOnce("[tracking] siteSettings.tracking.googleAdsId is empty: the Google tag will not load.");
  if (!ids.metaPixelId)
    warnOnce("[tracking] siteSettings.tracking.metaPixelId is empty: the Meta pixel will not load.");
}

/** The ids given to configureTracking, or else those of the page (`data-tracking`). */
export function trackingIds(): TrackingIds {
  if (!ids) configureTracking(pageTrackingIds());
  return ids ?? {};
}

/** The ids the page carries (`data-tracking` on <body>), null without them. */
export function pageTrackingIds(): TrackingIds | null {
  try {
    return JSON.parse(document.body?.getAttribute(TRACKING_ATTRIBUTE) ?? "null") as TrackingIds | null;
  } catch {
    return null;
  }
}

/** A tag is loaded when its script is in the page (whichever copy of this module put it there). */
const scriptIn = (prefix: string) => document.querySelector(`script[src^="${prefix}"]`) !== null;
const googleLoaded = () => scriptIn("https://www.googletagmanager.com/gtag/js");
const metaLoaded = () => scriptIn(META_PIXEL_SRC);

function gtag(...args: unknown[]) {
  window.dataLayer = window.dataLayer || [];
  // gtag.js reads Arguments objects from the data layer, exactly like Google's snippet pushes them.
  window.gtag ??= function () {
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer!.push(arguments);
  };
  window.gtag(...args);
}

function injectScript(src: string) {
  const script = document.createElement("script");
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
}

function loadGoogleTag(id: string) {
  if (googleLoaded()) return;
  gtag("js", new Date());
  gtag("config", id);
  injectScript(googleTagSrc(id));
}

/** Meta's own queueing stub: calls made before fbevents.js arrives are replayed by it. */
function installFbq(): Fbq {
  if (window.fbq) return window.fbq;
  const fbq = function (...args: unknown[]) {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue.push(args);
  } as Fbq;
  fbq.push = fbq;
  fbq.loaded = true;
  fbq.version = "2.0";
  fbq.queue = [];
  window.fbq = fbq;
  window._fbq ??= fbq;
  return fbq;
}

function loadMetaPixel(id: string) {
  if (metaLoaded()) return;
  const fbq = installFbq();
  fbq("init", id);
  fbq("track", "PageView");
  injectScript(META_PIXEL_SRC);
}

/** Every domain a cookie for this host may have been set on (host itself and its parents). */
export function cookieDomains(hostname: string): string[] {
  const labels = hostname.split(".");
  if (labels.length < 2 || /^[\d.]+$/.test(hostname)) return [hostname];
  return labels.slice(0, -1).map((_, index) => labels.slice(index).join("."));
}

function expireCookies(names: string[]) {
  for (const name of names) {
    document.cookie = `${name}=; Max-Age=0; Path=/`;
    for (const domain of cookieDomains(window.location.hostname)) {
      document.cookie = `${name}=; Max-Age=0; Path=/; Domain=${domain}`;
    }
  }
}

/** Loads the advertising tags when the choice allows and the ids exist (idempotent). */
export function loadAllowedTags(choice: ConsentChoice) {
  if (!choice.advertising) return;
  const { googleAdsId, metaPixelId } = trackingIds();
  if (googleAdsId) loadGoogleTag(googleAdsId);
  if (metaPixelId) loadMetaPixel(metaPixelId);
}

/**
 * Applies a choice: Google consent update and the tags it allows; when advertising is refused after a
 * tag was loaded, revocation + cookie clean-up + reload. Returns true when the page reloads.
 */
export function applyConsent(choice: ConsentChoice, previous: ConsentChoice | null): boolean {
  gtag("consent", "update", gtagConsentUpdate(choice));
  if (!choice.advertising) {
    if (window.fbq) window.fbq("consent", "revoke");
    if (previous?.advertising) expireCookies(ADVERTISING_COOKIES);
    if (googleLoaded() || metaLoaded()) {
      window.location.reload();
      return true;
    }
  }
  loadAllowedTags(choice);
  return false;
}
